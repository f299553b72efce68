import type { CurrencyCode } from './countries';

/** Money is an integer number of minor units (pence, cents). */
export type Minor = number;

export type Prices = Record<CurrencyCode, Minor>;

/**
 * Half-up rounding to the minor unit, the one rounding rule of the shop. Works on values that
 * are already in minor units (a fraction of a penny arises from percentages).
 */
export function roundHalfUp(minorUnits: number): Minor {
  // toPrecision(12) drops binary noise such as 12.4999999999 that should be 12.5; halves go away from zero.
  const clean = Math.abs(Number(minorUnits.toPrecision(12)));
  return Math.sign(minorUnits) * Math.floor(clean + 0.5);
}

/** An amount as staff type it: digits (commas between thousands allowed), then at most two decimals. */
const typedAmount = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/**
 * An amount typed in pounds or euros ("1234.5", "1,234.56", " 12.30 ") as minor units, read from
 * its digits, never through a float (so "0.1" and "0.2" are 10 and 20, and add up to "0.3"'s 30).
 * Null when it is not such an amount: a third decimal ("1.234" is not read as a thousand), a sign,
 * a symbol, a misplaced comma.
 */
export function parseMoney(text: string): Minor | null {
  const match = typedAmount.exec(text.trim());
  if (!match) return null;
  const whole = (match[1] ?? '').replaceAll(',', '');
  const minor = Number(whole) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(minor) ? minor : null;
}

const symbolToCurrency: Record<string, string> = { '£': 'GBP', '€': 'EUR', $: 'USD' };
/** The same pairs the other way: GBP, EUR and USD to their symbols. */
const currencySymbols: Record<string, string> = Object.fromEntries(
  Object.entries(symbolToCurrency).map(([symbol, code]) => [code, symbol]),
);

/** Digits grouped in threes, with commas (US-English) or the language's separator: "1234567" → "1,234,567". */
export const groupThousands = (digits: string, separator = ',') => digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);

/** Maps £, € and $ to GBP, EUR and USD; anything else is taken as a currency code. */
export function currencyFromSymbol(symbolOrCode: string): string {
  return symbolToCurrency[symbolOrCode] ?? symbolOrCode;
}

// Building an Intl.NumberFormat costs far more than using one; a configurator page formats hundreds of prices per render.
const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(currency: string, decimals: number): Intl.NumberFormat {
  const key = `${currency}:${decimals}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * US-English currency style for a currency whose symbol we know, written out instead of through
 * Intl: the first Intl.NumberFormat a page builds costs a long task (about 100 ms at Lighthouse's
 * mobile CPU on /configure). The same text as Intl's, which money.test.ts holds over many amounts.
 */
function formatKnown(symbol: string, minor: number, decimals: 0 | 2): string {
  const { sign, whole, cents } = amountParts(minor, decimals);
  return `${sign}${symbol}${groupThousands(whole)}${cents === null ? '' : `.${cents}`}`;
}

/**
 * An amount in minor units as Intl rounds and signs it: the sign ('-' for any negative amount, -0
 * included, as Intl writes "-0.00"), the whole units' digits and the two decimals (null with none),
 * rounded half away from zero on the decimal value (not on its binary double). For the formatters
 * written out instead of through Intl (here and src/shared/i18n/formats.ts).
 */
export function amountParts(minor: number, decimals: 0 | 2): { sign: string; whole: string; cents: string | null } {
  const cents = Math.abs(decimals === 2 ? roundHalfUp(minor) : roundHalfUp(minor / 100) * 100);
  return {
    sign: minor < 0 || Object.is(minor, -0) ? '-' : '',
    whole: String(Math.floor(cents / 100)),
    cents: decimals === 2 ? String(cents % 100).padStart(2, '0') : null,
  };
}

/** US-English currency style, as the specification asks; falls back to symbol plus two decimals. */
export function formatMoney(minor: Minor, currency: string, options: { decimals?: 0 | 2 } = {}): string {
  const code = currencyFromSymbol(currency);
  const amount = minor / 100;
  const decimals = options.decimals ?? (Number.isInteger(amount) ? 0 : 2);
  const symbol = currencySymbols[code];
  // GBP, EUR and USD (the currencies the shop prices in, and the dollar) without Intl.
  if (symbol !== undefined && Number.isFinite(amount)) return formatKnown(symbol, minor, decimals);
  try {
    return numberFormat(code, decimals).format(amount);
  } catch {
    return `${symbol ?? currency}${amount.toFixed(2)}`;
  }
}
