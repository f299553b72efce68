// @engine: hand-written list SQL
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createOrder } from '../../../tests/support/factories';
import { useTestApp } from '../../../tests/support/test-app';
import { queryRows } from '../db/client';
import { instruments, invoices, paymentTransactions, refunds } from '../db/schema';
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

describe('the orders’ search finds an order by everything its documents carry (issue 36)', () => {
  const t = useTestApp();

  const invoice = (order: { id: string; orderNumber: string }, kind: 'deposit' | 'credit', number: string) =>
    t.db.insert(invoices).values({
      orderId: order.id,
      orderNumber: order.orderNumber,
      kind,
      number,
      amount: kind === 'credit' ? -10000 : 10000,
      vatAmount: 0,
      currency: 'GBP',
      issuedAt: new Date('2026-03-02T09:00:00.000Z'),
      dueDate: '2026-03-16',
      pdf: Buffer.from('%PDF-1.4'),
      pdfSha256: number,
    });

  async function paid(orderNumber: string, reference: string, overrides: Parameters<typeof createOrder>[1] = {}) {
    const order = await createOrder(t.db, { orderNumber, ...overrides });
    const [payment] = await t.db
      .insert(paymentTransactions)
      .values({ orderId: order.id, transactionType: 'deposit', amount: 10000, currency: 'GBP', reference })
      .returning();
    return { order, payment };
  }

  const found = async (search: string) =>
    (await listOrders(t.db, adminOrderListQuerySchema.parse({ search }))).items.map((item) => item.orderNumber).sort();

  it('by invoice and credit-note number, tracking and serial number, payment and refund reference; any case, whole or part', async () => {
    const invoiced = await createOrder(t.db, { orderNumber: 'O2026-00004' });
    await invoice(invoiced, 'deposit', 'INV2026-00013');
    const credited = await createOrder(t.db, { orderNumber: 'O2026-00009' });
    await invoice(credited, 'deposit', 'INV2026-00021');
    await invoice(credited, 'credit', 'CN2026-00001');
    await createOrder(t.db, { orderNumber: 'O2026-00005', trackingNumber: 'RM123456785GB', status: 'shipped' });
    const shipped = await createOrder(t.db, { orderNumber: 'O2026-00006', status: 'shipped' });
    await t.db
      .insert(instruments)
      .values({ orderId: shipped.id, unitIndex: 1, serialNumber: 'DW-P-2601-0001', model: 'Dropwise Pro' });
    await paid('O2026-00008', 'BACS HUGHES 4471');
    const refunded = await paid('O2026-00010', 'BACS LAB 2');
    await t.db.insert(refunds).values({
      orderId: refunded.order.id,
      paymentId: refunded.payment?.id ?? '',
      amount: 5000,
      currency: 'GBP',
      refundedOn: '2026-03-20',
      method: 'bank_transfer',
      reference: 'RFND-77',
    });

    expect(await found('INV2026-00013')).toEqual(['O2026-00004']);
    expect(await found('inv2026-00013')).toEqual(['O2026-00004']);
    expect(await found('CN2026-00001')).toEqual(['O2026-00009']);
    // Part of a number finds every order whose document carries it.
    expect(await found('INV2026-000')).toEqual(['O2026-00004', 'O2026-00009']);
    expect(await found('RM123456785GB')).toEqual(['O2026-00005']);
    expect(await found('rm1234567')).toEqual(['O2026-00005']);
    expect(await found('DW-P-2601-0001')).toEqual(['O2026-00006']);
    expect(await found('dw-p-2601')).toEqual(['O2026-00006']);
    expect(await found('bacs hughes')).toEqual(['O2026-00008']);
    expect(await found('RFND-77')).toEqual(['O2026-00010']);
    expect(await found('ZZ-NOTHING-4242')).toEqual([]);
  });

  it('finds an erased customer’s order by the shop’s numbers, never by the payer’s reference or the tracking number', async () => {
    const { order } = await paid('O2026-00012', 'ERASED PAYER REF', {
      legalHoldUntil: '2033-03-31',
      trackingNumber: 'RM999999995GB',
    });
    await invoice(order, 'deposit', 'INV2026-00099');
    expect(await found('INV2026-00099')).toEqual(['O2026-00012']);
    expect(await found('ERASED PAYER REF')).toEqual([]);
    expect(await found('RM999999995GB')).toEqual([]);
  });
});
