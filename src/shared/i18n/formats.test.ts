import { afterEach, describe, expect, it, vi } from 'vitest';
import { dateIn, moneyIn, numberSeparators } from './formats';

const languages = [
  ['de', 'de-DE'],
  ['fr', 'fr-FR'],
] as const;

afterEach(() => vi.restoreAllMocks());

describe('moneyIn in German and French', () => {
  // First in the file: before the change, moneyIn kept the formatters it built, so a later test would see none built.
  it('builds no Intl formatter for the shop’s currencies and dates (a long task on a phone, decision 0087)', () => {
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    const dateTimeFormat = vi.spyOn(Intl, 'DateTimeFormat');
    for (const [language] of languages) {
      moneyIn(language, 123456, 'GBP');
      moneyIn(language, 123456, '€', { decimals: 2 });
      dateIn(language, 'day', '2026-11-22');
      dateIn(language, 'month', new Date(Date.UTC(2026, 10, 1)));
    }
    expect(numberFormat).not.toHaveBeenCalled();
    expect(dateTimeFormat).not.toHaveBeenCalled();
  });

  it('writes GBP, EUR and USD exactly as Intl does for de-DE and fr-FR', () => {
    const amounts = [0, -0, 1, 5, 99, 100, 101, 999, 1000, 12345, 99999, 100000, 123456789, 488250, 1e11 + 7];
    for (let minor = -250_000; minor <= 250_000; minor += 997) amounts.push(minor);
    for (const [language, locale] of languages)
      for (const currency of ['GBP', 'EUR', 'USD']) {
        const intlWith = (places: 0 | 2) =>
          new Intl.NumberFormat(locale, {
            style: 'currency',
            currency,
            minimumFractionDigits: places,
            maximumFractionDigits: places,
          });
        const intlFormats = { 0: intlWith(0), 2: intlWith(2) };
        for (const minor of [...amounts, ...amounts.map((amount) => -amount), 12.5, 0.5, -0.5, -40, 1234567.5])
          for (const decimals of [undefined, 0, 2] as const) {
            const amount = minor / 100;
            const places = decimals ?? (Number.isInteger(amount) ? 0 : 2);
            const intl = intlFormats[places].format(amount);
            const options = decimals === undefined ? {} : { decimals };
            expect(moneyIn(language, minor, currency, options), `${language} ${minor} ${currency} ${decimals}`).toBe(
              intl,
            );
          }
      }
  });

  it('reads the currency from its symbol, as the pages pass it', () => {
    expect(moneyIn('de', 480790, '€', { decimals: 2 })).toBe('4.807,90\u00a0€');
    expect(moneyIn('fr', 480790, '£', { decimals: 2 })).toBe('4\u202f807,90\u00a0£GB');
    expect(moneyIn('de', 126990, 'EUR')).toBe('1.269,90\u00a0€');
    expect(moneyIn('fr', 285000, 'EUR')).toBe('2\u202f850\u00a0€');
  });

  it('still formats a currency the shop does not price in, through Intl', () => {
    expect(moneyIn('de', 123456, 'CHF', { decimals: 2 })).toBe(
      new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'CHF' }).format(1234.56),
    );
  });
});

describe('dateIn in German and French', () => {
  it('writes every day and month from 1999 to 2031 exactly as Intl does for de-DE and fr-FR', () => {
    for (const [language, locale] of languages) {
      const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
      const month = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
      for (let time = Date.UTC(1999, 0, 1); time < Date.UTC(2032, 0, 1); time += 86_400_000 * 3) {
        const date = new Date(time);
        expect(dateIn(language, 'day', date)).toBe(day.format(date));
        expect(dateIn(language, 'month', date)).toBe(month.format(date));
      }
      // A calendar date (YYYY-MM-DD) is that day, whatever the time zone.
      expect(dateIn(language, 'day', '2026-03-01')).toBe(day.format(new Date(Date.UTC(2026, 2, 1))));
    }
  });

  it('writes the day as German and French write it, and returns text that is not a date as it is', () => {
    expect(dateIn('de', 'day', '2026-03-01')).toBe('1. März 2026');
    expect(dateIn('fr', 'day', '2026-08-31')).toBe('31 août 2026');
    expect(dateIn('fr', 'month', '2026-12-05')).toBe('décembre 2026');
    expect(dateIn('de', 'day', 'to be confirmed')).toBe('to be confirmed');
  });
});

describe('numberSeparators', () => {
  it('gives each language’s decimal and thousands separators, as Intl writes them', () => {
    for (const [language, locale] of [['en', 'en-US'], ...languages] as const) {
      const { decimal, group } = numberSeparators(language);
      expect(`1${group}234${decimal}5`).toBe(new Intl.NumberFormat(locale).format(1234.5));
    }
  });
});
