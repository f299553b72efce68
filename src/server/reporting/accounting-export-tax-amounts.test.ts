import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { parseCsv } from '../../../tests/support/csv';
import { createOrder } from '../../../tests/support/factories';
import { useTestApp } from '../../../tests/support/test-app';
import { creditInvoice, issueInvoice } from '../billing/invoices';
import { randomUUID } from 'node:crypto';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import { exchangeRates } from '../db/schema';

/** A download read back as an importer reads it: past the byte-order mark, rows by header. */
function importRows(bytes: Buffer) {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header = [], ...rows] = parseCsv(bytes.subarray(3).toString('utf8'));
  return rows.map((cells) => Object.fromEntries(header.map((name, index) => [name, cells[index] ?? ''])));
}

/** A money cell as pence, exactly (no floating sum: "−1370.37" → −137037). */
function pence(cell: string | undefined): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(cell ?? '');
  if (!match) throw new Error(`not an amount: ${cell}`);
  const value = Number(match[2]) * 100 + Number((match[3] ?? '0').padEnd(2, '0'));
  return match[1] === '-' ? -value : value;
}

describe('the Xero and QuickBooks CSVs carry each document’s tax amount (issue 36)', () => {
  const t = useTestApp({ now: new Date('2026-11-03T09:00:00.000Z') });

  it('imported back, net + tax per document and overall equal the register to the penny, credit notes with odd pennies included', async () => {
    const admin = await createAdminSession(t);
    const issue = async (order: { id: string }) =>
      (
        await issueInvoice(t.db, {
          orderId: order.id,
          kind: 'deposit',
          adminId: admin.user.id,
          now: t.clock.now,
          publicUrl: 'http://localhost:3000',
        })
      ).invoice;
    const credit = async (invoiceId: string, amount: number | null, reason: string) =>
      (
        await creditInvoice(t.db, {
          invoiceId,
          amount,
          reason,
          adminId: admin.user.id,
          now: t.clock.now,
          publicUrl: 'http://localhost:3000',
        })
      ).invoice;

    // A deposit of £3,000.00 with £500.00 VAT; credited £1,644.45, whose VAT is £274.08 (20% of the net would be £274.07).
    const uk = await createOrder(t.db, {
      totalAmount: 600000,
      depositAmount: 300000,
      vatAmount: 100000,
      vatRate: 20,
      status: 'confirmed',
    });
    const ukDeposit = await issue(uk);
    const cn = await credit(ukDeposit.id, 164445, 'Goodwill: late delivery');
    expect([cn.amount - cn.vatAmount, cn.vatAmount, cn.amount]).toEqual([-137037, -27408, -164445]);
    // Odd pennies: £1,234.57 total with £205.76 VAT, half as deposit (its VAT rounded half-up), credited in two parts.
    const odd = await createOrder(t.db, {
      totalAmount: 123457,
      depositAmount: 61729,
      vatAmount: 20576,
      vatRate: 20,
      status: 'confirmed',
    });
    const oddDeposit = await issue(odd);
    await credit(oddDeposit.id, 333, 'Part credit');
    await credit(oddDeposit.id, null, 'Cancelled');
    // Euros at 0%: the tax amount is 0, the currency EUR.
    const euro = await createOrder(t.db, {
      currency: 'EUR',
      totalAmount: 476691,
      depositAmount: 238345,
      vatAmount: 0,
      vatRate: 0,
      status: 'confirmed',
    });
    const euroDeposit = await issue(euro);
    await credit(euroDeposit.id, 1, 'Rounding');

    await admin.stepUp();
    const range = 'from=2026-11-01&to=2026-11-30';
    const register = (await t.get(`/api/admin/invoices?${range}`, { cookie: admin.cookie })).json() as {
      items: { number: string; net: number; vat: number; gross: number; currency: string }[];
      totals: { currency: string; net: number; vat: number; gross: number }[];
    };
    expect(register.items).toHaveLength(7);
    const xero = importRows(
      (await t.get(`/api/admin/invoices.xero.csv?${range}`, { cookie: admin.cookie })).rawPayload,
    );
    const quickBooks = importRows(
      (await t.get(`/api/admin/invoices.quickbooks.csv?${range}`, { cookie: admin.cookie })).rawPayload,
    );

    expect(xero.find((line) => line['*InvoiceNumber'] === cn.number)).toMatchObject({
      '*UnitAmount': '-1370.37',
      TaxAmount: '-274.08',
      '*TaxType': '20% (VAT on Income)',
    });
    expect(quickBooks.find((line) => line.InvoiceNo === cn.number)).toMatchObject({
      ItemAmount: '-1370.37',
      ItemTaxAmount: '-274.08',
      ItemTaxCode: '20.0% S',
      Currency: 'GBP',
    });

    for (const [name, lines, number, net, tax, currency] of [
      ['Xero', xero, '*InvoiceNumber', '*UnitAmount', 'TaxAmount', 'Currency'],
      ['QuickBooks', quickBooks, 'InvoiceNo', 'ItemAmount', 'ItemTaxAmount', 'Currency'],
    ] as const) {
      expect(lines, name).toHaveLength(register.items.length);
      for (const item of register.items) {
        const line = lines.find((row) => row[number] === item.number);
        expect(
          [pence(line?.[net]), pence(line?.[tax]), pence(line?.[net]) + pence(line?.[tax])],
          `${name} ${item.number}`,
        ).toEqual([item.net, item.vat, item.gross]);
      }
      for (const total of ['GBP', 'EUR']) {
        const own = lines.filter((line) => line[currency] === total);
        const sum = (cell: string) => own.reduce((acc, line) => acc + pence(line[cell]), 0);
        const expected = register.totals
          .filter((row) => row.currency === total)
          .reduce((acc, row) => ({ net: acc.net + row.net, vat: acc.vat + row.vat, gross: acc.gross + row.gross }), {
            net: 0,
            vat: 0,
            gross: 0,
          });
        expect({ net: sum(net), vat: sum(tax), gross: sum(net) + sum(tax) }, `${name} ${total}`).toEqual(expected);
      }
    }
    // The UK totals are the deposits less their credit notes: what was invoiced and never refunded.
    expect(register.totals.find((row) => row.currency === 'GBP')).toMatchObject({ gross: 300000 - 164445 });
  }, 120_000);
});

