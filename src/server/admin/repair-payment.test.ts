// @engine: row lock on the service request
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createOrder, createQuote } from '../../../tests/support/factories';
import { createInstrument, createServiceRequestRow } from '../../../tests/support/service-fixtures';
import { useTestApp } from '../../../tests/support/test-app';
import type { AdminServiceRequest } from '../../shared/service-requests/service-contracts';
import { auditLog, orders, serviceRequests } from '../db/schema';

describe('a repair moves to repaired only once its quote is accepted and paid (issue 54)', () => {
  const t = useTestApp({ now: new Date('2026-12-01T09:00:00.000Z') });

  /** A received request out of warranty with its repair quote; `ordered` places the order from it. */
  const receivedRepair = async (ordered: 'no' | 'pending' | 'deposit_part_paid' | 'fully_paid') => {
    const instrument = await createInstrument(t.db);
    const quote = await createQuote(t.db, { kind: 'repair' });
    const { request } = await createServiceRequestRow(t.db, instrument.id, {
      status: 'received',
      underWarranty: false,
      repairQuoteId: quote.id,
    });
    const order =
      ordered === 'no' ? null : await createOrder(t.db, { quoteId: quote.id, kind: 'repair', paymentStatus: ordered });
    return { id: request.id, order };
  };
  const view = async (id: string, cookie: string) =>
    ((await t.get(`/api/admin/service/${id}`, { cookie })).json() as { request: AdminServiceRequest }).request;

  it('a repair whose quote is accepted but unpaid cannot be marked repaired, and is not offered the move', async () => {
    const support = await createAdminSession(t, t.db, ['support']);
    const { id, order } = await receivedRepair('pending');
    const before = await view(id, support.cookie);
    expect(before.repairPayment).toMatchObject({
      state: 'accepted_unpaid',
      label: 'Repair quote accepted, payment awaiting',
      order: { orderNumber: order?.orderNumber },
    });
    expect(before.allowedMoves).toEqual(['replaced', 'declined']);
    const refused = await t.post(`/api/admin/service/${id}/moves`, { to: 'repaired' }, { cookie: support.cookie });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'repair_not_paid' });
    expect(refused.json().error.message).toContain('repair quote accepted, payment awaiting');
    const [row] = await t.db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
    expect(row?.status).toBe('received');
  });

  it('a repair whose quote is not yet accepted, or accepted and part-paid, cannot be marked repaired', async () => {
    const support = await createAdminSession(t, t.db, ['support']);
    for (const [ordered, state] of [
      ['no', 'quote_open'],
      ['deposit_part_paid', 'part_paid'],
    ] as const) {
      const { id } = await receivedRepair(ordered);
      expect((await view(id, support.cookie)).repairPayment.state).toBe(state);
      const refused = await t.post(`/api/admin/service/${id}/moves`, { to: 'repaired' }, { cookie: support.cookie });
      expect(refused.statusCode).toBe(409);
    }
  });

  it('a repair paid in full is offered "Repaired" and moves there', async () => {
    const support = await createAdminSession(t, t.db, ['support']);
    const { id, order } = await receivedRepair('pending');
    await t.db
      .update(orders)
      .set({ paymentStatus: 'fully_paid' })
      .where(eq(orders.id, order?.id ?? ''));
    const paid = await view(id, support.cookie);
    expect(paid.repairPayment.state).toBe('paid');
    expect(paid.allowedMoves).toContain('repaired');
    const moved = await t.post(`/api/admin/service/${id}/moves`, { to: 'repaired' }, { cookie: support.cookie });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as { request: AdminServiceRequest }).request.status).toBe('repaired');
  });

  it('a repair under warranty is not charged and is marked repaired with no payment', async () => {
    const support = await createAdminSession(t, t.db, ['support']);
    const { request } = await createServiceRequestRow(t.db, (await createInstrument(t.db)).id, { status: 'received' });
    expect((await view(request.id, support.cookie)).repairPayment.state).toBe('not_charged');
    const moved = await t.post(
      `/api/admin/service/${request.id}/moves`,
      { to: 'repaired' },
      { cookie: support.cookie },
    );
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it("an Owner's override with a reason marks an unpaid repair repaired, recorded on the request and audited; Support cannot override", async () => {
    const support = await createAdminSession(t, t.db, ['support']);
    const owner = await createAdminSession(t);
    const { id } = await receivedRepair('pending');
    const url = `/api/admin/service/${id}/repair-override`;
    const reason = 'University hospital; purchase order confirmed by phone';
    await support.stepUp();
    expect((await t.post(url, { reason }, { cookie: support.cookie })).json().error.code).toBe('no_access');
    // A fresh code, as for shipping before payment.
    expect((await t.post(url, { reason }, { cookie: owner.cookie })).json().error.code).toBe('step_up_required');
    await owner.stepUp();
    const noReason = await t.post(url, { reason: '' }, { cookie: owner.cookie });
    expect(noReason.statusCode).toBe(400);
    const done = await t.post(url, { reason }, { cookie: owner.cookie });
    expect(done.statusCode, done.body).toBe(200);
    const after = (done.json() as { request: AdminServiceRequest }).request;
    expect(after.status).toBe('repaired');
    expect(after.repairPayment).toMatchObject({ state: 'overridden', override: { reason, by: owner.user.email } });
    expect(after.history.some((entry) => entry.staffOnly && entry.note?.includes(reason))).toBe(true);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'service.repair_override'));
    expect(entry).toMatchObject({ entityId: id, adminEmail: owner.user.email });
    expect(entry?.after).toMatchObject({ status: 'repaired', repairOverrideReason: reason });
    // Once repaired there is nothing left to override.
    expect((await t.post(url, { reason }, { cookie: owner.cookie })).statusCode).toBe(409);
  });
});
