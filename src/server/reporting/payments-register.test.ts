// @engine: hand-written report SQL
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { parseCsv } from '../../../tests/support/csv';
import { createOrder } from '../../../tests/support/factories';
import { useTestApp } from '../../../tests/support/test-app';
import { enterMonthlyRates } from '../../../tests/support/exchange-rates';
import { invoices, paymentTransactions } from '../db/schema';
import { searchAmount } from './payments-register';

/** A download as Excel opens it: the byte-order mark, then the rows by header. */
function openAsSpreadsheet(bytes: Buffer) {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header = [], ...rows] = parseCsv(bytes.subarray(3).toString('utf8'));
  return rows.map((cells) => Object.fromEntries(header.map((name, index) => [name, cells[index] ?? ''])));
}

interface Row {
  kind: string;
  date: string;
  orderNumber: string;
  invoiceNumber: string | null;
  customer: string;
  amount: number;
  currency: string;
  method: string;
  reference: string | null;
}

describe('the payments register (issue 36)', () => {
  const t = useTestApp({ now: new Date('2026-03-02T09:00:10.000Z') });
  // Issue 51: a euro invoice charging UK VAT is issued only with its month's HMRC rate.
  beforeAll(() => enterMonthlyRates(t.db));

  async function freshAdmin() {
    const admin = await createAdminSession(t);
    await admin.stepUp();
    return admin;
  }

  async function depositInvoiced(overrides: Parameters<typeof createOrder>[1]) {
    const admin = await freshAdmin();
    const order = await createOrder(t.db, { status: 'confirmed', ...overrides });
    const issued = await t.post(
      `/api/admin/orders/${order.id}/invoices`,
      { kind: 'deposit' },
      { cookie: admin.cookie },
    );
    expect(issued.statusCode).toBe(201);
    return { order, invoiceNumber: issued.json().invoice.number as string };
  }

  async function receive(orderId: string, amount: number, receivedAt: string, reference: string) {
    const admin = await freshAdmin();
    const response = await t.post(
      `/api/admin/orders/${orderId}/payments`,
      { transactionType: 'deposit', amount, paymentMethod: 'bank_transfer', receivedAt, reference },
      { cookie: admin.cookie },
    );
    expect(response.statusCode).toBe(201);
  }

  let made: Promise<Awaited<ReturnType<typeof makeScenario>>> | null = null;
  const scenario = () => (made ??= makeScenario());

  /**
   * March 2026: O2026-00008's £1,731.00 deposit in two receipts (£1,000, £731) and £86.55 of the
   * second paid back; a Heidelberg order's €1,000 of a €1,725 deposit; a £1,731.00 deposit paid at
   * once by a customer whose company reads like a formula; a payment from before receipts named an
   * invoice, later marked refunded as a whole; and a receipt in April, outside the range.
   */
  async function makeScenario() {
    t.clock.now = new Date('2026-04-10T09:00:00.000Z');
    const smith = await depositInvoiced({
      orderNumber: 'O2026-00008',
      totalAmount: 346200,
      depositAmount: 173100,
      configuration: {
        customerInfo: { firstName: 'Ann', lastName: 'Smith', organization: 'Smith, Jones & "Partners" Ltd' },
      },
    });
    await receive(smith.order.id, 100000, '2026-03-04', 'BACS SMITH DEP 1');
    await receive(smith.order.id, 73100, '2026-03-09', 'BACS SMITH DEP 2');
    const [second] = await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.amount, 73100));
    const admin = await freshAdmin();
    const refund = await t.post(
      `/api/admin/orders/${smith.order.id}/payments/${second?.id}/refund`,
      { amount: 8655, refundedOn: '2026-03-20', method: 'bank_transfer', reference: 'RF-0001', reason: 'Fee' },
      { cookie: admin.cookie },
    );
    expect(refund.statusCode).toBe(200);

    const euro = await depositInvoiced({
      orderNumber: 'O2026-00007',
      currency: 'EUR',
      totalAmount: 345000,
      depositAmount: 172500,
      configuration: {
        customerInfo: { firstName: 'Jürgen', lastName: 'Groß', organization: 'Universität Heidelberg' },
      },
    });
    await receive(euro.order.id, 100000, '2026-03-05', 'SEPA UNI-HD 7');

    const formula = await depositInvoiced({
      orderNumber: 'O2026-00011',
      totalAmount: 346200,
      depositAmount: 173100,
      configuration: { customerInfo: { firstName: 'Eve', lastName: 'Hacker', organization: '=HYPERLINK("http://x")' } },
    });
    await receive(formula.order.id, 173100, '2026-03-12', '+44 CHAPS 99');

    // Recorded before receipts named their invoice, and refunded before partial refunds existed.
    const legacy = await createOrder(t.db, {
      orderNumber: 'O2026-00002',
      configuration: { customerInfo: { firstName: 'Old', lastName: 'Timer' } },
    });
    await t.db.insert(paymentTransactions).values({
      orderId: legacy.id,
      transactionType: 'deposit',
      amount: 50000,
      currency: 'GBP',
      paymentMethod: 'cheque',
      reference: 'CHQ 000123',
      status: 'refunded',
      processedAt: new Date('2026-03-03T12:00:00.000Z'),
      refundedAt: new Date('2026-03-16T15:00:00.000Z'),
    });

    await receive(smith.order.id, 1, '2026-04-02', 'APRIL');
    return { smith, euro, formula };
  }

  // Reading the register needs no fresh code: one Finance reader serves every look.
  let reader: Promise<{ cookie: string }> | null = null;
  const register = async (query: string) => {
    const { cookie } = await (reader ??= createAdminSession(t, t.db, ['finance']));
    const response = await t.get(`/api/admin/payments?${query}`, { cookie });
    expect(response.statusCode).toBe(200);
    return response.json() as { items: Row[]; total: number; totals: Record<string, number | string>[] };
  };

  it('lists every receipt and refund of the range by the day the money moved, with the invoice each was recorded against', async () => {
    const { smith, euro } = await scenario();
    const answer = await register('from=2026-03-01&to=2026-03-31');
    expect(answer.total).toBe(7);
    expect(
      answer.items.map((row) => [row.date, row.kind, row.orderNumber, row.invoiceNumber, row.amount, row.currency]),
    ).toEqual([
      ['2026-03-03', 'receipt', 'O2026-00002', null, 50000, 'GBP'],
      ['2026-03-04', 'receipt', 'O2026-00008', smith.invoiceNumber, 100000, 'GBP'],
      ['2026-03-05', 'receipt', 'O2026-00007', euro.invoiceNumber, 100000, 'EUR'],
      ['2026-03-09', 'receipt', 'O2026-00008', smith.invoiceNumber, 73100, 'GBP'],
      ['2026-03-12', 'receipt', 'O2026-00011', expect.stringMatching(/^INV2026-/), 173100, 'GBP'],
      ['2026-03-16', 'refund', 'O2026-00002', null, -50000, 'GBP'],
      ['2026-03-20', 'refund', 'O2026-00008', smith.invoiceNumber, -8655, 'GBP'],
    ]);
    expect(answer.items[6]).toMatchObject({
      customer: 'Smith, Jones & "Partners" Ltd',
      method: 'Bank transfer',
      reference: 'RF-0001',
    });
    expect(answer.items[0]).toMatchObject({ customer: 'Old Timer', method: 'Cheque', reference: 'CHQ 000123' });
    // Its deposit invoice is named by both receipts, which together cover it.
    const [deposit] = await t.db.select().from(invoices).where(eq(invoices.orderId, smith.order.id));
    expect(deposit?.amount).toBe(100000 + 73100);
  });

  it('totals each currency apart: received, refunded and net, to the penny', async () => {
    await scenario();
    const { totals } = await register('from=2026-03-01&to=2026-03-31');
    expect(totals).toEqual([
      {
        currency: 'EUR',
        receipts: 1,
        refunds: 0,
        received: 100000,
        refunded: 0,
        net: 100000,
        unallocated: 0,
        voided: 0,
      },
      {
        currency: 'GBP',
        receipts: 4,
        refunds: 2,
        received: 396200,
        refunded: 58655,
        net: 337545,
        unallocated: 0,
        voided: 0,
      },
    ]);
  });

  it('finds a line by its reference (any case, any part) and by its amount however it is typed', async () => {
    await scenario();
    const found = async (search: string) =>
      (await register(`from=2026-03-01&to=2026-03-31&search=${encodeURIComponent(search)}`)).items.map(
        (row) => `${row.orderNumber} ${row.amount}`,
      );
    expect(await found('rf-0001')).toEqual(['O2026-00008 -8655']);
    expect(await found('smith dep')).toEqual(['O2026-00008 100000', 'O2026-00008 73100']);
    for (const typed of ['1731', '1,731.00', '1731.00', '£1,731.00']) {
      expect(await found(typed), typed).toEqual(['O2026-00011 173100']);
    }
    // An amount finds receipts and refunds alike, in any currency.
    expect(await found('1,000')).toEqual(['O2026-00008 100000', 'O2026-00007 100000']);
    expect(await found('86.55')).toEqual(['O2026-00008 -8655']);
    expect(await found('no such payment')).toEqual([]);
    // The totals are the search's.
    const searched = await register('from=2026-03-01&to=2026-03-31&search=1000');
    expect(searched.total).toBe(2);
    expect(searched.totals.map((total) => [total.currency, total.net])).toEqual([
      ['EUR', 100000],
      ['GBP', 100000],
    ]);
  });

  it('pages as the other admin lists do, and refuses a range that ends before it starts', async () => {
    await scenario();
    const page = await register('from=2026-03-01&to=2026-03-31&pageSize=2&page=2');
    expect(page.total).toBe(7);
    expect(page.items.map((row) => row.date)).toEqual(['2026-03-05', '2026-03-09']);
    const admin = await freshAdmin();
    const backwards = await t.get('/api/admin/payments?from=2026-03-31&to=2026-03-01', { cookie: admin.cookie });
    expect(backwards.statusCode).toBe(400);
    expect((await register('from=2026-04-01&to=2026-04-30')).items.map((row) => row.reference)).toEqual(['APRIL']);
  });

  it('downloads the same lines as CSV, amounts to the penny, customer text as text, then the totals per currency', async () => {
    await scenario();
    const admin = await freshAdmin();
    const response = await t.get('/api/admin/payments.csv?from=2026-03-01&to=2026-03-31', { cookie: admin.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="payments-register-2026-03-01-to-2026-03-31.csv"',
    );
    // The comma and the quotes stay inside one quoted cell; the formula is neutralised with a leading quote.
    expect(response.body).toContain('"Smith, Jones & ""Partners"" Ltd"');
    expect(response.body).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(response.body).toContain(`'+44 CHAPS 99`);
    const rows = openAsSpreadsheet(response.rawPayload);
    expect(rows.slice(0, 7).map((row) => [row.Date, row.Type, row.Order, row.Amount, row.Currency])).toEqual([
      ['03/03/2026', 'Receipt', 'O2026-00002', '500', 'GBP'],
      ['04/03/2026', 'Receipt', 'O2026-00008', '1000', 'GBP'],
      ['05/03/2026', 'Receipt', 'O2026-00007', '1000', 'EUR'],
      ['09/03/2026', 'Receipt', 'O2026-00008', '731', 'GBP'],
      ['12/03/2026', 'Receipt', 'O2026-00011', '1731', 'GBP'],
      ['16/03/2026', 'Refund', 'O2026-00002', '-500', 'GBP'],
      ['20/03/2026', 'Refund', 'O2026-00008', '-86.55', 'GBP'],
    ]);
    expect(rows[6]).toMatchObject({
      Customer: 'Smith, Jones & "Partners" Ltd',
      Method: 'Bank transfer',
      Reference: 'RF-0001',
    });
    expect(rows[4]).toMatchObject({ Customer: `'=HYPERLINK("http://x")`, Reference: `'+44 CHAPS 99` });
    expect(rows[1]?.Invoice).toMatch(/^INV2026-\d{5}$/);
    expect(rows[0]?.Invoice).toBe('');
    expect(rows.slice(7).map((row) => [row.Type, row.Customer, row.Amount, row.Currency])).toEqual([
      ['Total received EUR', '1 receipt', '1000', 'EUR'],
      ['Total refunded EUR', '0 refunds', '0', 'EUR'],
      ['Net EUR', '', '1000', 'EUR'],
      ['Unallocated EUR', 'On account, not yet allocated to an invoice', '', 'EUR'],
      ['Total received GBP', '4 receipts', '3962', 'GBP'],
      ['Total refunded GBP', '2 refunds', '-586.55', 'GBP'],
      ['Net GBP', '', '3375.45', 'GBP'],
      ['Unallocated GBP', 'On account, not yet allocated to an invoice', '', 'GBP'],
    ]);
    // The search applies to the CSV as to the page.
    const searched = await t.get('/api/admin/payments.csv?from=2026-03-01&to=2026-03-31&search=rf-0001', {
      cookie: admin.cookie,
    });
    expect(openAsSpreadsheet(searched.rawPayload).map((row) => row.Reference)).toEqual(['RF-0001', '', '', '', '']);
  });

  it('is for staff who may export (Finance yes, Sales no)', async () => {
    const finance = await createAdminSession(t, t.db, ['finance']);
    const sales = await createAdminSession(t, t.db, ['sales']);
    const url = '/api/admin/payments?from=2026-03-01&to=2026-03-31';
    expect((await t.get(url, { cookie: finance.cookie })).statusCode).toBe(200);
    expect((await t.get(url, { cookie: sales.cookie })).statusCode).toBe(403);
  });
});

describe('an amount typed into the search', () => {
  it('reads pounds and pence with or without thousands commas or a currency sign', () => {
    expect(searchAmount('1731')).toBe(173100);
    expect(searchAmount('1,731.00')).toBe(173100);
    expect(searchAmount('£1,731.5')).toBe(173150);
    expect(searchAmount('€ 0.07')).toBe(7);
    expect(searchAmount('1,73')).toBeNull();
    expect(searchAmount('17.315')).toBeNull();
    expect(searchAmount('RF-0001')).toBeNull();
  });
});
