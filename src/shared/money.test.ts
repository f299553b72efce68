import { describe, expect, it } from 'vitest';
import { currencyFromSymbol, formatMoney, roundHalfUp } from './money';

describe('roundHalfUp', () => {
  it.each([
    [0.5, 1],
    [1.49, 1],
    [2.5, 3],
    [81375.5, 81376],
    [-2.5, -3],
    [12.499999999999998, 13],
    [0, 0],
  ])('rounds %d to %d', (value, expected) => expect(roundHalfUp(value)).toBe(expected));
});

describe('formatMoney', () => {
  it('uses US-English currency style', () => {
    expect(formatMoney(285000, 'GBP')).toBe('£2,850');
    expect(formatMoney(334000, 'EUR')).toBe('€3,340');
    expect(formatMoney(488250, 'GBP')).toBe('£4,882.50');
    expect(formatMoney(285000, '£', { decimals: 2 })).toBe('£2,850.00');
  });

  it('maps symbols to currency codes', () => {
    expect(currencyFromSymbol('£')).toBe('GBP');
    expect(currencyFromSymbol('€')).toBe('EUR');
    expect(currencyFromSymbol('$')).toBe('USD');
    expect(currencyFromSymbol('GBP')).toBe('GBP');
  });
});
