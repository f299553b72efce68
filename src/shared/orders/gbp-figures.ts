import { countries } from '../countries';

/**
 * GBP equivalents of documents in another currency (issue 36, docs/decisions/0053). A UK VAT return
 * is in pounds: each invoice and credit note in euros is converted at the monthly rate of its tax
 * point (the month it was issued), as HMRC's monthly rates are quoted: units of the currency per £1.
 */

/** The currencies the shop sells in other than the pound: the ones a rate is kept for. */
export const foreignShopCurrencies: readonly string[] = [
  ...new Set(
    countries
      .filter((country) => country.available && country.currency !== 'GBP' && country.currency !== 'USD')
      .map((country) => country.currency),
  ),
];

/** The tax point's month (YYYY-MM) of a document issued at `issuedAt`: its issue day is the UTC day the PDF prints. */
export const taxPointMonth = (issuedAt: Date | string) => new Date(issuedAt).toISOString().slice(0, 7);

const RATE_SCALE = 1_000_000n;

/**
 * An amount in the currency's minor units as pence at `rate` (units per £1, up to 6 decimals, as the
 * table stores it): minor ÷ rate, rounded half away from zero. Worked in integers, so a figure that
 * falls exactly on a half-penny rounds the way the rule says, not the way binary floating point drifts.
 */
export function toPence(minor: number, rate: number): number {
  if (!(rate > 0)) throw new Error('An exchange rate must be positive');
  const scaledRate = BigInt(Math.round(rate * Number(RATE_SCALE)));
  const numerator = BigInt(Math.abs(minor)) * RATE_SCALE;
  let pence = numerator / scaledRate;
  if ((numerator % scaledRate) * 2n >= scaledRate) pence += 1n;
  return Math.sign(minor) * Number(pence);
}

/** What an invoice row records: the rate, its month, and the gross and VAT in pence (each rounded on its own). */
export interface GbpColumns {
  gbpRate: number | null;
  gbpRateMonth: string | null;
  gbpAmount: number | null;
  gbpVatAmount: number | null;
}

/**
 * A document's GBP columns: a pound document has rate 1 and its own figures; one in another currency
 * is converted at `rate` for `month`, or left empty (all null) when the table has no rate yet.
 */
export function gbpColumnsOf(
  document: { currency: string; amount: number; vatAmount: number },
  month: string,
  rate: number | null,
): GbpColumns {
  if (document.currency === 'GBP')
    return { gbpRate: 1, gbpRateMonth: month, gbpAmount: document.amount, gbpVatAmount: document.vatAmount };
  if (rate === null) return { gbpRate: null, gbpRateMonth: null, gbpAmount: null, gbpVatAmount: null };
  return {
    gbpRate: rate,
    gbpRateMonth: month,
    gbpAmount: toPence(document.amount, rate),
    gbpVatAmount: toPence(document.vatAmount, rate),
  };
}
