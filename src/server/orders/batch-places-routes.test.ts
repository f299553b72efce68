import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createOrder, createUser } from '../../../tests/support/factories';
import { signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import type { Dashboard } from '../../shared/reporting/dashboard-contracts';
import type { AdminBatch } from '../../shared/catalogue/catalogue-schemas';
import type { Product } from '../../shared/catalogue';
import type { AdminOrder, Order } from '../../shared/orders/order-schema';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import { defaultBatch } from '../../shared/batches/default-batch';
import { auditLog, mailOutbox, orderBatchChanges, productBatches } from '../db/schema';

describe('batches that fill up (issue 26)', () => {
  const t = useTestApp({ now: new Date('2026-11-26T09:00:00.000Z') });

  const product = async () => ((await t.get('/api/products/dropwise')).json() as { product: Product }).product;
  const batchRow = async (batchId: string) =>
    (await t.db.select().from(productBatches).where(eq(productBatches.batchId, batchId)))[0];
  const setPlaces = (batchId: string, capacity: number | null, taken: number) =>
    t.db.update(productBatches).set({ capacity, taken }).where(eq(productBatches.batchId, batchId));
  const adminBatches = async (cookie: string) =>
    ((await t.get('/api/admin/batches', { cookie })).json() as { items: AdminBatch[] }).items;

  it('shows a full batch as sold out, moves the default batch on, gives "places left" only when few remain, and refuses a full batch for a quote', async () => {
    const admin = await createAdminSession(t);
    await setPlaces('batch-2', 20, 10);
    await setPlaces('batch-3', 20, 0);
    expect(defaultBatch(await product())).toBe('batch-2');
    // 10 free is above the threshold (5): no figure is given.
    expect((await product()).batches.find((batch) => batch.id === 'batch-2')?.placesLeft).toBeNull();

    // Capacity through the admin: 13 leaves 3 places, under the threshold.
    const edited = await t.put('/api/admin/batches/batch-2', { capacity: 13 }, { cookie: admin.cookie });
    expect(edited.statusCode).toBe(200);
    expect((edited.json() as { items: AdminBatch[] }).items.find((batch) => batch.batchId === 'batch-2')).toMatchObject(
      {
        capacity: 13,
        taken: 10,
        free: 3,
      },
    );
    expect((await product()).batches.find((batch) => batch.id === 'batch-2')).toMatchObject({
      soldOut: false,
      placesLeft: 3,
    });
    const dashboard = (await t.get('/api/admin/dashboard', { cookie: admin.cookie })).json() as Dashboard;
    expect(dashboard.batchPlaces?.find((batch) => batch.id === 'batch-2')).toMatchObject({
      capacity: 13,
      taken: 10,
      free: 3,
    });
    const below = await t.put('/api/admin/batches/batch-2', { capacity: 9 }, { cookie: admin.cookie });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({ error: { fields: { capacity: expect.stringContaining('cannot be less') } } });

    // Full: sold out in the API, the configurator's default moves to Batch 3, and a quote for it is refused.
    await t.put('/api/admin/batches/batch-2', { capacity: 10 }, { cookie: admin.cookie });
    const full = await product();
    expect(full.batches.find((batch) => batch.id === 'batch-2')).toMatchObject({ soldOut: true });
    expect(defaultBatch(full)).toBe('batch-3');
    const refused = await t.post('/api/pricing', { configuration: { ...defaultSelection, batch: 'batch-2' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: { message: 'Batch 2 is sold out: choose Batch 3, which has room' },
    });
    expect(
      (await t.post('/api/pricing', { configuration: { ...defaultSelection, batch: 'batch-3' } })).statusCode,
    ).toBe(200);

    // Not limited again: Batch 2 is offered first once more.
    await t.put('/api/admin/batches/batch-2', { capacity: null }, { cookie: admin.cookie });
    expect(defaultBatch(await product())).toBe('batch-2');
  });

  it('refuses a confirmation that does not fit, offers the next batch; moving the order takes its places there, with a history row and an audit entry; cancelling frees them', async () => {
    const admin = await createAdminSession(t);
    await setPlaces('batch-2', 4, 2);
    await setPlaces('batch-3', 20, 0);
    const customer = await createUser(t.db);
    const order = await createOrder(t.db, {
      userId: customer.user.id,
      configuration: { batch: 'batch-2', batchName: 'Batch 2', quantity: 3 },
    });

    const refused = await t.patch(`/api/admin/orders/${order.id}`, { status: 'confirmed' }, { cookie: admin.cookie });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: {
        code: 'batch_full',
        message: 'Batch 2 is full: 2 places left, this order needs 3. Move it to Batch 3 (20 places free) to confirm.',
      },
    });
    const page = (await t.get(`/api/admin/orders/${order.id}`, { cookie: admin.cookie })).json() as {
      order: AdminOrder;
    };
    expect(page.order.status).toBe('pending');
    expect(page.order.batchPanel?.holds).toBeNull();
    expect(page.order.batchPanel?.batches.find((batch) => batch.id === 'batch-3')).toMatchObject({ free: 20 });

    // A pending order moves without places; confirmed, it holds 3 in Batch 3.
    const moved = await t.post(
      `/api/admin/orders/${order.id}/batch`,
      { batch: 'batch-3', reason: 'Batch 2 is full' },
      { cookie: admin.cookie },
    );
    expect(moved.statusCode).toBe(200);
    const confirmed = await t.patch(`/api/admin/orders/${order.id}`, { status: 'confirmed' }, { cookie: admin.cookie });
    expect(confirmed.statusCode).toBe(200);
    expect((await batchRow('batch-3'))?.taken).toBe(3);
    expect((await batchRow('batch-2'))?.taken).toBe(2);

    // A confirmed order moving back to a full batch is refused and keeps its places.
    const back = await t.post(`/api/admin/orders/${order.id}/batch`, { batch: 'batch-2' }, { cookie: admin.cookie });
    expect(back.statusCode).toBe(409);
    expect((await batchRow('batch-3'))?.taken).toBe(3);
    // With room, it gives back Batch 3's places and takes Batch 2's in one go.
    await setPlaces('batch-2', 10, 2);
    const again = await t.post(`/api/admin/orders/${order.id}/batch`, { batch: 'batch-2' }, { cookie: admin.cookie });
    expect(again.statusCode).toBe(200);
    expect((await batchRow('batch-2'))?.taken).toBe(5);
    expect((await batchRow('batch-3'))?.taken).toBe(0);

    const history = await t.db.select().from(orderBatchChanges).where(eq(orderBatchChanges.orderId, order.id));
    expect(history.map((row) => [row.fromName, row.toName, row.reason])).toEqual([
      ['Batch 2', 'Batch 3', 'Batch 2 is full'],
      ['Batch 3', 'Batch 2', null],
    ]);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'order.batch_move')));
    expect(audits).toHaveLength(2);
    expect(audits[0]?.after).toMatchObject({ batch: 'batch-3', batchName: 'Batch 3', reason: 'Batch 2 is full' });

    // The customer sees the moves (not staff's reason); the admin sees the reason and who.
    const cookie = await signIn(t, customer.user.email);
    const own = (await t.get(`/api/orders/${order.id}`, { cookie })).json() as { order: Order };
    expect(own.order.batchHistory?.moves.map((move) => [move.fromName, move.toName, move.reason])).toEqual([
      ['Batch 2', 'Batch 3', null],
      ['Batch 3', 'Batch 2', null],
    ]);
    const staff = (await t.get(`/api/admin/orders/${order.id}`, { cookie: admin.cookie })).json() as {
      order: AdminOrder;
    };
    expect(staff.order.batchHistory?.moves[0]).toMatchObject({ reason: 'Batch 2 is full' });
    expect(staff.order.batchPanel?.holds).toEqual({ name: 'Batch 2', places: 3 });
    expect(staff.order.configuration).toMatchObject({ batch: 'batch-2', batchName: 'Batch 2' });

    // Cancelling gives the places back.
    const cancelled = await t.patch(`/api/admin/orders/${order.id}`, { status: 'cancelled' }, { cookie: admin.cookie });
    expect(cancelled.statusCode).toBe(200);
    expect((await batchRow('batch-2'))?.taken).toBe(2);
  });

  it('e-mails each holder of a re-dated batch once, with the old and new dates; a second notify sends nothing', async () => {
    const admin = await createAdminSession(t);
    await setPlaces('batch-3', null, 0);
    await t.db.update(productBatches).set({ date: '2027-03-31' }).where(eq(productBatches.batchId, 'batch-3'));
    const holders = [];
    for (const email of ['holder-a@example.com', 'holder-b@example.com']) {
      const user = await createUser(t.db, { email });
      const order = await createOrder(t.db, { userId: user.user.id, configuration: { batch: 'batch-3', quantity: 1 } });
      const confirmed = await t.patch(
        `/api/admin/orders/${order.id}`,
        { status: 'confirmed' },
        { cookie: admin.cookie },
      );
      expect(confirmed.statusCode).toBe(200);
      holders.push(order);
    }
    // A pending order holds no place and is not told.
    const pendingUser = await createUser(t.db, { email: 'pending-holder@example.com' });
    await createOrder(t.db, { userId: pendingUser.user.id, configuration: { batch: 'batch-3', quantity: 1 } });

    await t.put('/api/admin/batches/batch-3', { date: '2027-04-30' }, { cookie: admin.cookie });
    await t.put('/api/admin/batches/batch-3', { date: '2027-05-31' }, { cookie: admin.cookie });
    const batch = (await adminBatches(admin.cookie)).find((item) => item.batchId === 'batch-3');
    // Two changes before anyone was told are one: from the date the customers know.
    expect(batch?.pendingDateChange).toMatchObject({ oldDate: '2027-03-31', newDate: '2027-05-31', holders: 2 });

    const url = `/api/admin/batches/batch-3/date-changes/${batch?.pendingDateChange?.id ?? ''}/notify`;
    const sent = await t.post(url, {}, { cookie: admin.cookie });
    expect(sent.json()).toEqual({ notified: 2, alreadySent: false });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'batch_date_changed'));
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual(['holder-a@example.com', 'holder-b@example.com']);
    for (const mail of mails) {
      expect(mail.textBody).toContain('Before: 31 March 2027');
      expect(mail.textBody).toContain('Now: 31 May 2027');
      expect(mail.textBody).toContain('You keep your place');
      expect(mail.textBody).toContain('before manufacture starts, the deposit is refunded less an administration fee');
    }
    expect((await t.post(url, {}, { cookie: admin.cookie })).json()).toEqual({ notified: 0, alreadySent: true });
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'batch_date_changed'))).toHaveLength(2);
    expect((await adminBatches(admin.cookie)).find((item) => item.batchId === 'batch-3')?.pendingDateChange).toBeNull();

    // The order pages show the batch's date history.
    const page = (await t.get(`/api/admin/orders/${holders[0]?.id ?? ''}`, { cookie: admin.cookie })).json() as {
      order: AdminOrder;
    };
    expect(page.order.batchHistory?.dateChanges).toMatchObject([
      { batchName: 'Batch 3', oldDate: '2027-03-31', newDate: '2027-05-31' },
    ]);
  });
});
