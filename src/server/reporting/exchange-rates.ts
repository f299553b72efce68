import { and, asc, desc, eq } from 'drizzle-orm';
import type { ExchangeRate } from '../../shared/reporting/exchange-rate-schemas';
import { parseCsv } from '../../shared/csv';
import { foreignShopCurrencies } from '../../shared/orders/gbp-figures';
import type { Db } from '../db/client';
import { exchangeRates, users } from '../db/schema';
import { badRequest } from '../http/http-error';

/**
 * The monthly exchange rates the register's GBP figures come from (issue 36, docs/decisions/0053):
 * units of a currency per £1 for a month, entered by staff or imported from HMRC's monthly file.
 * Only the currencies the shop sells in are kept; a document's own GBP figures are recorded when it
 * is issued (billing/gbp-at-tax-point.ts), so changing a rate later changes no issued document.
 */

type RateRow = typeof exchangeRates.$inferSelect;

const toRate = (row: RateRow, enteredBy: string | null): ExchangeRate => ({
  id: row.id,
  month: row.month,
  currency: row.currency,
  rate: Number(row.rate),
  source: row.source === 'hmrc' ? 'hmrc' : 'manual',
  enteredBy,
  updatedAt: row.updatedAt.toISOString(),
});

/** The rates, newest month first, of one month or all. */
export async function listExchangeRates(db: Db, query: { month?: string | undefined }): Promise<ExchangeRate[]> {
  const rows = await db
    .select({ rate: exchangeRates, email: users.email })
    .from(exchangeRates)
    .leftJoin(users, eq(users.id, exchangeRates.enteredBy))
    .where(query.month ? eq(exchangeRates.month, query.month) : undefined)
    .orderBy(desc(exchangeRates.month), asc(exchangeRates.currency));
  return rows.map((row) => toRate(row.rate, row.email));
}

/**
 * Enters one month's rate for a currency (replacing what was there), inside the caller's transaction;
 * returns the rate before (null if none) and after, for the audit entry.
 */
export async function putExchangeRate(
  tx: Db,
  input: { month: string; currency: string; rate: number; source: 'hmrc' | 'manual'; adminId: string; now: Date },
) {
  const [before] = await tx
    .select()
    .from(exchangeRates)
    .where(and(eq(exchangeRates.month, input.month), eq(exchangeRates.currency, input.currency)));
  const values = { rate: input.rate, source: input.source, enteredBy: input.adminId, updatedAt: input.now };
  const [row] = await tx
    .insert(exchangeRates)
    .values({ month: input.month, currency: input.currency, ...values, createdAt: input.now })
    .onConflictDoUpdate({ target: [exchangeRates.month, exchangeRates.currency], set: values })
    .returning();
  if (!row) throw new Error('Saving the exchange rate failed');
  return { before: before ? Number(before.rate) : null, row };
}

/** The rate with the e-mail of whoever entered it, as the list shows it. */
export async function exchangeRateById(db: Db, id: string): Promise<ExchangeRate | null> {
  const [found] = await db
    .select({ rate: exchangeRates, email: users.email })
    .from(exchangeRates)
    .leftJoin(users, eq(users.id, exchangeRates.enteredBy))
    .where(eq(exchangeRates.id, id));
  return found ? toRate(found.rate, found.email) : null;
}

/** One rate of a file: where it was (for the messages), the currency and its units per £1. */
interface FileRate {
  where: string;
  country: string;
  countryCode: string;
  currency: string;
  rate: string;
}

export interface ParsedRatesFile {
  month: string;
  format: 'xml' | 'csv';
  /** The shop's currencies' rates in the file. */
  rates: { currency: string; rate: number }[];
  /** The file's rates for currencies the shop does not sell in, left out. */
  ignored: number;
}

/** A 400 naming what is wrong with the file, shown beside the file field. */
const badFile = (message: string) => badRequest(message, { code: 'bad_rates_file', fields: { file: message } });

const HMRC_CSV_HEADER = 'Country/Territories, Currency, Currency Code, Currency Units per £1, Start date, End date';
const monthNames = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decodeXml = (text: string) =>
  text
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) =>
      name.startsWith('#x') || name.startsWith('#X')
        ? String.fromCodePoint(parseInt(name.slice(2), 16))
        : name.startsWith('#')
          ? String.fromCodePoint(Number(name.slice(1)))
          : (entities[name] ?? whole),
    )
    .trim();

/**
 * HMRC's monthly XML: `<exchangeRateMonthList Period="01/Nov/2026 to 30/Nov/2026">` holding one
 * `<exchangeRate>` per country with `countryName`, `countryCode`, `currencyName`, `currencyCode` and
 * `rateNew` (units per £1). The format is flat and fixed, so it is read element by element rather
 * than through a general XML library (none is a dependency of the shop).
 */
