import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { parseCsv } from '../../../tests/support/csv';
import { createOrder } from '../../../tests/support/factories';
import { useTestApp } from '../../../tests/support/test-app';
import { creditInvoice, issueInvoice } from '../orders/invoices';

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
