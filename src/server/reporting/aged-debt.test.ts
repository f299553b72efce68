// @engine: hand-written report SQL
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { parseCsv } from '../../../tests/support/csv';
import { createOrder, createUser } from '../../../tests/support/factories';
import { insertInvoiceRow } from '../../../tests/support/receivables';
import { useTestApp } from '../../../tests/support/test-app';
import {
  type AgedDebtAnswer,
  agedDebtBucketOf,
  type AgedDebtCurrency,
} from '../../shared/reporting/receivables-schemas';
import { paymentTransactions } from '../db/schema';
import { receivableInvoices } from '../order-records/order-ledger';
import { daysPastDue } from './aged-debt';

const start = new Date('2026-03-02T09:00:00.000Z');
const DAY = 86_400_000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const daysBefore = (date: Date, days: number) => dayOf(new Date(date.getTime() - days * DAY));

describe('the aged-debt rules', () => {
  it('counts whole days past the due date and buckets 0–30 as 0..30 inclusive, 90+ from 91', () => {
    expect(daysPastDue('2026-03-16', '2026-03-16')).toBe(0);
    expect(daysPastDue('2026-03-16', '2026-03-15')).toBe(-1);
    expect(daysPastDue('2026-03-16', '2026-04-30')).toBe(45);
    // Across the clocks going forward (29 March): still whole days.
    expect(daysPastDue('2026-03-28', '2026-03-30')).toBe(2);
    expect([-1, 0, 30, 31, 60, 61, 90, 91, 400].map(agedDebtBucketOf)).toEqual([
      'not_due',
      'days_0_30',
      'days_0_30',
      'days_31_60',
      'days_31_60',
      'days_61_90',
      'days_61_90',
      'days_over_90',
      'days_over_90',
    ]);
  });

  it('keeps a cancelled order’s invoices to what its ledger still owes, the latest trimmed first', () => {
    const issued = [
      {
        id: 'd',
        kind: 'deposit' as const,
        number: 'INV-1',
        dueDate: '2026-03-16',
        creditsInvoiceId: null,
        amount: 100000,
      },
      {
        id: 'b',
        kind: 'balance' as const,
        number: 'INV-2',
        dueDate: '2026-04-16',
        creditsInvoiceId: null,
        amount: 100000,
      },
    ];
    // Live: both invoices open in full.
    expect(
      receivableInvoices({ totalAmount: 200000, currency: 'GBP' }, [], issued).map((row) => row.outstanding),
    ).toEqual([100000, 100000]);
    // €500 paid: the deposit is part-paid.
    expect(
      receivableInvoices(
        { totalAmount: 200000, currency: 'GBP' },
        [{ amount: 50000, status: 'completed' }],
        issued,
      ).map((row) => [row.id, row.outstanding]),
    ).toEqual([
      ['d', 50000],
      ['b', 100000],
    ]);
    // The balance invoice credited in full on cancellation: only the deposit is owed.
    const cancelled = [
      ...issued,
      {
        id: 'c',
        kind: 'credit' as const,
        number: 'INV-3',
        dueDate: '2026-04-16',
        creditsInvoiceId: 'b',
        amount: -100000,
      },
    ];
    expect(
      receivableInvoices({ totalAmount: 200000, currency: 'GBP', status: 'cancelled' }, [], cancelled).map((row) => [
        row.id,
        row.outstanding,
      ]),
    ).toEqual([['d', 100000]]);
    // Paid in full or overpaid: nothing is receivable.
    expect(
      receivableInvoices({ totalAmount: 200000, currency: 'GBP' }, [{ amount: 210000, status: 'completed' }], issued),
    ).toEqual([]);
  });
});

