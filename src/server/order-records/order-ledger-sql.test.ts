// @engine: the ledger rule in SQL
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createOrder } from '../../../tests/support/factories';
import { useTestApp } from '../../../tests/support/test-app';
import { queryRows } from '../db/client';
import { invoices, paymentTransactions, refunds } from '../db/schema';
import { loadOrderLedger, orderLedgerSql } from './order-ledger';

describe('the ledger rule in SQL', () => {
  const t = useTestApp({ now: new Date('2026-03-02T09:00:10.000Z') });

  type Order = Awaited<ReturnType<typeof createOrder>>;
  const pay = async (order: Order, amount: number, status: 'completed' | 'refunded' | 'failed' = 'completed') => {
    const [payment] = await t.db
      .insert(paymentTransactions)
      .values({ orderId: order.id, transactionType: 'deposit', amount, currency: order.currency, status })
      .returning();
    if (!payment) throw new Error('payment insert returned nothing');
    return payment;
  };
  const refund = (order: Order, paymentId: string, amount: number) =>
    t.db.insert(refunds).values({
      orderId: order.id,
      paymentId,
      amount,
      currency: order.currency,
      refundedOn: '2026-03-02',
      method: 'bank',
    });
  const invoice = async (order: Order, kind: 'deposit' | 'balance' | 'credit', amount: number, credits?: string) => {
    const pdf = randomBytes(16);
    const [row] = await t.db
      .insert(invoices)
      .values({
        orderId: order.id,
        orderNumber: order.orderNumber,
        kind,
        number: `INVT-${randomBytes(4).toString('hex')}`,
        amount,
        vatAmount: 0,
        currency: order.currency,
        issuedAt: t.clock.now,
        dueDate: '2026-03-16',
        creditsInvoiceId: credits ?? null,
        pdf,
        pdfSha256: createHash('sha256').update(pdf).digest('hex'),
      })
      .returning();
    if (!row) throw new Error('invoice insert returned nothing');
    return row;
  };

  it('gives ledgerOf’s figures for every order: no entries, failed and refunded payments, partial refunds, part and full credits, an overpayment, credits beyond the total, cancelled orders, a part-paid deposit invoice, a part-credited one', async () => {
    const orders: Order[] = [];
    const order = async (overrides: Parameters<typeof createOrder>[1] = {}) => {
      const row = await createOrder(t.db, { totalAmount: 600000, depositAmount: 300000, ...overrides });
      orders.push(row);
      return row;
    };

    await order(); // nothing recorded
    const failed = await order();
    await pay(failed, 300000, 'failed');
    await pay(failed, 1000, 'refunded'); // marked refunded before partial refunds: counts nothing
    const partRefunded = await order();
    const payment = await pay(partRefunded, 300000);
    await refund(partRefunded, payment.id, 30000);
    await refund(partRefunded, payment.id, 20000);
    const partCredited = await order();
    await invoice(partCredited, 'deposit', 300000);
    await pay(partCredited, 300000);
    const balance = await invoice(partCredited, 'balance', 300000);
    await invoice(partCredited, 'credit', -50000, balance.id);
    const overpaid = await order();
    const overpaidBalance = await invoice(overpaid, 'balance', 300000);
    await pay(overpaid, 600000);
    await invoice(overpaid, 'credit', -20000, overpaidBalance.id);
    const creditedBeyond = await order({ totalAmount: 100000, depositAmount: 50000 });
    const big = await invoice(creditedBeyond, 'deposit', 150000);
    await invoice(creditedBeyond, 'credit', -150000, big.id);
    const cancelledInvoiced = await order({ status: 'cancelled' });
    const deposit = await invoice(cancelledInvoiced, 'deposit', 300000);
    await invoice(cancelledInvoiced, 'credit', -285000, deposit.id);
    await pay(cancelledInvoiced, 100000);
    await order({ status: 'cancelled' }); // cancelled before any invoice: owes nothing
    const depositPartPaid = await order();
    await invoice(depositPartPaid, 'deposit', 300000);
    await pay(depositPartPaid, 100000);
    const depositPartCredited = await order();
    const partCreditedDeposit = await invoice(depositPartCredited, 'deposit', 300000);
    await invoice(depositPartCredited, 'credit', -100000, partCreditedDeposit.id);
    await pay(depositPartCredited, 150000);
    const usd = await order({ currency: 'USD', totalAmount: 99999, depositAmount: 33333 });
    await pay(usd, 33333);

    const rows = await queryRows<Record<string, string | number>>(t.db, sql`select * from (${orderLedgerSql}) l`);
    expect(rows).toHaveLength(orders.length);
    for (const row of orders) {
      const ledger = await loadOrderLedger(t.db, row);
      const found = rows.find((candidate) => candidate.order_id === row.id);
      const figures = {
        received: Number(found?.received),
        refunded: Number(found?.refunded),
        paid: Number(found?.paid),
        invoiced: Number(found?.invoiced),
        credited: Number(found?.credited),
        owed: Number(found?.owed),
        outstanding: Number(found?.outstanding),
        refundDue: Number(found?.refund_due),
        creditHeld: Number(found?.credit_held),
        depositInvoiced: Number(found?.deposit_invoiced),
        depositOutstanding: Number(found?.deposit_outstanding),
      };
      expect(figures, row.orderNumber).toEqual({
        received: ledger.received,
        refunded: ledger.refunded,
        paid: ledger.paid,
        invoiced: ledger.invoiced,
        credited: ledger.credited,
        owed: ledger.owed,
        outstanding: ledger.outstanding,
        refundDue: ledger.refundDue,
        creditHeld: ledger.creditHeld,
        depositInvoiced: ledger.depositInvoiced,
        depositOutstanding: ledger.depositOutstanding,
      });
    }
    // The cases reach the rule's edges: an overpayment due back, credits beyond the total, a cancelled order owing.
    const byId = (id: string) => rows.find((row) => row.order_id === id);
    expect(Number(byId(overpaid.id)?.refund_due)).toBe(20000);
    expect(Number(byId(creditedBeyond.id)?.owed)).toBe(0);
    expect(Number(byId(cancelledInvoiced.id)?.owed)).toBe(15000);
    expect(Number(byId(partRefunded.id)?.outstanding)).toBe(350000);
    // A part-paid deposit invoice still asks for the rest; one a credit note reduced asks for less.
    expect(Number(byId(depositPartPaid.id)?.deposit_outstanding)).toBe(200000);
    expect(Number(byId(depositPartCredited.id)?.deposit_invoiced)).toBe(200000);
    expect(Number(byId(depositPartCredited.id)?.deposit_outstanding)).toBe(50000);
  });
});