function readXml(text: string): { month: string; rates: FileRate[] } {
  const body = text.replace(/<!--[\s\S]*?-->/g, '');
  const root = /<exchangeRateMonthList\b([^>]*)>/.exec(body);
  if (!root) throw badFile('This XML is not HMRC’s monthly rates: it has no <exchangeRateMonthList> element.');
  if (!body.includes('</exchangeRateMonthList>'))
    throw badFile('The file is cut short: the </exchangeRateMonthList> closing tag is missing.');
  const period = /\bPeriod\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(root[1] ?? '');
  const periodText = (period?.[1] ?? period?.[2] ?? '').trim();
  const start = /^(\d{2})\/([A-Za-z]{3})\/(\d{4})\s+to\s+\d{2}\/[A-Za-z]{3}\/\d{4}$/.exec(periodText);
  const monthIndex = start ? monthNames.indexOf((start[2] ?? '').toLowerCase()) : -1;
  if (!start || monthIndex < 0)
    throw badFile(
      `The Period attribute ${periodText ? `“${periodText}”` : 'is missing; it'} should read like “01/Nov/2026 to 30/Nov/2026”.`,
    );
  const month = `${start[3]}-${String(monthIndex + 1).padStart(2, '0')}`;
  const rates: FileRate[] = [];
  const entries = body.matchAll(/<exchangeRate>([\s\S]*?)<\/exchangeRate>/g);
  for (const [, entry = ''] of entries) {
    const field = (name: string) => {
      const match = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(entry);
      return match ? decodeXml(match[1] ?? '') : null;
    };
    const country = field('countryName') ?? '';
    const where = `Entry ${rates.length + 1}${country ? ` (${country})` : ''}`;
    const currency = field('currencyCode');
    if (!currency) throw badFile(`${where} has no <currencyCode>.`);
    const rate = field('rateNew');
    if (rate === null) throw badFile(`${where} has no <rateNew>.`);
    rates.push({ where, country, countryCode: field('countryCode') ?? '', currency: currency.toUpperCase(), rate });
  }
  if (rates.length === 0) throw badFile('The file has no <exchangeRate> entries.');
  return { month, rates };
}

/** HMRC's monthly CSV: Country/Territories, Currency, Currency Code, Currency Units per £1, Start date, End date. */
function readCsv(text: string): { month: string; rates: FileRate[] } {
  const [header = [], ...lines] = parseCsv(text).filter((cells) => cells.some((cell) => cell.trim() !== ''));
  const names = header.map((name) => name.trim().toLowerCase());
  const column = (test: (name: string) => boolean, label: string) => {
    const index = names.findIndex(test);
    if (index < 0)
      throw badFile(`The CSV has no “${label}” column; HMRC’s monthly file starts with: ${HMRC_CSV_HEADER}.`);
    return index;
  };
  const country = column((name) => name.startsWith('country'), 'Country/Territories');
  const code = column((name) => name === 'currency code', 'Currency Code');
  const units = column((name) => name.startsWith('currency units per'), 'Currency Units per £1');
  const startDate = column((name) => name === 'start date', 'Start date');
  if (lines.length === 0) throw badFile('The CSV has a header but no rates.');
  const months = new Set<string>();
  const rates = lines.map((cells, index) => {
    const name = (cells[country] ?? '').trim();
    const where = `Row ${index + 2}${name ? ` (${name})` : ''}`;
    const start = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec((cells[startDate] ?? '').trim());
    if (!start) throw badFile(`${where}: the start date “${cells[startDate] ?? ''}” is not DD/MM/YYYY.`);
    months.add(`${start[3]}-${start[2]}`);
    const currency = (cells[code] ?? '').trim().toUpperCase();
    if (!currency) throw badFile(`${where} has no currency code.`);
    return { where, country: name, countryCode: '', currency, rate: (cells[units] ?? '').trim() };
  });
  if (months.size > 1)
    throw badFile(
      `The file covers more than one month (${[...months].sort().join(', ')}); import one month’s file at a time.`,
    );
  return { month: [...months][0] ?? '', rates };
}

const isEurozone = (rate: FileRate) =>
  rate.countryCode.toUpperCase() === 'EU' || /^(eurozone|euro zone|european union)/i.test(rate.country);

/**
 * Reads an HMRC monthly rates file, XML or CSV (told apart by its first character), and keeps the
 * rates of the currencies the shop sells in. A currency listed for several countries (the euro, in
 * older files) takes the Eurozone row, which HMRC says to use for invoices in euros; rows that
 * disagree with no Eurozone row are refused. Throws a 400 naming what is wrong.
 */
export function parseRatesFile(text: string): ParsedRatesFile {
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  const format = trimmed.startsWith('<') ? 'xml' : 'csv';
  const { month, rates } = format === 'xml' ? readXml(trimmed) : readCsv(trimmed);
  const kept: ParsedRatesFile['rates'] = [];
  for (const currency of foreignShopCurrencies) {
    const rows = rates.filter((rate) => rate.currency === currency);
    if (rows.length === 0) throw badFile(`The file has no rate for ${currency}, a currency the shop sells in.`);
    for (const row of rows)
      if (!/^\d+(\.\d{1,6})?$/.test(row.rate) || !(Number(row.rate) > 0))
        throw badFile(`${row.where}: the rate “${row.rate}” is not a positive number with up to 6 decimals.`);
    const chosen = rows.find(isEurozone) ?? rows[0];
    const differing = new Set(rows.map((row) => Number(row.rate)));
    if (!rows.some(isEurozone) && differing.size > 1)
      throw badFile(
        `The file gives ${currency} different rates (${[...differing].join(', ')}) and no Eurozone row to choose.`,
      );
    if (chosen) kept.push({ currency, rate: Number(chosen.rate) });
  }
  return {
    month,
    format,
    rates: kept,
    ignored: rates.filter((rate) => !foreignShopCurrencies.includes(rate.currency)).length,
  };
}

/** Imports a parsed file's rates for its month (source 'hmrc'), inside the caller's transaction. */
export async function importExchangeRates(tx: Db, file: ParsedRatesFile, adminId: string, now: Date) {
  const imported: { currency: string; rate: number; previous: number | null }[] = [];
  for (const { currency, rate } of file.rates) {
    const saved = await putExchangeRate(tx, { month: file.month, currency, rate, source: 'hmrc', adminId, now });
    imported.push({ currency, rate, previous: saved.before });
  }
  return imported;
}
