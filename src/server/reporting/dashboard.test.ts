// @engine: hand-written report SQL
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createOrder, createQuote } from '../../../tests/support/factories';
import { useTestApp } from '../../../tests/support/test-app';
import { orders } from '../db/schema';
import { loadOrderModels, modelLedger } from '../order-records/order-read-model';

describe('the dashboard', () => {
  const t = useTestApp({ now: new Date('2026-03-02T09:00:10.000Z') });

  it('the dashboard and the ledger agree on orders with credits and refunds: a part-credited invoice, a refunded payment, an overpayment, a plain unpaid one', async () => {
    const admin = await createAdminSession(t);
    await admin.stepUp();
    const ok = async (response: Promise<{ statusCode: number; json: () => unknown }>, status: number) => {
      const answer = await response;
      expect(answer.statusCode, JSON.stringify(answer.json())).toBe(status);
      return answer.json() as { invoice: { id: string }; order: { payments: { id: string }[] } };
    };
    const cookie = { cookie: admin.cookie };
    const confirmed = async (totalAmount: number, depositAmount: number) => {
      const order = await createOrder(t.db, { totalAmount, depositAmount });
      await ok(t.patch(`/api/admin/orders/${order.id}`, { status: 'confirmed' }, cookie), 200);
      return { order, url: `/api/admin/orders/${order.id}` };
    };
    const pay = (url: string, transactionType: 'deposit' | 'balance', amount: number) =>
      ok(t.post(`${url}/payments`, { transactionType, amount, paymentMethod: 'bank_transfer' }, cookie), 201);
    const invoice = (url: string, kind: 'deposit' | 'balance') => ok(t.post(`${url}/invoices`, { kind }, cookie), 201);
    const credit = (invoiceId: string, amount: number) =>
      ok(t.post(`/api/admin/invoices/${invoiceId}/credit`, { amount, reason: 'Price corrected' }, cookie), 201);

    // A part-credited balance invoice: £500 of the £3,000 balance taken off.
    const partCredited = await confirmed(600000, 300000);
    await invoice(partCredited.url, 'deposit');
    await pay(partCredited.url, 'deposit', 300000);
    await credit((await invoice(partCredited.url, 'balance')).invoice.id, 50000);
    // A deposit paid, then £300 of it paid back.
    const refunded = await confirmed(400000, 200000);
    const paymentId = (await pay(refunded.url, 'deposit', 200000)).order.payments[0]?.id;
    await ok(
      t.post(`${refunded.url}/payments/${paymentId}/refund`, { amount: 30000, method: 'bank_transfer' }, cookie),
      200,
    );
    // Paid in full, then a £200 credit: paid beyond what is owed, nothing outstanding.
    const overpaid = await confirmed(300000, 150000);
    await invoice(overpaid.url, 'deposit');
    await pay(overpaid.url, 'deposit', 150000);
    const overpaidBalance = await invoice(overpaid.url, 'balance');
    await pay(overpaid.url, 'balance', 150000);
    await credit(overpaidBalance.invoice.id, 20000);
    // Nothing invoiced or paid.
    await createOrder(t.db, { totalAmount: 488250, depositAmount: 244125 });

    const models = await loadOrderModels(t.db, await t.db.select().from(orders));
    const ledgers = models.map((model) => ({ order: model.order, ledger: modelLedger(model) }));
    const awaiting = (status: 'pending' | 'deposit_paid') =>
      ledgers.filter(({ order, ledger }) => ledger.paymentStatus === status && order.status !== 'cancelled');
    const pending = awaiting('pending');
    const depositPaid = awaiting('deposit_paid');
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    // The figures the ledger gives: £2,500 and £2,300 of balances (not £3,000 and £2,000), a £2,441.25 deposit.
    expect(depositPaid.map(({ ledger }) => ledger.outstanding).sort()).toEqual([230000, 250000]);
    expect(ledgers.find(({ order }) => order.id === overpaid.order.id)?.ledger).toMatchObject({
      paymentStatus: 'fully_paid',
      outstanding: 0,
      refundDue: 20000,
    });

    const dashboard = (await t.get('/api/admin/dashboard', cookie)).json();
    expect(dashboard.balancesAwaiting).toEqual({
      count: depositPaid.length,
      amount: { GBP: sum(depositPaid.map(({ ledger }) => ledger.outstanding)) },
    });
    expect(dashboard.balancesAwaiting).toEqual({ count: 2, amount: { GBP: 480000 } });
    // A pending order has paid nothing: its deposit is awaited, within what the ledger says is outstanding.
    expect(dashboard.depositsAwaiting).toEqual({
      count: pending.length,
      amount: { GBP: sum(pending.map(({ order, ledger }) => Math.min(order.depositAmount, ledger.outstanding))) },
    });
    expect(dashboard.depositsAwaiting).toEqual({ count: 1, amount: { GBP: 244125 } });
    const owing = ledgers.filter(({ ledger }) => ledger.outstanding > 0);
    expect(dashboard.outstanding).toEqual({
      count: owing.length,
      amount: { GBP: sum(owing.map(({ ledger }) => ledger.outstanding)) },
    });
  });

  it('counts an older quote whose total is stored at pricing.total (no pricing.totals) among the open quotes', async () => {
    const admin = await createAdminSession(t);
    const openQuotes = async () =>
      (await t.get('/api/admin/dashboard', { cookie: admin.cookie })).json().openQuotes as {
        count: number;
        value: Record<string, number>;
      };
    const before = await openQuotes();
    await createQuote(t.db, { currency: 'EUR', configuration: { pricing: { totals: { total: 488250 } } } });
    await createQuote(t.db, { currency: 'EUR', configuration: { pricing: { total: 312000 } } });
    const after = await openQuotes();
    expect(after.count).toBe(before.count + 2);
    expect(after.value.EUR).toBe((before.value.EUR ?? 0) + 488250 + 312000);
  });
});
