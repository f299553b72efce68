import { and, eq, inArray } from 'drizzle-orm';
import { type GbpColumns, gbpColumnsOf, taxPointMonth } from '../../shared/orders/gbp-figures';
import type { Db } from '../db/client';
import { exchangeRates } from '../db/schema';

/** The table's rate for a currency and month (units per £1), or null when none is entered yet. */
export async function monthlyRate(db: Db, currency: string, month: string): Promise<number | null> {
  const [row] = await db
    .select({ rate: exchangeRates.rate })
    .from(exchangeRates)
    .where(and(eq(exchangeRates.month, month), eq(exchangeRates.currency, currency)));
  return row ? Number(row.rate) : null;
}

/** The table's rates for these months, keyed `YYYY-MM CUR`. */
export async function monthlyRates(db: Db, months: readonly string[]): Promise<Map<string, number>> {
  if (months.length === 0) return new Map();
  const rows = await db
    .select()
    .from(exchangeRates)
    .where(inArray(exchangeRates.month, [...new Set(months)]));
  return new Map(rows.map((row) => [`${row.month} ${row.currency}`, Number(row.rate)]));
}

/**
 * The four GBP columns of a document being issued (issue 36): the rate of its tax point's month from
 * the table, or rate 1 for a pound document; all null when the month has no rate yet (the register
 * then converts with the table's rate once staff enter it, and says so).
 */
export async function gbpAtTaxPoint(
  db: Db,
  document: { currency: string; amount: number; vatAmount: number; issuedAt: Date },
): Promise<GbpColumns> {
  const month = taxPointMonth(document.issuedAt);
  const rate = document.currency === 'GBP' ? 1 : await monthlyRate(db, document.currency, month);
  return gbpColumnsOf(document, month, rate);
}
