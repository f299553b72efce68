import { describe, expect, it } from 'vitest';
import { foreignShopCurrencies, gbpColumnsOf, taxPointMonth, toPence } from './gbp-figures';

describe('GBP figures at the tax point (issue 36)', () => {
  it('converts minor units to pence as minor ÷ rate, half away from zero, exactly on a half-penny', () => {
    // €1,644.45 at 1.1456 = £1,435.45 (1435.448...).
    expect(toPence(164445, 1.1456)).toBe(143545);
    // 1.25 units per £1: 5 cents = 4 pence exactly; 10 cents at 4.0 = 2.5p → 3p, and −2.5p → −3p.
    expect(toPence(5, 1.25)).toBe(4);
    expect(toPence(10, 4)).toBe(3);
    expect(toPence(-10, 4)).toBe(-3);
    // A rate with six decimals whose quotient sits on a half in decimals but not in binary.
    expect(toPence(1234567, 1.000002)).toBe(1234565);
    expect(toPence(0, 1.1)).toBe(0);
    expect(() => toPence(100, 0)).toThrow();
  });

  it('records rate 1 and its own figures for a pound document, the converted gross and VAT for euros, nothing without a rate', () => {
    expect(gbpColumnsOf({ currency: 'GBP', amount: 491250, vatAmount: 81875 }, '2026-11', null)).toEqual({
      gbpRate: 1,
      gbpRateMonth: '2026-11',
      gbpAmount: 491250,
      gbpVatAmount: 81875,
    });
    expect(gbpColumnsOf({ currency: 'EUR', amount: -164445, vatAmount: -27408 }, '2026-11', 1.1456)).toEqual({
      gbpRate: 1.1456,
      gbpRateMonth: '2026-11',
      gbpAmount: -143545,
      gbpVatAmount: -23925,
    });
    expect(gbpColumnsOf({ currency: 'EUR', amount: 476690, vatAmount: 0 }, '2026-11', null)).toEqual({
      gbpRate: null,
      gbpRateMonth: null,
      gbpAmount: null,
      gbpVatAmount: null,
    });
  });

  it('takes the month of the UTC issue day (the day the PDF prints), and keeps rates for the euro only', () => {
    expect(taxPointMonth(new Date('2026-11-30T23:59:59.000Z'))).toBe('2026-11');
    expect(taxPointMonth(new Date('2026-12-01T00:00:00.000Z'))).toBe('2026-12');
    expect(foreignShopCurrencies).toEqual(['EUR']);
  });
});