describe('GET /api/admin/receivables/aged-debt (and .csv)', () => {
  const t = useTestApp({ now: start });
  const run = randomBytes(3).toString('hex');
  let sequence = 0;

  type Order = Awaited<ReturnType<typeof createOrder>>;
  const invoice = async (
    order: Order,
    kind: 'deposit' | 'balance' | 'credit',
    amount: number,
    dueDate: string,
    credits?: string,
  ) => {
    sequence += 1;
    return insertInvoiceRow(t.db, order, {
      kind,
      number: `INV2026-${run}${String(sequence).padStart(4, '0')}`,
      amount,
      issuedAt: start,
      dueDate,
      creditsInvoiceId: credits,
    });
  };
  const pay = async (order: Order, amount: number) => {
    const [row] = await t.db
      .insert(paymentTransactions)
      .values({ orderId: order.id, transactionType: 'deposit', amount, currency: order.currency, status: 'completed' })
      .returning();
    if (!row) throw new Error('payment insert returned nothing');
    return row;
  };
  const section = (report: AgedDebtAnswer, currency: string) =>
    report.currencies.find((candidate) => candidate.currency === currency);
  const invoiceIn = (currency: AgedDebtCurrency | undefined, number: string) =>
    currency?.customers.flatMap((customer) => customer.invoices).find((row) => row.number === number);

  it('buckets each open invoice by days past due per currency, leaves out the paid and overpaid, never adds GBP to EUR, and exports the same as CSV', async () => {
    const ada = await createUser(t.db, { firstName: 'Ada', lastName: 'Lovelace', company: 'Analytical Engines Ltd' });
    const grace = await createUser(t.db, { firstName: 'Grace', lastName: 'Hopper', company: 'Compilers GmbH' });

    // €1,725 deposit, €1,000 paid: €725 short.
    const instalments = await createOrder(t.db, {
      userId: grace.user.id,
      currency: 'EUR',
      totalAmount: 345000,
      depositAmount: 172500,
    });
    const dueDate = '2026-03-16';
    const eurDeposit = await invoice(instalments, 'deposit', 172500, dueDate);
    await pay(instalments, 100000);

    // A GBP deposit not yet due.
    const notDue = await createOrder(t.db, { userId: ada.user.id, currency: 'GBP', totalAmount: 600000 });
    const gbpNotDue = await invoice(notDue, 'deposit', 300000, '2026-06-30');

    // Paid exactly, and overpaid (£2,200 against £2,154): neither is owed.
    const paid = await createOrder(t.db, { userId: ada.user.id, currency: 'GBP', totalAmount: 430800 });
    const paidInvoice = await invoice(paid, 'deposit', 215400, dueDate);
    await pay(paid, 215400);
    const overpaid = await createOrder(t.db, { userId: ada.user.id, currency: 'GBP', totalAmount: 430800 });
    const overpaidInvoice = await invoice(overpaid, 'deposit', 215400, dueDate);
    await pay(overpaid, 220000);

    // A cancelled order: its deposit credited but for a 5% fee still unpaid; its refunded overpayment.
    const cancelled = await createOrder(t.db, {
      userId: ada.user.id,
      currency: 'GBP',
      totalAmount: 200000,
      status: 'cancelled',
    });
    const cancelledDeposit = await invoice(cancelled, 'deposit', 100000, dueDate);
    await invoice(cancelled, 'credit', -95000, dueDate, cancelledDeposit.id);

    // An erased customer's held order: its figures stay, the customer reads [erased].
    const erased = await createOrder(t.db, {
      currency: 'GBP',
      totalAmount: 100000,
      configuration: { customerInfo: { firstName: 'Gone', lastName: 'Person', email: 'gone@example.com' } },
      legalHoldUntil: '2033-04-05',
    });
    const erasedInvoice = await invoice(erased, 'deposit', 50000, dueDate);

    // The clock moved 45 days past the due date.
    t.clock.now = new Date('2026-04-30T10:00:00.000Z');
    const admin = await createAdminSession(t);
    const response = await t.get('/api/admin/receivables/aged-debt', { cookie: admin.cookie });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json() as AgedDebtAnswer;
    expect(report.asOf).toBe('2026-04-30');
    const eur = section(report, 'EUR');
    const gbp = section(report, 'GBP');
    expect(report.currencies.map((candidate) => candidate.currency)).toEqual(['GBP', 'EUR']);

    expect(invoiceIn(eur, eurDeposit.number)).toMatchObject({
      orderNumber: instalments.orderNumber,
      orderId: instalments.id,
      dueDate,
      daysOverdue: 45,
      bucket: 'days_31_60',
      outstanding: 72500,
    });
    const graceRow = eur?.customers.find((customer) => customer.key === grace.user.id);
    expect(graceRow).toMatchObject({
      name: 'Grace Hopper',
      organisation: 'Compilers GmbH',
      email: grace.user.email,
      erased: false,
      total: 72500,
    });
    expect(graceRow?.buckets.days_31_60).toBe(72500);
    expect(eur?.buckets).toEqual({ not_due: 0, days_0_30: 0, days_31_60: 72500, days_61_90: 0, days_over_90: 0 });

    expect(invoiceIn(gbp, gbpNotDue.number)).toMatchObject({
      bucket: 'not_due',
      daysOverdue: -61,
      outstanding: 300000,
    });
    expect(invoiceIn(gbp, paidInvoice.number)).toBeUndefined();
    expect(invoiceIn(gbp, overpaidInvoice.number)).toBeUndefined();
    expect(invoiceIn(eur, paidInvoice.number)).toBeUndefined();
    // The cancelled order owes only the fee its credit note left.
    expect(invoiceIn(gbp, cancelledDeposit.number)).toMatchObject({ outstanding: 5000, bucket: 'days_31_60' });
    const erasedRow = gbp?.customers.find((customer) =>
      customer.invoices.some((row) => row.number === erasedInvoice.number),
    );
    expect(erasedRow).toMatchObject({ key: null, name: '[erased]', email: '[erased]', erased: true, total: 50000 });
    // GBP's totals are GBP's alone.
    expect(gbp?.buckets).toEqual({ not_due: 300000, days_0_30: 0, days_31_60: 55000, days_61_90: 0, days_over_90: 0 });
    expect(gbp?.total).toBe(355000);

    // The EUR filter and a search.
    const eurOnly = (
      await t.get('/api/admin/receivables/aged-debt?currency=EUR', { cookie: admin.cookie })
    ).json() as AgedDebtAnswer;
    expect(eurOnly.currencies.map((candidate) => candidate.currency)).toEqual(['EUR']);
    const searched = (
      await t.get('/api/admin/receivables/aged-debt?search=compilers', { cookie: admin.cookie })
    ).json() as AgedDebtAnswer;
    expect(searched.currencies.flatMap((candidate) => candidate.customers.map((customer) => customer.key))).toEqual([
      grace.user.id,
    ]);
    const byName = (
      await t.get('/api/admin/receivables/aged-debt?search=gone', { cookie: admin.cookie })
    ).json() as AgedDebtAnswer;
    expect(byName.currencies).toEqual([]);

    const csv = await t.get('/api/admin/receivables/aged-debt.csv', { cookie: admin.cookie });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="aged-debt-2026-04-30.csv"');
    const rows = parseCsv(csv.body.replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual([
      'Currency',
      'Customer',
      'Organisation',
      'E-mail',
      'Invoice',
      'Type',
      'Order',
      'Due date',
      'Days past due',
      'Not yet due',
      '0–30 days',
      '31–60 days',
      '61–90 days',
      '90+ days',
      'Outstanding',
    ]);
    expect(rows.find((row) => row[4] === eurDeposit.number)).toEqual([
      'EUR',
      'Grace Hopper',
      'Compilers GmbH',
      grace.user.email,
      eurDeposit.number,
      'Deposit',
      instalments.orderNumber,
      dueDate,
      '45',
      '',
      '',
      '725.00',
      '',
      '',
      '725.00',
    ]);
    expect(rows.find((row) => row[1]?.startsWith('Total EUR'))).toEqual([
      'EUR',
      'Total EUR as of 2026-04-30',
      '',
      '',
      '1 invoices',
      '',
      '',
      '',
      '',
      '0.00',
      '0.00',
      '725.00',
      '0.00',
      '0.00',
      '725.00',
    ]);
    expect(rows.find((row) => row[1]?.startsWith('Total GBP'))?.slice(9)).toEqual([
      '3000.00',
      '0.00',
      '550.00',
      '0.00',
      '0.00',
      '3550.00',
    ]);
    expect(rows.some((row) => row[4] === paidInvoice.number || row[4] === overpaidInvoice.number)).toBe(false);

    // Once the €725 arrives the invoice leaves the report.
    await pay(instalments, 72500);
    const after = (await t.get('/api/admin/receivables/aged-debt', { cookie: admin.cookie })).json() as AgedDebtAnswer;
    expect(section(after, 'EUR')).toBeUndefined();
  });

  it('puts an invoice 30 days past due in 0–30, 31 in 31–60, 90 in 61–90 and 91 in 90+ (and one due today in 0–30)', async () => {
    const today = new Date('2026-09-15T08:00:00.000Z');
    t.clock.now = today;
    const admin = await createAdminSession(t);
    const owner = await createUser(t.db, { firstName: 'Boundary', lastName: 'Tester', company: null });
    const ages = [0, 30, 31, 60, 61, 90, 91];
    const numbers = new Map<number, string>();
    for (const age of ages) {
      const order = await createOrder(t.db, { userId: owner.user.id, currency: 'GBP', totalAmount: 20000 });
      numbers.set(age, (await invoice(order, 'deposit', 10000 + age, daysBefore(today, age))).number);
    }
    const report = (await t.get('/api/admin/receivables/aged-debt', { cookie: admin.cookie })).json() as AgedDebtAnswer;
    const gbp = section(report, 'GBP');
    const bucketOf = (age: number) => invoiceIn(gbp, numbers.get(age) ?? '')?.bucket;
    expect(ages.map((age) => [age, bucketOf(age), invoiceIn(gbp, numbers.get(age) ?? '')?.daysOverdue])).toEqual([
      [0, 'days_0_30', 0],
      [30, 'days_0_30', 30],
      [31, 'days_31_60', 31],
      [60, 'days_31_60', 60],
      [61, 'days_61_90', 61],
      [90, 'days_61_90', 90],
      [91, 'days_over_90', 91],
    ]);
    const row = gbp?.customers.find((customer) => customer.key === owner.user.id);
    expect(row?.organisation).toBeNull();
    expect(row?.buckets).toEqual({
      not_due: 0,
      days_0_30: 10000 + 10030,
      days_31_60: 10031 + 10060,
      days_61_90: 10061 + 10090,
      days_over_90: 10091,
    });
    // Oldest due first.
    expect(row?.invoices.map((entry) => entry.daysOverdue)).toEqual([91, 90, 61, 60, 31, 30, 0]);
  });

  it('shows the report to Sales (orders.view) but keeps the CSV to exports.csv, and refuses Support', async () => {
    const sales = await createAdminSession(t, t.db, ['sales']);
    const finance = await createAdminSession(t, t.db, ['finance']);
    const support = await createAdminSession(t, t.db, ['support']);
    expect((await t.get('/api/admin/receivables/aged-debt', { cookie: sales.cookie })).statusCode).toBe(200);
    expect((await t.get('/api/admin/receivables/aged-debt.csv', { cookie: sales.cookie })).statusCode).toBe(403);
    expect((await t.get('/api/admin/receivables/aged-debt.csv', { cookie: finance.cookie })).statusCode).toBe(200);
    expect((await t.get('/api/admin/receivables/aged-debt', { cookie: support.cookie })).statusCode).toBe(403);
    expect((await t.get('/api/admin/receivables/aged-debt?currency=USD', { cookie: finance.cookie })).statusCode).toBe(
      400,
    );
  });
});
