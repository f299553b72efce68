import { describe, expect, it } from 'vitest';
import { currencyFromSymbol, formatMoney, parseMoney, roundHalfUp } from './money';

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

  it('writes GBP, EUR and USD exactly as Intl does, without building an Intl formatter', () => {
    const amounts = [0, -0, 1, 5, 99, 100, 101, 999, 1000, 12345, 99999, 100000, 123456789, 488250, 1e11 + 7];
    for (let minor = -2500; minor <= 2500; minor += 7) amounts.push(minor);
    for (const currency of ['GBP', 'EUR', 'USD']) {
      for (const minor of [...amounts, ...amounts.map((amount) => -amount), 12.5, 0.5, -0.5, 1234567.5]) {
        for (const decimals of [undefined, 0, 2] as const) {
          const amount = minor / 100;
          const places = decimals ?? (Number.isInteger(amount) ? 0 : 2);
          const intl = new Intl.NumberFormat('en-US', {
            style: 'currency',
            currency,
            minimumFractionDigits: places,
            maximumFractionDigits: places,
          }).format(amount);
          expect(formatMoney(minor, currency, decimals === undefined ? {} : { decimals }), `${minor} ${currency}`).toBe(
            intl,
          );
        }
      }
    }
  });

  it('maps symbols to currency codes', () => {
    expect(currencyFromSymbol('£')).toBe('GBP');
    expect(currencyFromSymbol('€')).toBe('EUR');
    expect(currencyFromSymbol('$')).toBe('USD');
    expect(currencyFromSymbol('GBP')).toBe('GBP');
  });
});

describe('parseMoney', () => {
  it.each([
    ['12.3', 1230],
    ['12.30', 1230],
    ['12', 1200],
    ['0.07', 7],
    ['1,234.56', 123456],
    ['1,234,567', 123456700],
    ['1234.5', 123450],
    [' 99.99 ', 9999],
    ['4.35', 435],
    ['1.15', 115],
    ['0', 0],
  ])('reads %s as %d minor units', (text, minor) => expect(parseMoney(text)).toBe(minor));

  it('adds exactly where floats do not: 0.1 and 0.2 make 0.3, 4.35 is 435 (not 434.99…)', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect((parseMoney('0.1') ?? 0) + (parseMoney('0.2') ?? 0)).toBe(parseMoney('0.3'));
    expect(Number('4.35') * 100).not.toBe(435);
    expect(parseMoney('4.35')).toBe(435);
    expect(parseMoney('1,000.10')).toBe(100010);
  });

  it.each([
    '1.234',
    '1.',
    '.5',
    '',
    ' ',
    '-5',
    '+5',
    '£12',
    '12 34',
    '1,23.45',
    '12,34',
    '1,2345',
    'abc',
    '1e3',
    '0x10',
    'NaN',
  ])('refuses %j', (text) => expect(parseMoney(text)).toBeNull());
});
