// Seeds an incomplete order whose last activity was two hours ago, in the shop's database before it
// starts (the shop's clock is real, so a journey cannot wait an hour). The admin journeys' shop seed
// (admin-shop-seed.ts) calls it, for abandoned.spec.ts.
import type { Db } from '../../src/server/db/client';
import { incompleteOrders } from '../../src/server/db/schema';

export async function seedAbandonedCheckout(db: Db): Promise<void> {
  await db.insert(incompleteOrders).values({
    email: 'left.cart@example.com',
    firstName: 'Grace',
    lastName: 'Hopper',
    company: 'Harvard Computation Lab',
    phone: '+44 20 7946 0001',
    country: 'GB',
    stepReached: 'review',
    configuration: { model: 'dropwise-standard', configuration: 'dropwise-standard' },
    currency: 'GBP',
    totalAmount: 488250,
    sessionId: 'tab-left',
    lastActivityAt: new Date(Date.now() - 2 * 3_600_000),
  });
}