describe('a document with goods and services taxed differently (issue 37)', () => {
  const t = useTestApp({ now: new Date('2026-11-03T09:00:00.000Z') });

  it('a UK company delivering to Germany: one import line per VAT part, totals per treatment, box 1 only the servicing VAT, box 6 every net', async () => {
    const admin = await createAdminSession(t);
    await t.db.insert(exchangeRates).values({ month: '2026-11', currency: 'EUR', rate: 1.25, source: 'manual' });
    const placed = await t.post('/api/orders', {
      configuration: { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'DE', batch: 'batch-2' },
      billing: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        company: 'Engines Ltd',
        email: 'mixed@example.com',
        address: '12 St James Square',
        city: 'London',
        postalCode: 'SW1Y 4JH',
        country: 'GB',
      },
      shipping: {
        firstName: 'Goods',
        lastName: 'Inwards',
        address: 'Im Neuenheimer Feld 280',
        city: 'Heidelberg',
        postalCode: '69120',
        country: 'DE',
      },
      // Billed in the UK: pounds unless the buyer chooses euros (decision 0085), as this one does.
      currency: 'EUR',
      acceptTerms: true,
      idempotencyKey: randomUUID(),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = (placed.json() as { order: { id: string; totalAmount: number; vatAmount: number } }).order;
    // Goods €3,497.00 zero-rated; servicing €1,269.90 at 20% = €253.98.
    expect([order.totalAmount, order.vatAmount]).toEqual([502088, 25398]);
    const { invoice } = await issueInvoice(t.db, {
      orderId: order.id,
      kind: 'deposit',
      adminId: admin.user.id,
      now: t.clock.now,
      publicUrl: 'http://localhost:3000',
    });
    // Half the order: €2,510.44, whose VAT is half the servicing's.
    expect([invoice.amount, invoice.vatAmount]).toEqual([251044, 12699]);

    await admin.stepUp();
    const range = 'from=2026-11-01&to=2026-11-30';
    const xero = importRows(
      (await t.get(`/api/admin/invoices.xero.csv?${range}`, { cookie: admin.cookie })).rawPayload,
    );
    expect(xero.map((line) => [line['*InvoiceNumber'], line['*UnitAmount'], line['*TaxType'], line.TaxAmount])).toEqual(
      [
        [invoice.number, '1748.5', 'Zero Rated Income', '0'],
        [invoice.number, '634.95', '20% (VAT on Income)', '126.99'],
      ],
    );
    expect(xero[0]?.['*Description']).toContain('goods, Zero-rated export of goods (VAT Notice 703)');
    // Issue 51: each invoice's currency rate, HMRC's for its month (€1.25 to the pound; QuickBooks reads £0.80 to the euro).
    expect(xero.map((line) => [line.Currency, line.CurrencyRate])).toEqual([
      ['EUR', '1.25'],
      ['EUR', '1.25'],
    ]);
    const quickBooks = importRows(
      (await t.get(`/api/admin/invoices.quickbooks.csv?${range}`, { cookie: admin.cookie })).rawPayload,
    );
    expect(quickBooks.map((line) => [line.ItemAmount, line.ItemTaxCode, line.ItemTaxAmount])).toEqual([
      ['1748.5', '0.0% Z', '0'],
      ['634.95', '20.0% S', '126.99'],
    ]);
    expect(quickBooks.map((line) => line.ExchangeRate)).toEqual(['0.8', '0.8']);

    const register = (await t.get(`/api/admin/invoices?${range}`, { cookie: admin.cookie })).json() as {
      totals: { rate: number; treatment: string | null; net: number; vat: number }[];
      vatReturn: { boxes: { box: number; pence: number }[] };
    };
    expect(register.totals.map(({ rate, treatment, net, vat }) => [rate, treatment, net, vat])).toEqual([
      [20, 'standard', 63495, 12699],
      [0, 'zero_rated_export', 174850, 0],
    ]);
    // In pounds at €1.25: VAT €126.99 → £101.59; net €2,383.45 → £1,906.76.
    const box = (number: number) => register.vatReturn.boxes.find((entry) => entry.box === number)?.pence;
    expect(box(1)).toBe(10159);
    expect(box(6)).toBe(190676);
    // Box 8 is 0 for a trader in Great Britain (issue 51): the goods (€1,748.50 → £1,398.80) are exports, in box 6.
    expect(box(8)).toBe(0);
  }, 60_000);

  it('a reverse-charged service to an EU business goes to Xero as Zero Rated Income and to QuickBooks as 0.0% Z (box 6), not No VAT (issue 51)', async () => {
    const admin = await createAdminSession(t);
    await t.db
      .insert(exchangeRates)
      .values({ month: '2026-11', currency: 'EUR', rate: 1.25, source: 'manual' })
      .onConflictDoNothing();
    const address = {
      address: 'Im Neuenheimer Feld 280',
      city: 'Heidelberg',
      postalCode: '69120',
      country: 'DE',
    };
    const placed = await t.post('/api/orders', {
      configuration: { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'DE', batch: 'batch-2' },
      billing: {
        firstName: 'Jürgen',
        lastName: 'Groß',
        company: 'Labor GmbH',
        email: 'gmbh@example.com',
        vatNumber: 'DE136695976',
        ...address,
      },
      shipping: { firstName: 'Goods', lastName: 'Inwards', ...address },
      acceptTerms: true,
      idempotencyKey: randomUUID(),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = (placed.json() as { order: { id: string; vatAmount: number } }).order;
    expect(order.vatAmount).toBe(0);
    const { invoice } = await issueInvoice(t.db, {
      orderId: order.id,
      kind: 'deposit',
      acknowledgeVatNumber: true,
      adminId: admin.user.id,
      now: t.clock.now,
      publicUrl: 'http://localhost:3000',
    });
    await admin.stepUp();
    const range = 'from=2026-11-01&to=2026-11-30';
    const mine = <T extends Record<string, string>>(lines: T[], column: string) =>
      lines.filter((line) => line[column] === invoice.number);
    const xero = mine(
      importRows((await t.get(`/api/admin/invoices.xero.csv?${range}`, { cookie: admin.cookie })).rawPayload),
      '*InvoiceNumber',
    );
    expect(xero.map((line) => [line['*TaxType'], line.TaxAmount, line.CurrencyRate])).toEqual([
      ['Zero Rated Income', '0', '1.25'],
      ['Zero Rated Income', '0', '1.25'],
    ]);
    expect(xero.map((line) => line['*Description']).join(' ')).toContain('services, Reverse charge');
    const quickBooks = mine(
      importRows((await t.get(`/api/admin/invoices.quickbooks.csv?${range}`, { cookie: admin.cookie })).rawPayload),
      'InvoiceNo',
    );
    expect(quickBooks.map((line) => line.ItemTaxCode)).toEqual(['0.0% Z', '0.0% Z']);
    expect(quickBooks.map((line) => line.ItemTaxCode)).not.toContain('No VAT');
  }, 60_000);
});
