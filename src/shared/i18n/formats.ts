import { formatUkDate, formatUkMonth } from '../dates';
import { amountParts, currencyFromSymbol, formatMoney, groupThousands } from '../money';
import type { Language } from './languages';

/**
 * Money, days and months in a language: the one formatting runtime of the pages (src/web/i18n/use-t.ts)
 * and of the documents and e-mails (translator.ts), issue 53. English keeps the shop's own formatters,
 * word for word as the specification has them ("£4,807.90", "12 December 2026"); German and French are
 * written as Intl writes them for de-DE and fr-FR ("4.807,90 €", "12. Dezember 2026"; "4 807,90 €",
 * "12 décembre 2026"). No catalogue and no Lingui here, so every page can hold it.
 *
 * Written out rather than through Intl for the shop's currencies and for dates: building the page's
 * first Intl formatter is a long task (26–46 ms of CPU on /de, 100–185 ms at Lighthouse's mobile CPU,
 * decision 0087), and the prerender (Node's ICU) and the browser (its own) then write the same text,
 * so a hydration never differs by a CLDR update. formats.test.ts holds the text equal to Intl's.
 */
export const intlLocales: Record<Language, string> = { en: 'en-GB', de: 'de-DE', fr: 'fr-FR' };

type Written = {
  /** Between groups of three digits: a full stop in German, a narrow no-break space (U+202F) in French. */
  group: string;
  /** The currency after the amount, after a no-break space (U+00A0): "€", "£" in German, "£GB" in French. */
  currencies: Record<string, string>;
  months: readonly string[];
  /** The day of the month: "1." in German, "1" in French. */
  day: (day: number) => string;
};

const written: Record<Exclude<Language, 'en'>, Written> = {
  de: {
    group: '.',
    currencies: { GBP: '£', EUR: '€', USD: '$' },
    months: [
      'Januar',
      'Februar',
      'März',
      'April',
      'Mai',
      'Juni',
      'Juli',
      'August',
      'September',
      'Oktober',
      'November',
      'Dezember',
    ],
    day: (day) => `${day}.`,
  },
  fr: {
    group: '\u202f',
    currencies: { GBP: '£GB', EUR: '€', USD: '$US' },
    months: [
      'janvier',
      'février',
      'mars',
      'avril',
      'mai',
      'juin',
      'juillet',
      'août',
      'septembre',
      'octobre',
      'novembre',
      'décembre',
    ],
    day: (day) => String(day),
  },
};

/** The decimal separator and the thousands separator of a language's numbers (the ROI calculator's hours). */
export const numberSeparators = (language: Language): { decimal: string; group: string } =>
  language === 'en' ? { decimal: '.', group: ',' } : { decimal: ',', group: written[language].group };

/**
 * CLDR's cardinal plural category of a number, as `Intl.PluralRules` gives it, written out for the
 * three languages: English and German "one" for exactly 1; French "one" below 2 (0 and 1, 1.5) and
 * "many" for whole millions. The page catalogues' plurals (`{n, plural, one {# Jahr} other {# Jahre}}`)
 * are read with it, so a German or French page builds no Intl object for them (decision 0087).
 */
export function pluralCategory(language: Language, value: number): 'one' | 'many' | 'other' {
  const n = Math.abs(value);
  if (!Number.isFinite(n)) return 'other';
  if (language !== 'fr') return n === 1 ? 'one' : 'other';
  if (n < 2) return 'one';
  return Number.isInteger(n) && n % 1_000_000 === 0 ? 'many' : 'other';
}

/**
 * A number as `Intl.NumberFormat(locale)` writes it by default ("1,234", "1.234", "1 234"): whole
 * numbers written out, anything else through Intl (no catalogue message counts in fractions).
 */
export function numberIn(language: Language, value: number): string {
  if (!Number.isSafeInteger(value)) return new Intl.NumberFormat(intlLocales[language]).format(value);
  const sign = value < 0 ? '-' : '';
  return `${sign}${groupThousands(String(Math.abs(value)), numberSeparators(language).group)}`;
}

// A currency the shop does not price in goes through Intl; building a format costs far more than using one.
const formats = new Map<string, Intl.NumberFormat>();

function moneyFormat(language: Language, currency: string, decimals: 0 | 2): Intl.NumberFormat {
  const key = `${language}:${currency}:${decimals}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocales[language], {
      style: 'currency',
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
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
  const code = currencyFromSymbol(currency);
  const style = written[language];
  const symbol = style.currencies[code];
  if (symbol === undefined || !Number.isFinite(minor)) return moneyFormat(language, code, decimals).format(minor / 100);
  const { sign, whole, cents } = amountParts(minor, decimals);
  return `${sign}${groupThousands(whole, style.group)}${cents === null ? '' : `,${cents}`}\u00a0${symbol}`;
}

/** A calendar day ("22 November 2026", "22. November 2026", "22 novembre 2026"); a month likewise. */
export function dateIn(language: Language, kind: 'day' | 'month', date: Date | string): string {
  if (language === 'en') return kind === 'day' ? formatUkDate(date) : formatUkMonth(date);
  const value = asDate(date);
  if (Number.isNaN(value.getTime())) return typeof date === 'string' ? date : '';
  const style = written[language];
  const month = `${style.months[value.getUTCMonth()]} ${value.getUTCFullYear()}`;
  return kind === 'day' ? `${style.day(value.getUTCDate())} ${month}` : month;
}
