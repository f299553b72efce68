import type { Db } from '../../src/server/db/client';
import { exchangeRates } from '../../src/server/db/schema';

/**
 * HMRC's monthly euro rate entered for every month from `from` to `to` (YYYY-MM, inclusive), as the
 * finance clerk keys them: a euro invoice charging UK VAT states it in sterling at its month's rate and
 * is not issued without one (issue 51). A month already entered keeps its rate.
 */
export async function enterMonthlyRates(
  db: Db,
  { from = '2025-01', to = '2027-12', rate = 1.15 }: { from?: string; to?: string; rate?: number } = {},
) {
  const months: string[] = [];
  for (let [year, month] = from.split('-').map(Number) as [number, number]; ; month += 1) {
    if (month > 12) [year, month] = [year + 1, 1];
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > to) break;
    months.push(key);
  }
  await db
    .insert(exchangeRates)
    .values(months.map((month) => ({ month, currency: 'EUR', rate, source: 'manual' as const })))
    .onConflictDoNothing();
}
