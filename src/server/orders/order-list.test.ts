import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createOrder } from '../../../tests/support/factories';
import { useTestApp } from '../../../tests/support/test-app';
import { queryRows } from '../db/client';
import { adminOrderListQuerySchema } from '../../shared/orders/order-admin-contracts';
import { listOrders, orderBatches, orderFilters } from './order-list';

describe('the admin lists’ search', () => {
  const t = useTestApp();

  it('can answer an e-mail search from the indexes, without reading every order (the list and its count)', async () => {
    const where = sql.join(orderFilters(adminOrderListQuerySchema.parse({ search: 'customer4242@lab' })), sql` and `);
    // With sequential scans priced out, a filter no index can answer (an OR over an IN subquery,
    // which the planner makes a hashed subplan) still shows a Seq Scan on orders.
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = await queryRows<Record<string, string>>(
        tx,
        sql`explain select count(*) from orders t where ${where}`,
      );
      return rows.map((row) => Object.values(row).join('')).join('\n');
    });
    expect(plan).toContain('orders_customer_email_search_idx');
    expect(plan).not.toMatch(/Seq Scan on orders/);
  });
});

describe('the admin lists’ pages and export batches', () => {
  const t = useTestApp();

  it('pages newest first with the filter’s total, and the keyset batches give every row once, in the same order', async () => {
    const search = 'keyset-batches@lab.example';
    // Two orders share a time stamp: the id breaks the tie, so no batch boundary loses or repeats one.
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 9, minute));
    const times = [at(1), at(2), at(2), at(3), at(4)];
    for (const createdAt of times) {
      await createOrder(t.db, { createdAt, configuration: { customerInfo: { email: search } } });
    }
    const query = adminOrderListQuerySchema.parse({ search, pageSize: 2, page: 2 });

    const page = await listOrders(t.db, query);
    expect(page.total).toBe(5);
    expect(page.items).toHaveLength(2);

    const batches: string[][] = [];
    for await (const batch of orderBatches(t.db, query, 2)) batches.push(batch.map((item) => item.id));
    expect(batches.map((batch) => batch.length)).toEqual([2, 2, 1]);
    const exported = batches.flat();
    expect(new Set(exported).size).toBe(5);
    const firstPage = await listOrders(t.db, { ...query, page: 1 });
    const lastPage = await listOrders(t.db, { ...query, page: 3 });
    expect([...firstPage.items, ...page.items, ...lastPage.items].map((item) => item.id)).toEqual(exported);
    expect(firstPage.items[0]?.createdAt).toBe(at(4).toISOString());
  });
});
