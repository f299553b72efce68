import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createOrder, createQuote } from '../../../tests/support/factories';
import { useTestApp } from '../../../tests/support/test-app';
import { csvStream } from '../admin/csv-export';
import { auditLog, invoices, orders, paymentTransactions } from '../db/schema';
import { cancellationTerms, invoiceBalances, latestLiveInvoice, ledgerOf, ledgerPaymentStatus } from './order-ledger';

describe('the ledger rules', () => {
  const order = { totalAmount: 682000, currency: 'GBP' };

  it('derives the payment status from the completed payments, the refunded and the failed ones', () => {
    expect(ledgerPaymentStatus(order, [])).toBe('pending');
    expect(ledgerPaymentStatus(order, [{ amount: 1000, status: 'completed' }])).toBe('deposit_paid');
    expect(
      ledgerPaymentStatus(order, [
        { amount: 341000, status: 'completed' },
        { amount: 341000, status: 'completed' },
      ]),
    ).toBe('fully_paid');
    expect(
      ledgerPaymentStatus(order, [
        { amount: 341000, status: 'completed' },
        { amount: 341000, status: 'refunded' },
      ]),
    ).toBe('deposit_paid');
    expect(ledgerPaymentStatus(order, [{ amount: 341000, status: 'refunded' }])).toBe('refunded');
    expect(ledgerPaymentStatus(order, [{ amount: 341000, status: 'failed' }])).toBe('failed');
  });

  it('shows the latest deposit or balance invoice not credited', () => {
    const row = (
      id: string,
      kind: 'deposit' | 'balance' | 'credit',
      number: string,
      credits: string | null = null,
    ) => ({
      id,
      kind,
      number,
      dueDate: '2026-03-16',
      creditsInvoiceId: credits,
    });
    expect(latestLiveInvoice([])).toBeNull();
    expect(latestLiveInvoice([row('a', 'deposit', 'INV2026-00001'), row('b', 'balance', 'INV2026-00002')])?.id).toBe(
      'b',
    );
    expect(
      latestLiveInvoice([
        row('a', 'deposit', 'INV2026-00001'),
        row('b', 'balance', 'INV2026-00002'),
        row('c', 'credit', 'INV2026-00003', 'b'),
      ])?.id,
    ).toBe('a');
  });
});

describe('a cancellation with money held (issue 36)', () => {
  const deposit = {
    id: 'd',
    kind: 'deposit' as const,
    number: 'INV2026-00001',
    dueDate: '2026-01-15',
    creditsInvoiceId: null,
    amount: 173100,
  };
  const order = { totalAmount: 346200, depositAmount: 173100, currency: 'GBP' };
  const held = [{ amount: 173100, status: 'completed' as const }];

  it('keeps the terms’ 5% of the deposit and refunds the rest; nothing held, no terms', () => {
    expect(cancellationTerms(order, ledgerOf(order, held, [deposit]))).toEqual({
      held: 173100,
      deposit: 173100,
      feePercent: 5,
      fee: 8655,
      refund: 164445,
    });
    // Instalments: €1,000 held of a €1,725 deposit, the fee is still 5% of the deposit.
    const part = ledgerOf(order, [{ amount: 100000, status: 'completed' }], [{ ...deposit, amount: 172500 }]);
    expect(cancellationTerms(order, part)).toMatchObject({ held: 100000, fee: 8625, refund: 91375 });
    expect(cancellationTerms(order, ledgerOf(order, [], [deposit]))).toBeNull();
  });

  it('reads refund due once cancelled with money held, refunded once paid back, and names the fee its credit note kept', () => {
    const cancelled = { ...order, status: 'cancelled' };
    expect(ledgerOf(cancelled, held, [deposit]).paymentStatus).toBe('refund_due');
    const credit = {
      id: 'c',
      kind: 'credit' as const,
      number: 'CN2026-00001',
      dueDate: '2026-03-02',
      creditsInvoiceId: 'd',
      amount: -164445,
      cancellationFee: 8655,
    };
    const credited = ledgerOf(cancelled, held, [deposit, credit]);
    expect(credited).toMatchObject({ paymentStatus: 'refund_due', refundDue: 164445, cancellationFee: 8655 });
    const settled = ledgerOf(cancelled, held, [deposit, credit], [{ amount: 164445 }]);
    expect(settled).toMatchObject({ paymentStatus: 'refunded', refundDue: 0, paid: 8655, cancellationFee: 8655 });
    // Not cancelled, the same money is simply the deposit paid.
    expect(ledgerOf(order, held, [deposit]).paymentStatus).toBe('deposit_paid');
  });
});

