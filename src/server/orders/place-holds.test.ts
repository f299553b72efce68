// @engine: row locks on batch places
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { guestBilling } from '../../../tests/support/factories';
import { useTestApp } from '../../../tests/support/test-app';
import type { Product } from '../../shared/catalogue';
import type { OrderResource } from '../../shared/order-flow';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import { mailOutbox, orders, orderStatusHistory, productBatches } from '../db/schema';
import { PLACE_HOLDS_JOB } from './place-holds';

const placedAt = new Date('2026-11-26T09:00:00.000Z');

describe('an order holds its batch places from the moment it is placed (issue 38)', () => {
  const t = useTestApp({ now: placedAt });

  const batch2 = async () =>
    ((await t.get('/api/products/dropwise')).json() as { product: Product }).product.batches.find(
      (batch) => batch.id === 'batch-2',
    );
  const taken = async () =>
    (await t.db.select().from(productBatches).where(eq(productBatches.batchId, 'batch-2')))[0]?.taken;
  const place = (email: string, quantity: number) =>
    t.post('/api/orders', {
      configuration: { ...defaultSelection, batch: 'batch-2', quantity },
      billing: guestBilling(email),
      acceptTerms: true,
      idempotencyKey: randomUUID(),
    });
  const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];

  it('a placed order holds places ("N places left" counts it, a fourth instrument is refused); confirming keeps them; a lapsed hold frees them and tells staff', async () => {
    await t.db.update(productBatches).set({ capacity: 4, taken: 0 }).where(eq(productBatches.batchId, 'batch-2'));

    const first = await place('hold-first@example.com', 3);
    expect(first.statusCode, first.body).toBe(201);
    const firstOrder = (first.json() as { order: OrderResource }).order;
    expect(await taken()).toBe(3);
    expect(await batch2()).toMatchObject({ soldOut: false, placesLeft: 1 });
    expect((await orderRow(firstOrder.id))?.placesHeldUntil?.toISOString()).toBe('2026-12-10T09:00:00.000Z');

    // "1 place left" is true: an order for two is refused before it is placed, naming the next open batch.
    const refused = await place('hold-refused@example.com', 2);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('Batch 2 has only 1 places left, not 2: choose Batch 3, which has room');
    expect(await taken()).toBe(3);

    // Staff confirm the first: its places are its own for good, no hold to lapse.
    const admin = await createAdminSession(t);
    const confirmed = await t.patch(
      `/api/admin/orders/${firstOrder.id}`,
      { status: 'confirmed' },
      { cookie: admin.cookie },
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await taken()).toBe(3);
    expect(await orderRow(firstOrder.id)).toMatchObject({ placesTaken: 3, placesHeldUntil: null });

    // The last place, held by an order staff never confirm.
    const last = await place('hold-last@example.com', 1);
    expect(last.statusCode, last.body).toBe(201);
    const lastOrder = (last.json() as { order: OrderResource }).order;
    expect(await taken()).toBe(4);
    expect(await batch2()).toMatchObject({ soldOut: true });

    // 13 days on the hold still stands; 15 days on it has lapsed.
    t.clock.now = new Date('2026-12-09T09:00:00.000Z');
    expect(await t.app.scheduler.runJob(PLACE_HOLDS_JOB)).toEqual({ ran: true, result: { lapsed: 0 } });
    t.clock.now = new Date('2026-12-11T09:00:00.000Z');
    try {
      expect(await t.app.scheduler.runJob(PLACE_HOLDS_JOB)).toEqual({ ran: true, result: { lapsed: 1 } });
      expect(await taken()).toBe(3);
      expect(await orderRow(lastOrder.id)).toMatchObject({
        status: 'pending',
        placesBatchId: null,
        placesTaken: 0,
        placesHeldUntil: null,
      });
      expect(await orderRow(firstOrder.id)).toMatchObject({ placesTaken: 3 });
      const history = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, lastOrder.id));
      expect(history.find((row) => row.notes?.startsWith('Place hold lapsed'))).toMatchObject({
        staffOnly: true,
        notes: 'Place hold lapsed: 1 place in Batch 2 given back',
      });
      const [alert] = await t.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, 'place_hold_lapsed')));
      expect(alert?.subject).toBe('1 unconfirmed order has given back batch places');
      expect(alert?.textBody).toContain(
        `${lastOrder.orderNumber}: 1 place in Batch 2, held until 10 December 2026 at 09:00 GMT`,
      );
    } finally {
      t.clock.now = placedAt;
    }
  });

  it('a cancelled order gives its held places back at once', async () => {
    await t.db.update(productBatches).set({ capacity: 10, taken: 0 }).where(eq(productBatches.batchId, 'batch-2'));
    const placed = await place('hold-cancel@example.com', 2);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = (placed.json() as { order: OrderResource }).order;
    expect(await taken()).toBe(2);
    const admin = await createAdminSession(t);
    const cancelled = await t.patch(`/api/admin/orders/${order.id}`, { status: 'cancelled' }, { cookie: admin.cookie });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await taken()).toBe(0);
    expect(await orderRow(order.id)).toMatchObject({ placesBatchId: null, placesHeldUntil: null });
  });
});
