import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app';
import { queryRows } from '../db/client';
import { adminOrderListQuerySchema } from '../../shared/admin/admin-schemas';
import { orderFilters } from './admin-lists';

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
