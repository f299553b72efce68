// @engine: hand-written report SQL
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { parseCsv } from '../../../tests/support/csv';
import { createOrder } from '../../../tests/support/factories';
import { useTestApp } from '../../../tests/support/test-app';
import { invoices } from '../db/schema';

/** A download as Excel opens it: the byte-order mark tells it UTF-8; then the rows by header. */
function openAsSpreadsheet(bytes: Buffer) {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header = [], ...rows] = parseCsv(bytes.subarray(3).toString('utf8'));
  return rows.map((cells) => Object.fromEntries(header.map((name, index) => [name, cells[index] ?? ''])));
}

describe('exports for the accountant (issue 28)', () => {
  const t = useTestApp({ now: new Date('2026-03-02T09:00:10.000Z') });

  /** A staff member signed in now with a fresh code (the clock jumps days between steps). */
  async function freshAdmin() {
    const admin = await createAdminSession(t);
    await admin.stepUp();
    return admin;
  }

  async function invoicedOrder() {
    let admin = await freshAdmin();
    const order = await createOrder(t.db, {
      totalAmount: 491250,
      depositAmount: 245625,
      subtotalAmount: 409375,
      vatAmount: 81875,
      vatRate: 20,
      status: 'confirmed',
      poNumber: 'PO-4471',
      vatNumber: 'DE123456789',
      billingAddress: {
        street: 'Im Neuenheimer Feld 1',
        city: 'Heidelberg',
        state: null,
        postal_code: '69120',
        country: 'DE',
      },
      configuration: {
        customerInfo: {
          firstName: 'Jürgen',
          lastName: 'Groß',
          email: 'jg@uni-heidelberg.example',
          organization: 'Universität Heidelberg',
          country: 'DE',
        },
      },
    });
    const url = `/api/admin/orders/${order.id}`;
    // The reverse charge rests on a VAT number no registry has confirmed here: staff confirm invoicing anyway.
    const invoice = (kind: string) => ({ kind, acknowledgeVatNumber: true });
    expect((await t.post(`${url}/invoices`, invoice('deposit'), { cookie: admin.cookie })).statusCode).toBe(201);
    t.clock.now = new Date('2026-03-05T10:00:00.000Z');
    admin = await freshAdmin();
    expect(
      (
        await t.post(
          `${url}/payments`,
          { transactionType: 'deposit', amount: 245625, paymentMethod: 'bank_transfer', receivedAt: '2026-03-04' },
          { cookie: admin.cookie },
        )
      ).statusCode,
    ).toBe(201);
    expect((await t.post(`${url}/invoices`, invoice('balance'), { cookie: admin.cookie })).statusCode).toBe(201);
    return order;
  }

  it('exports orders with net, VAT, rate, PO, VAT number, country, invoices, payments in UK dates and labels; Universität survives', async () => {
    const order = await invoicedOrder();
    const admin = await freshAdmin();
    const response = await t.get(`/api/admin/orders.csv?search=${order.orderNumber}`, { cookie: admin.cookie });
    expect(response.statusCode).toBe(200);
    const [row] = openAsSpreadsheet(response.rawPayload);
    const numbers = (await t.db.select().from(invoices).where(eq(invoices.orderId, order.id)))
      .map((invoice) => invoice.number)
      .sort();
    expect(row).toMatchObject({
      'Order number': order.orderNumber,
      Company: 'Universität Heidelberg',
      Customer: 'Jürgen Groß',
      Country: 'Germany',
      Status: 'Confirmed',
      'Payment status': 'Deposit Paid',
      Net: '4093.75',
      VAT: '818.75',
      'VAT rate (%)': '20',
      Total: '4912.50',
      Currency: 'GBP',
      'PO number': 'PO-4471',
      'Customer VAT number': 'DE123456789',
      'Invoice numbers': numbers.join('; '),
      Paid: '2456.25',
      Outstanding: '2456.25',
      'Payment dates': '04/03/2026',
      'Payment method': 'Bank transfer',
    });
    expect(row?.Date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });

  it('registers invoices and credit notes for a date range: the totals per rate and currency are the invoices less the credit notes', async () => {
    const order = await invoicedOrder();
    const [deposit] = (await t.db.select().from(invoices).where(eq(invoices.orderId, order.id))).filter(
      (row) => row.kind === 'deposit',
    );
    t.clock.now = new Date('2026-03-10T10:00:00.000Z');
    let admin = await freshAdmin();
    const credit = await t.post(
      `/api/admin/invoices/${deposit?.id}/credit`,
      { amount: 12281, reason: 'Goodwill: late delivery' },
      { cookie: admin.cookie },
    );
    expect(credit.statusCode).toBe(201);
    // An order in euros with no VAT, outside the range once: an invoice on 1 April.
    const euro = await createOrder(t.db, {
      totalAmount: 476690,
      depositAmount: 238345,
      currency: 'EUR',
      vatAmount: 0,
      vatRate: 0,
    });
    expect(
      (await t.post(`/api/admin/orders/${euro.id}/invoices`, { kind: 'deposit' }, { cookie: admin.cookie })).statusCode,
    ).toBe(201);
    t.clock.now = new Date('2026-04-01T10:00:00.000Z');
    admin = await freshAdmin();
    const late = await createOrder(t.db, { totalAmount: 10000, depositAmount: 5000, vatAmount: 1667, vatRate: 20 });
    expect(
      (await t.post(`/api/admin/orders/${late.id}/invoices`, { kind: 'deposit' }, { cookie: admin.cookie })).statusCode,
    ).toBe(201);

    const register = (
      await t.get('/api/admin/invoices?from=2026-03-01&to=2026-03-31', { cookie: admin.cookie })
    ).json();
    const all = await t.db.select().from(invoices);
    const inRange = all.filter((row) => row.issuedAt < new Date('2026-04-01T00:00:00.000Z'));
    expect(register.items).toHaveLength(inRange.length);
    const sum = (currency: string, pick: (row: (typeof all)[number]) => number) =>
      inRange.filter((row) => row.currency === currency).reduce((total, row) => total + pick(row), 0);
    const gbp = register.totals.find((total: { currency: string }) => total.currency === 'GBP');
    expect(gbp).toMatchObject({
      rate: 20,
      vat: sum('GBP', (row) => row.vatAmount),
      gross: sum('GBP', (row) => row.amount),
      net: sum('GBP', (row) => row.amount - row.vatAmount),
    });
    // 818.75 of VAT invoiced (the deposit and balance invoices sum to the order's VAT), less the credit's share.
    const creditVat = -(credit.json().invoice.vatAmount as number);
    const own = (register.items as { orderNumber: string; vat: number }[]).filter(
      (item) => item.orderNumber === order.orderNumber,
    );
    expect(own.reduce((total, item) => total + item.vat, 0)).toBe(81875 - creditVat);
    expect(register.totals.find((total: { currency: string }) => total.currency === 'EUR')).toMatchObject({
      rate: 0,
      vat: 0,
      gross: 238345,
    });
    expect(register.items.find((item: { kind: string }) => item.kind === 'credit')).toMatchObject({
      creditsNumber: deposit?.number,
      reason: 'Goodwill: late delivery',
      orderNumber: order.orderNumber,
    });

    const csv = await t.get('/api/admin/invoices.csv?from=2026-03-01&to=2026-03-31', { cookie: admin.cookie });
    const rows = openAsSpreadsheet(csv.rawPayload);
    expect(rows.filter((row) => row.Type === 'Credit note')[0]).toMatchObject({
      Customer: 'Universität Heidelberg',
      Gross: '-122.81',
    });
    expect(rows.find((row) => row.Type === 'Total GBP at 20%')).toMatchObject({
      VAT: String(gbp.vat / 100),
    });

    const xero = await t.get('/api/admin/invoices.xero.csv?from=2026-03-01&to=2026-03-31', { cookie: admin.cookie });
    const lines = openAsSpreadsheet(xero.rawPayload);
    expect(lines).toHaveLength(inRange.length);
    expect(lines.find((line) => line['*InvoiceNumber'] === credit.json().invoice.number)).toMatchObject({
      '*ContactName': 'Universität Heidelberg',
      '*UnitAmount': String(-(12281 - creditVat) / 100),
      '*TaxType': '20% (VAT on Income)',
      '*AccountCode': '200',
      '*InvoiceDate': '10/03/2026',
    });
    expect(
      (await t.get('/api/admin/invoices?from=2026-03-31&to=2026-03-01', { cookie: admin.cookie })).statusCode,
    ).toBe(400);
  });
});
