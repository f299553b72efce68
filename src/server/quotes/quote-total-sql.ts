import { sql, type SQL } from 'drizzle-orm';

/**
 * A quote's total (minor units, as text) from its stored configuration, for the quote named `alias`
 * in the query: pricing.totals.total, or pricing.total where quotes saved before the totals object
 * keep it. The admin quote list, the customer page and the dashboard all read it here.
 */
export const quoteTotalSql = (alias: string): SQL =>
  sql`coalesce(${sql.identifier(alias)}.configuration->'pricing'->'totals'->>'total', ${sql.identifier(alias)}.configuration->'pricing'->>'total')`;