describe('each invoice’s standing (receipts against invoices, issue 36)', () => {
  const paid = (...amounts: number[]) => amounts.map((amount) => ({ amount, status: 'completed' as const }));
  const deposit = {
    id: 'd',
    kind: 'deposit' as const,
    number: 'INV2026-00001',
    dueDate: '2026-01-15',
    creditsInvoiceId: null,
    amount: 172500,
  };
  const balance = {
    id: 'b',
    kind: 'balance' as const,
    number: 'INV2026-00002',
    dueDate: '2026-03-01',
    creditsInvoiceId: null,
    amount: 172500,
  };
  const states = (rows: ReturnType<typeof invoiceBalances>) =>
    rows.map(({ number, state, outstanding, overpaid }) => ({ number, state, outstanding, overpaid }));

  it('instalments: €1,000 then €725 against a €1,725 deposit invoice read part-paid, then paid', () => {
    expect(states(invoiceBalances(paid(100000), [deposit]))).toEqual([
      { number: 'INV2026-00001', state: 'part_paid', outstanding: 72500, overpaid: 0 },
    ]);
    expect(states(invoiceBalances(paid(100000, 72500), [deposit]))).toEqual([
      { number: 'INV2026-00001', state: 'paid', outstanding: 0, overpaid: 0 },
    ]);
    expect(states(invoiceBalances([], [deposit]))[0]?.state).toBe('open');
  });

  it('an overpayment: £2,200 against £2,154 is overpaid by £46, held as credit until the balance invoice deducts it', () => {
    const gbpDeposit = { ...deposit, amount: 215400 };
    expect(states(invoiceBalances(paid(220000), [gbpDeposit]))).toEqual([
      { number: 'INV2026-00001', state: 'overpaid', outstanding: 0, overpaid: 4600 },
    ]);
    const order = { totalAmount: 430800, currency: 'GBP' };
    const before = ledgerOf(order, paid(220000), [gbpDeposit]);
    expect([before.creditHeld, before.refundDue, before.outstanding]).toEqual([4600, 0, 210800]);
    const gbpBalance = { ...balance, amount: 215400 };
    expect(states(invoiceBalances(paid(220000), [gbpDeposit, gbpBalance]))).toEqual([
      { number: 'INV2026-00001', state: 'paid', outstanding: 0, overpaid: 0 },
      { number: 'INV2026-00002', state: 'part_paid', outstanding: 210800, overpaid: 0 },
    ]);
    expect(ledgerOf(order, paid(220000), [gbpDeposit, gbpBalance]).creditHeld).toBe(0);
  });

  it('a refund and a credit note: a credited invoice takes nothing, and a refund reopens what it paid', () => {
    const credit = {
      id: 'c',
      kind: 'credit' as const,
      number: 'CN2026-00001',
      dueDate: '2026-02-01',
      creditsInvoiceId: 'd',
      amount: -172500,
    };
    expect(states(invoiceBalances([], [deposit, credit]))[0]?.state).toBe('credited');
    expect(states(invoiceBalances(paid(172500), [deposit], [{ amount: 72500 }]))[0]).toEqual({
      number: 'INV2026-00001',
      state: 'part_paid',
      outstanding: 72500,
      overpaid: 0,
    });
  });
});

describe('a CSV export', () => {
  it('fails before anything is sent when its first query fails', async () => {
    async function* failing(): AsyncGenerator<string[]> {
      yield* [];
      throw new Error('invalid input syntax for type date');
    }
    await expect(csvStream(['A'], failing(), (row: string) => [row])).rejects.toThrow('invalid input syntax');
  });
});

