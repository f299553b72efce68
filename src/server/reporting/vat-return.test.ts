import { describe, expect, it } from 'vitest';
import { toPence } from '../../shared/orders/gbp-figures';
import { type VatReturnDocument, vatReturnFigures, wholePounds } from './vat-return';

/** A document as the register gives it: GBP figures from its own figures at `rate` (1 for pounds), per figure. */
function document(
  number: string,
  currency: 'GBP' | 'EUR',
  gross: number,
  vat: number,
  options: { rate?: number | null; euGoods?: boolean; month?: string } = {},
): VatReturnDocument {
  const rate = options.rate === undefined ? 1 : options.rate;
  const gbp = rate === null ? null : { gross: toPence(gross, rate), vat: toPence(vat, rate), net: 0 };
  if (gbp) gbp.net = gbp.gross - gbp.vat;
  return { number, currency, month: options.month ?? '2026-11', gbp, euGoods: options.euGoods ?? false };
}

describe('the VAT-return figures (issue 36)', () => {
  it('for a month with GBP and EUR sales and a credit note, boxes 1, 6 and 8 are the sums of the documents’ GBP figures to the penny', () => {
    const documents = [
      // A UK deposit and balance at 20%: £2,456.25 each, VAT £409.38 and £409.37.
      document('INV2026-00001', 'GBP', 245625, 40938),
      document('INV2026-00002', 'GBP', 245625, 40937),
      // A zero-rated sale to Germany in euros at 1.1456: €2,383.45 → £2,080.53.
      document('INV2026-00003', 'EUR', 238345, 0, { rate: 1.1456, euGoods: true }),
      // A credit note with odd pennies: −£1,644.45, VAT −£274.08.
      document('CN2026-00001', 'GBP', -164445, -27408),
      // A credit note in euros to the same German customer: −€100.01.
      document('CN2026-00002', 'EUR', -10001, 0, { rate: 1.1456, euGoods: true }),
    ];
    // A trader in Northern Ireland (issue 51): its goods dispatched to the EU go in box 8.
    const figures = vatReturnFigures(documents, { northernIreland: true });
    const sum = (pick: (gbp: NonNullable<VatReturnDocument['gbp']>) => number, only = (_: VatReturnDocument) => true) =>
      documents.filter(only).reduce((total, row) => total + (row.gbp ? pick(row.gbp) : 0), 0);
    const [box1, box6, box8] = figures.boxes;

    expect(box1?.pence).toBe(sum((gbp) => gbp.vat));
    expect(box1?.pence).toBe(40938 + 40937 - 27408);
    expect(box1?.entered).toBe('£544.67');
    expect(box6?.pence).toBe(sum((gbp) => gbp.net));
    // 204687 + 204688 + 208053 − 137037 − 8730 (the euro figures converted at 1.1456, each rounded on its own).
    expect(box6?.pence).toBe(204687 + 204688 + toPence(238345, 1.1456) - 137037 + toPence(-10001, 1.1456));
    expect(box6?.entered).toBe(`£${wholePounds(box6?.pence ?? 0).toLocaleString('en-GB')}`);
    expect(box8?.pence).toBe(
      sum(
        (gbp) => gbp.net,
        (row) => row.euGoods,
      ),
    );
    expect(box8?.pence).toBe(toPence(238345, 1.1456) + toPence(-10001, 1.1456));
    expect(figures.gbpTotals[0]).toEqual({
      month: null,
      count: 5,
      net: sum((gbp) => gbp.net),
      vat: sum((gbp) => gbp.vat),
      gross: sum((gbp) => gbp.gross),
    });
    expect(figures.missing).toEqual([]);
    expect(box6?.explanation).toMatch(/zero-rated EU sales included/);
    expect(box6?.explanation).toMatch(/whole pounds with the pence dropped/);
    expect(box8?.explanation).toMatch(
      /dispatched from Northern Ireland \(the business profile's VAT number is an XI number\)/,
    );
  });

  it('box 8 is 0 for a trader in Great Britain: its goods delivered to the EU are exports, in box 6 (issue 51)', () => {
    const documents = [
      document('INV2026-00001', 'GBP', 245625, 40938),
      // £7,923.00 of goods to Germany, zero-rated exports.
      document('INV2026-00003', 'GBP', 792300, 0, { euGoods: true }),
    ];
    const [box1, box6, box8] = vatReturnFigures(documents).boxes;
    expect(box1?.pence).toBe(40938);
    expect(box6?.pence).toBe(245625 - 40938 + 792300);
    expect(box8).toMatchObject({ box: 8, pence: 0, entered: '£0' });
    expect(box8?.explanation).toMatch(
      /^0: since 1 January 2021 boxes 8 and 9 are for goods moved between Northern Ireland and the EU only/,
    );
    expect(box8?.explanation).toContain('(£7,923.00 this period, 1 document) is in box 6');
  });

  it('drops the pence for boxes 6 and 8 (towards zero, as HMRC asks), never rounding them up', () => {
    expect(wholePounds(208099)).toBe(2080);
    expect(wholePounds(-137099)).toBe(-1370);
    const figures = vatReturnFigures([document('INV2026-00009', 'GBP', 119999, 20000)]);
    expect(figures.boxes[1]).toMatchObject({ pence: 99999, entered: '£999' });
  });

  it('leaves a document with no rate out of every figure and lists it as missing, so no total reads wrong', () => {
    const figures = vatReturnFigures([
      document('INV2026-00010', 'GBP', 12000, 2000, { month: '2026-10' }),
      document('INV2026-00011', 'EUR', 50000, 0, { rate: null, euGoods: true, month: '2026-11' }),
    ]);
    expect(figures.boxes.map((box) => box.pence)).toEqual([2000, 10000, 0]);
    expect(
      vatReturnFigures([document('INV2026-00012', 'EUR', 50000, 0, { rate: 1.25, euGoods: true })]).boxes[2]?.pence,
    ).toBe(0);
    expect(figures.missing).toEqual([{ number: 'INV2026-00011', currency: 'EUR', month: '2026-11' }]);
    expect(figures.boxes[0]?.explanation).toMatch(/1 document with no rate yet left out/);
    expect(figures.gbpTotals.map((total) => [total.month, total.count])).toEqual([
      [null, 1],
      ['2026-10', 1],
    ]);
  });
});
