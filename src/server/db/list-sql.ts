import type { AdminListQuery } from '../../shared/lists';
import { sql, type SQL } from 'drizzle-orm';
import { type Db, queryRows } from './client';

/**
 * What the staff lists (orders, quotes, users, abandoned checkouts) share: the filter pieces, one
 * page with the filter's total, and the keyset pager their CSV exports read with. Each list reads
 * its table (or union) as `t`, newest first by a time column, the row id breaking ties.
 */

/** LIKE with the user's % and _ taken literally. */
export const likeEscape = (term: string) => term.replaceAll('\\', '\\\\').replaceAll('%', '\\%').replaceAll('_', '\\_');
export const whereOf = (filters: SQL[]) => (filters.length > 0 ? sql`where ${sql.join(filters, sql` and `)}` : sql``);
/** The start of the day after `date` (YYYY-MM-DD), the exclusive end of a "to" filter. */
export const nextDay = (date: string) =>
  new Date(new Date(`${date}T00:00:00.000Z`).getTime() + 86_400_000).toISOString();
export const iso = (value: string | Date) => (value instanceof Date ? value : new Date(value)).toISOString();
export const nameOf = (first: string | null, last: string | null) =>
  [first, last].filter((part) => part && part.trim() !== '').join(' ') || null;

interface ListShape {
  /** `select … from <table> t …`, without a where clause. */
  select: SQL;
  filters: SQL[];
  /** The time column the list is newest first by (`t.created_at`). */
  sortColumn: SQL;
  /** The id column that breaks ties; `t.id` unless the list names its table otherwise. */
  idColumn?: SQL;
}

/** One page of a list and the total of its filter (`count` is `select count(*) as n from <table> t`). */
export async function listPage<Row extends Record<string, unknown>, Item>(
  db: Db,
  list: ListShape & { count: SQL; page: number; pageSize: number },
  toItem: (row: Row) => Item,
) {
  const where = whereOf(list.filters);
  const idColumn = list.idColumn ?? sql`t.id`;
  const [rows, totals] = await Promise.all([
    queryRows<Row>(
      db,
      sql`${list.select} ${where} order by ${list.sortColumn} desc, ${idColumn} desc limit ${list.pageSize} offset ${(list.page - 1) * list.pageSize}`,
    ),
    queryRows<{ n: number | string }>(db, sql`${list.count} ${where}`),
  ]);
  return { items: rows.map(toItem), total: Number(totals[0]?.n ?? 0), page: list.page, pageSize: list.pageSize };
}

/** Pages through the filter by keyset (sort time, id), so an export of any size holds one batch in memory. */
export async function* keysetBatches<Row extends Record<string, unknown> & { id: string }, Item>(
  db: Db,
  list: ListShape & { sortValue: (row: Row) => string | Date; batchSize: number },
  toItem: (row: Row) => Item,
): AsyncGenerator<Item[]> {
  const idColumn = list.idColumn ?? sql`t.id`;
  let after: { sortValue: string; id: string } | null = null;
  for (;;) {
    const keyset: SQL[] = after
      ? [sql`(${list.sortColumn}, ${idColumn}) < (${after.sortValue}::timestamptz, ${after.id}::uuid)`]
      : [];
    const rows: Row[] = await queryRows<Row>(
      db,
      sql`${list.select} ${whereOf([...list.filters, ...keyset])} order by ${list.sortColumn} desc, ${idColumn} desc limit ${list.batchSize}`,
    );
    if (rows.length === 0) return;
    yield rows.map(toItem);
    const last = rows.at(-1);
    if (!last) return;
    after = { sortValue: iso(list.sortValue(last)), id: last.id };
    if (rows.length < list.batchSize) return;
  }
}

/** The customer columns every list query selects: the profile's, else the order's or quote's customer info. */
export interface CustomerColumns {
  profile_email: string | null;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  info_email: string | null;
  info_first: string | null;
  info_last: string | null;
  info_org: string | null;
}

/** What the lists share; the routes' schemas have checked the dates are real days. */
export type ListQuery = Pick<AdminListQuery, 'search' | 'from' | 'to'>;

/**
 * The search of a list over its table alias `t`: an e-mail (contains @) is a prefix of the customer's
 * e-mail (indexed, on the stored customer info and the profile); otherwise a prefix of the number
 * (indexed) or a part of the name or organisation.
 */
export function searchFilter(term: string, numberColumn: SQL): SQL {
  const escaped = likeEscape(term.toLowerCase());
  if (term.includes('@')) {
    return sql`(lower(t.configuration->'customerInfo'->>'email') like ${`${escaped}%`} or t.user_id = any(array(select id from profiles where lower(email) like ${`${escaped}%`})))`;
  }
  const contains = `%${escaped}%`;
  return sql`(upper(${numberColumn}) like ${`${likeEscape(term.toUpperCase())}%`}
    or lower(coalesce(t.configuration->'customerInfo'->>'firstName', '') || ' ' || coalesce(t.configuration->'customerInfo'->>'lastName', '')) like ${contains}
    or lower(coalesce(t.configuration->'customerInfo'->>'organization', '')) like ${contains}
    or t.user_id = any(array(select id from profiles where lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) like ${contains} or lower(coalesce(company, '')) like ${contains})))`;
}

export function commonFilters(query: ListQuery, numberColumn: SQL): SQL[] {
  const filters: SQL[] = [];
  if (query.search) filters.push(searchFilter(query.search, numberColumn));
  if (query.from) filters.push(sql`t.created_at >= ${`${query.from}T00:00:00.000Z`}`);
  if (query.to) filters.push(sql`t.created_at < ${nextDay(query.to)}`);
  return filters;
}

/** A page's position, as the lists take it. */
export const pageOf = (query: { page: number; pageSize: number }) => ({ page: query.page, pageSize: query.pageSize });

/** A list cell's text, or the list's fallback wording where there is none. */
export const fallback = (value: string | null | undefined, text: string) =>
  value && value.trim() !== '' ? value : text;