describe('the admin order routes keep to the ledger (audit issue 22)', () => {
  const t = useTestApp({ now: new Date('2026-03-02T09:00:10.000Z') });

  /** An order of £6,820.00 with its £3,410.00 deposit recorded, and a deposit invoice of another order. */
  async function depositPaidOrder() {
    const admin = await createAdminSession(t);
    const order = await createOrder(t.db, { totalAmount: 682000, depositAmount: 341000 });
    const other = await createOrder(t.db);
    await admin.stepUp();
    const paid = await t.post(
      `/api/admin/orders/${order.id}/payments`,
      { transactionType: 'deposit', amount: 341000, paymentMethod: 'bank_transfer' },
      { cookie: admin.cookie },
    );
    expect(paid.statusCode).toBe(201);
    const issued = await t.post(
      `/api/admin/orders/${other.id}/invoices`,
      { kind: 'deposit' },
      { cookie: admin.cookie },
    );
    expect(issued.statusCode).toBe(201);
    return { admin, order, otherInvoice: issued.json().invoice.number as string };
  }
  const rowOf = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];

  it('L1: refuses a payment status or invoice number that contradicts the ledger, and accepts the ledger’s own', async () => {
    const { admin, order, otherInvoice } = await depositPaidOrder();
    const url = `/api/admin/orders/${order.id}`;

    const fullyPaid = await t.patch(url, { paymentStatus: 'fully_paid', notes: 'paid' }, { cookie: admin.cookie });
    expect(fullyPaid.statusCode).toBe(400);
    expect(fullyPaid.json().error.fields).toEqual({
      paymentStatus:
        'Payment status follows the recorded payments: £3,410.00 is outstanding. Record a payment instead.',
    });
    expect(fullyPaid.json().error.message).toBe(fullyPaid.json().error.fields.paymentStatus);

    const pending = await t.patch(url, { paymentStatus: 'pending' }, { cookie: admin.cookie });
    expect(pending.statusCode).toBe(400);
    expect(pending.json().error.fields.paymentStatus).toBe(
      'Payment status follows the recorded payments: £3,410.00 is outstanding. Record or refund a payment instead.',
    );

    const stolen = await t.patch(url, { invoiceNumber: otherInvoice }, { cookie: admin.cookie });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.fields).toEqual({
      invoiceNumber: 'Invoice numbers follow the issued invoices. Issue or credit an invoice instead.',
    });
    // Nothing of the refused edits was written, nor audited.
    expect(await rowOf(order.id)).toMatchObject({ paymentStatus: 'deposit_paid', invoiceNumber: null, notes: null });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, order.id));
    expect(audits.map((a) => a.action)).toEqual(['order.payment']);

    // The edit form re-sends every field: the ledger's values pass with the other changes.
    const form = await t.patch(
      url,
      {
        status: 'confirmed',
        paymentStatus: 'deposit_paid',
        paymentMethod: 'bank_transfer',
        trackingNumber: '',
        invoiceNumber: '',
        estimatedDeliveryDate: '2026-04-30',
        notes: null,
        customerMessage: 'Deposit received',
        internalNotes: '',
      },
      { cookie: admin.cookie },
    );
    expect(form.statusCode).toBe(200);
    expect(form.json().order).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'deposit_paid',
      invoiceNumber: null,
    });
    expect(await rowOf(order.id)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'deposit_paid',
      invoiceNumber: null,
      estimatedDeliveryDate: '2026-04-30',
      notes: null,
      customerMessage: 'Deposit received',
    });

    // Once its own invoice is issued, that number is the one the form may send, and clearing it is refused.
    await admin.stepUp();
    const own = await t.post(`/api/admin/orders/${order.id}/invoices`, { kind: 'balance' }, { cookie: admin.cookie });
    const number = own.json().invoice.number as string;
    expect(
      (await t.patch(url, { invoiceNumber: number, paymentStatus: 'deposit_paid' }, { cookie: admin.cookie }))
        .statusCode,
    ).toBe(200);
    const cleared = await t.patch(url, { invoiceNumber: '' }, { cookie: admin.cookie });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().error.fields.invoiceNumber).toBe(
      'Invoice numbers follow the issued invoices. Issue or credit an invoice instead.',
    );
    expect((await rowOf(order.id))?.invoiceNumber).toBe(number);
  });

  it('L1: refunding one of two payments leaves the status the remaining payment implies', async () => {
    const { admin, order } = await depositPaidOrder();
    await admin.stepUp();
    const balance = await t.post(
      `/api/admin/orders/${order.id}/payments`,
      { transactionType: 'balance', amount: 341000, paymentMethod: 'bank_transfer' },
      { cookie: admin.cookie },
    );
    expect(balance.json().order.paymentStatus).toBe('fully_paid');
    const balanceId = (balance.json().order.payments as { id: string; transactionType: string }[]).find(
      (p) => p.transactionType === 'balance',
    )?.id;
    const refunded = await t.post(
      `/api/admin/orders/${order.id}/payments/${balanceId}/refund`,
      {},
      { cookie: admin.cookie },
    );
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().order.paymentStatus).toBe('deposit_paid');
    expect((await rowOf(order.id))?.paymentStatus).toBe('deposit_paid');
  });

  it('L2: refuses to delete an order with payments or invoices; one with neither is deleted', async () => {
    const { admin, order } = await depositPaidOrder();
    const invoiced = await createOrder(t.db);
    const bare = await createOrder(t.db);
    await admin.stepUp();
    expect(
      (await t.post(`/api/admin/orders/${invoiced.id}/invoices`, { kind: 'deposit' }, { cookie: admin.cookie }))
        .statusCode,
    ).toBe(201);
    for (const id of [order.id, invoiced.id]) {
      const refused = await t.delete(`/api/admin/orders/${id}`, {}, { cookie: admin.cookie });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({
        code: 'order_has_ledger',
        message: 'This order has payments or invoices: cancel it instead, with a credit note where one is due.',
      });
      expect(await rowOf(id)).toBeDefined();
    }
    expect(await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, order.id))).toHaveLength(
      1,
    );
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, invoiced.id))).toHaveLength(1);
    // Cancelling stays possible, with the money held acknowledged.
    expect(
      (
        await t.patch(
          `/api/admin/orders/${order.id}`,
          { status: 'cancelled', acknowledgeHeld: 341000 },
          { cookie: admin.cookie },
        )
      ).json().order.status,
    ).toBe('cancelled');

    const deleted = await t.delete(`/api/admin/orders/${bare.id}`, {}, { cookie: admin.cookie });
    expect(deleted.statusCode).toBe(200);
    expect(await rowOf(bare.id)).toBeUndefined();
  });

  it('L4: answers impossible dates and unknown statuses with 400 naming the field, CSVs included', async () => {
    const admin = await createAdminSession(t);
    const order = await createOrder(t.db, { estimatedDeliveryDate: '2026-04-01' });
    await createQuote(t.db, { status: 'draft' });
    const get = (url: string) => t.get(url, { cookie: admin.cookie });

    const patched = await t.patch(
      `/api/admin/orders/${order.id}`,
      { estimatedDeliveryDate: '2026-02-30' },
      { cookie: admin.cookie },
    );
    expect(patched.statusCode).toBe(400);
    expect(patched.json().error.fields).toEqual({
      estimatedDeliveryDate: 'Use a real calendar date between 1900 and 2999',
    });
    expect((await rowOf(order.id))?.estimatedDeliveryDate).toBe('2026-04-01');

    const refusals: [string, string][] = [
      ['/api/admin/orders?from=2026-02-30', 'from'],
      ['/api/admin/orders?to=2025-02-29', 'to'],
      ['/api/admin/orders.csv?from=2026-02-30', 'from'],
      ['/api/admin/orders.csv?to=9999-12-31', 'to'],
      ['/api/admin/orders.csv?status=bogus', 'status'],
      ['/api/admin/orders?status=expired', 'status'],
      ['/api/admin/quotes.csv?status=pending', 'status'],
      ['/api/admin/quotes?status=shipped', 'status'],
      ['/api/admin/quotes.csv?to=2026-13-01', 'to'],
      ['/api/admin/users?from=2026-02-30', 'from'],
      ['/api/admin/abandoned.csv?to=2026-02-30', 'to'],
    ];
    for (const [url, field] of refusals) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { cookie: admin.cookie, 'accept-encoding': 'gzip' },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.headers['content-encoding'], url).toBeUndefined();
      expect(response.headers['content-disposition'], url).toBeUndefined();
      expect(Object.keys(response.json().error.fields), url).toEqual([field]);
    }

    // The real statuses of each list still filter, CSVs included.
    expect((await get('/api/admin/orders.csv?status=pending&from=2024-02-29')).statusCode).toBe(200);
    expect((await get('/api/admin/quotes.csv?status=expired')).statusCode).toBe(200);
    expect((await get('/api/admin/quotes?status=draft')).json().total).toBeGreaterThan(0);
  });
});
