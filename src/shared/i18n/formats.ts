import { formatUkDate, formatUkMonth } from '../dates';
import { currencyFromSymbol, formatMoney } from '../money';
import type { Language } from './languages';

/**
 * Money, days and months in a language: the one formatting runtime of the pages (src/web/i18n/use-t.ts)
 * and of the documents and e-mails (translator.ts), issue 53. English keeps the shop's own formatters,
 * word for word as the specification has them ("£4,807.90", "12 December 2026"); German and French go
 * through Intl ("4.807,90 €", "12. Dezember 2026"; "4 807,90 €", "12 décembre 2026"). No catalogue and
 * no Lingui here, so every page can hold it.
 */
export const intlLocales: Record<Language, string> = { en: 'en-GB', de: 'de-DE', fr: 'fr-FR' };

// Building an Intl format costs far more than using one; a page formats hundreds of prices per render.
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function moneyFormat(language: Language, currency: string, decimals: 0 | 2 | undefined): Intl.NumberFormat {
  const key = `${language}:${currency}:${decimals ?? 'default'}`;
  let format = formats.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(intlLocales[language], {
      style: 'currency',
      currency,
      ...(decimals === undefined ? {} : { minimumFractionDigits: decimals, maximumFractionDigits: decimals }),
    });
    formats.set(key, format);
  }
  return format;
}

function dateFormat(language: Language, kind: 'day' | 'month'): Intl.DateTimeFormat {
  const key = `${language}:${kind}`;
  let format = formats.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocales[language], {
      ...(kind === 'day' ? { day: 'numeric' } : {}),
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    formats.set(key, format);
  }
  return format;
}

const asDate = (date: Date | string) =>
  typeof date === 'string' ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00Z` : date) : date;

/**
 * An amount in minor units in the language's style. `decimals` fixed at 0 or 2; left out, English shows
 * the shop's own choice and German and French show whole amounts without decimals.
 */
export function moneyIn(language: Language, minor: number, currency: string, options: { decimals?: 0 | 2 } = {}) {
  if (language === 'en') return formatMoney(minor, currency, options);
  const decimals = options.decimals ?? (Number.isInteger(minor / 100) ? 0 : 2);
  return moneyFormat(language, currencyFromSymbol(currency), decimals).format(minor / 100);
}

/** A calendar day ("22 November 2026", "22. November 2026", "22 novembre 2026"); a month likewise. */
export function dateIn(language: Language, kind: 'day' | 'month', date: Date | string): string {
  if (language === 'en') return kind === 'day' ? formatUkDate(date) : formatUkMonth(date);
  const value = asDate(date);
  if (Number.isNaN(value.getTime())) return typeof date === 'string' ? date : '';
  return dateFormat(language, kind).format(value);
}
