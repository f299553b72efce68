import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createOrder } from '../../../tests/support/factories';
import { useTestApp } from '../../../tests/support/test-app';
import { estimatedDeliveryRefusal, ukDayOf } from '../../shared/orders/estimated-delivery';
import { mailOutbox, orders } from '../db/schema';

describe('an estimated delivery before today is refused (issue 38)', () => {
  // 28 November 2026, mid-morning in the UK.
  const t = useTestApp({ now: new Date('2026-11-28T10:00:00.000Z') });

  const estimateOf = async (id: string) =>
    (await t.db.select().from(orders).where(eq(orders.id, id)))[0]?.estimatedDeliveryDate;

  it('refuses 20 November entered on 28 November with a clear message beside the field, and e-mails nothing', async () => {
    const admin = await createAdminSession(t);
    const order = await createOrder(t.db, {
      estimatedDeliveryDate: null,
      configuration: { customerInfo: { email: 'past-estimate@example.com' } },
    });
    const response = await t.patch(
      `/api/admin/orders/${order.id}`,
      { status: 'confirmed', estimatedDeliveryDate: '2026-11-20' },
      { cookie: admin.cookie },
    );
    expect(response.statusCode).toBe(400);
    const message =
      'The estimated delivery date cannot be before today (28 November 2026). Choose today or a later date.';
    expect(response.json().error).toMatchObject({
      code: 'estimated_delivery_past',
      message,
      fields: { estimatedDeliveryDate: message },
    });
    expect(await estimateOf(order.id)).toBeNull();
    // Nothing moved, so nothing was e-mailed.
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe('pending');
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'past-estimate@example.com'))).toEqual(
      [],
    );

    // Today and later are fine.
    for (const day of ['2026-11-28', '2026-12-14']) {
      const saved = await t.patch(
        `/api/admin/orders/${order.id}`,
        { estimatedDeliveryDate: day },
        { cookie: admin.cookie },
      );
      expect(saved.statusCode, saved.body).toBe(200);
      expect(await estimateOf(order.id)).toBe(day);
    }
  });

  it('keeps an estimate that has since passed when the form re-sends it unchanged, and refuses it once the clock moves past for a new one', async () => {
    const admin = await createAdminSession(t);
    const order = await createOrder(t.db);
    expect(
      (
        await t.patch(
          `/api/admin/orders/${order.id}`,
          { estimatedDeliveryDate: '2026-12-01' },
          { cookie: admin.cookie },
        )
      ).statusCode,
    ).toBe(200);
    const saved = t.clock.now;
    try {
      // The clock moves to 10 December: the estimate of 1 December has passed.
      t.clock.now = new Date('2026-12-10T09:00:00.000Z');
      const fresh = await createAdminSession(t);
      const resent = await t.patch(
        `/api/admin/orders/${order.id}`,
        { estimatedDeliveryDate: '2026-12-01', trackingNumber: 'JD0123' },
        { cookie: fresh.cookie },
      );
      expect(resent.statusCode, resent.body).toBe(200);
      const moved = await t.patch(
        `/api/admin/orders/${order.id}`,
        { estimatedDeliveryDate: '2026-12-09' },
        { cookie: fresh.cookie },
      );
      expect(moved.statusCode).toBe(400);
      expect(moved.json().error.message).toBe(
        'The estimated delivery date cannot be before today (10 December 2026). Choose today or a later date.',
      );
      expect(await estimateOf(order.id)).toBe('2026-12-01');
    } finally {
      t.clock.now = saved;
    }
  });

  it('counts today by the UK calendar: just after midnight in summer time it is already the next day', () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST).
    const now = new Date('2026-06-30T23:30:00.000Z');
    expect(ukDayOf(now)).toBe('2026-07-01');
    expect(estimatedDeliveryRefusal('2026-06-30', now)).toContain('(1 July 2026)');
    expect(estimatedDeliveryRefusal('2026-07-01', now)).toBeNull();
    // In winter the UK day is the UTC day.
    expect(ukDayOf(new Date('2026-12-31T23:30:00.000Z'))).toBe('2026-12-31');
  });
});
