import { sql, type SQL } from 'drizzle-orm';
import type { AdminQuoteListQuery } from '../../shared/quotes/quote-list-contracts';
import { effectiveQuoteStatus, type QuoteStatus } from '../../shared/orders/order-status';
import type { Db } from '../db/client';
import { commonFilters, iso, keysetBatches, listPage, nameOf, pageOf } from '../db/list-sql';
import { quoteTotalSql } from './quote-total-sql';

function quoteFilters(query: AdminQuoteListQuery, now: Date): SQL[] {
  const filters = commonFilters(query, sql`t.quote_number`);
  const converted = sql`exists (select 1 from orders o where o.quote_id = t.id)`;
  const nowIso = now.toISOString();
  const status = query.status;
  if (status) {
    if (status === 'accepted') filters.push(sql`(t.status = 'accepted' or ${converted})`);
    else if (status === 'expired')
      filters.push(
        sql`(t.status = 'expired' or (t.status = 'sent' and t.valid_until < ${nowIso})) and not ${converted}`,
      );
    else if (status === 'sent')
      filters.push(
        sql`t.status = 'sent' and (t.valid_until is null or t.valid_until >= ${nowIso}) and not ${converted}`,
      );
    else filters.push(sql`t.status = ${status} and not ${converted}`);
  }
  return filters;
}

interface QuoteListRow extends Record<string, unknown> {
  id: string;
  quote_number: string;
  quote_reference: string;
  status: QuoteStatus;
  currency: string;
  created_at: string | Date;
  valid_until: string | Date | null;
  user_id: string | null;
  profile_email: string | null;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  info_email: string | null;
  info_first: string | null;
  info_last: string | null;
  info_org: string | null;
  total: string | number | null;
  order_id: string | null;
}

const quoteSelect = sql`select t.id, t.quote_number, t.quote_reference, t.status, t.currency, t.created_at, t.valid_until, t.user_id,
  p.email as profile_email, p.first_name, p.last_name, p.company,
  t.configuration->'customerInfo'->>'email' as info_email, t.configuration->'customerInfo'->>'firstName' as info_first,
  t.configuration->'customerInfo'->>'lastName' as info_last, t.configuration->'customerInfo'->>'organization' as info_org,
  ${quoteTotalSql('t')} as total,
  (select o.id from orders o where o.quote_id = t.id order by o.created_at limit 1) as order_id
  from quotes t left join profiles p on p.id = t.user_id`;

const quoteList = (query: AdminQuoteListQuery, now: Date) => ({
  select: quoteSelect,
  filters: quoteFilters(query, now),
  sortColumn: sql`t.created_at`,
});

function toQuoteListItem(row: QuoteListRow, now: Date) {
  const validUntil = row.valid_until === null ? null : iso(row.valid_until);
  const total = row.total === null ? null : Math.round(Number(row.total));
  return {
    id: row.id,
    quoteNumber: row.quote_number,
    quoteReference: row.quote_reference,
    status: row.status,
    displayStatus: effectiveQuoteStatus({ status: row.status, validUntil, orderId: row.order_id }, now),
    customerName: (row.user_id ? nameOf(row.first_name, row.last_name) : null) ?? nameOf(row.info_first, row.info_last),
    customerEmail: row.profile_email ?? row.info_email,
    customerCompany: row.company ?? row.info_org,
    hasUser: row.user_id !== null,
    total: Number.isFinite(total) ? total : null,
    currency: row.currency,
    createdAt: iso(row.created_at),
    validUntil,
    orderId: row.order_id,
  };
}

/** GET /api/admin/quotes. */
export async function listQuotes(db: Db, query: AdminQuoteListQuery, now: Date) {
  return listPage<QuoteListRow, ReturnType<typeof toQuoteListItem>>(
    db,
    { ...quoteList(query, now), count: sql`select count(*) as n from quotes t`, ...pageOf(query) },
    (row) => toQuoteListItem(row, now),
  );
}

export function quoteBatches(db: Db, query: AdminQuoteListQuery, now: Date, batchSize = 1000) {
  return keysetBatches<QuoteListRow, ReturnType<typeof toQuoteListItem>>(
    db,
    { ...quoteList(query, now), sortValue: (row) => row.created_at, batchSize },
    (row) => toQuoteListItem(row, now),
  );
}
