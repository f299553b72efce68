import { sql, type SQL } from 'drizzle-orm';
import {
  type AdminListQuery,
  type AdminOrderListQuery,
  type AdminQuoteListQuery,
  customerFallbacks,
} from '../../shared/admin/admin-schemas';
import {
  effectiveQuoteStatus,
  type OrderStatus,
  type PaymentStatus,
  type QuoteStatus,
} from '../../shared/orders/order-status';
import { ERASED } from '../../shared/privacy/privacy-contracts';
import { overdueFilter, todayOf } from '../orders/overdue';
import type { Db } from '../db/client';
import { type CustomerColumns, iso, keysetBatches, likeEscape, listPage, nameOf, nextDay } from './list-sql';

/** What the lists share; the routes' schemas have checked the dates are real days. */
type ListQuery = Pick<AdminListQuery, 'search' | 'from' | 'to'>;

/**
 * The search of a list over its table alias `t`: an e-mail (contains @) is a prefix of the customer's
 * e-mail (indexed, on the stored customer info and the profile); otherwise a prefix of the number
 * (indexed) or a part of the name or organisation.
 */
function searchFilter(term: string, numberColumn: SQL): SQL {
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

function commonFilters(query: ListQuery, numberColumn: SQL): SQL[] {
  const filters: SQL[] = [];
  if (query.search) filters.push(searchFilter(query.search, numberColumn));
  if (query.from) filters.push(sql`t.created_at >= ${`${query.from}T00:00:00.000Z`}`);
  if (query.to) filters.push(sql`t.created_at < ${nextDay(query.to)}`);
  return filters;
}

/**
 * An order kept under legal hold after its customer's erasure, or purged after it (decision 0039): the
 * list and its CSV show it with its figures but "[erased]" for the customer, and no search finds it by them.
 */
const erasedOrder = sql`(t.legal_hold_until is not null or t.personal_data_purged_at is not null)`;

/**
 * The orders' search also finds what staff reach for (issue 28): without an @, part of an e-mail ("tom.hughes")
 * or of the order number ("00003"), the PO and VAT numbers, and the number of the quote it came from.
 */
function orderSearchFilter(term: string): SQL {
  // With an @ the indexed e-mail prefix search alone ("tom.hughes@lab" is a prefix).
  if (term.includes('@')) return sql`(${searchFilter(term, sql`t.order_number`)} and not ${erasedOrder})`;
  const contains = `%${likeEscape(term.toLowerCase())}%`;
  return sql`(upper(t.order_number) like ${`${likeEscape(term.toUpperCase())}%`}
    or lower(t.order_number) like ${contains}
    or lower(coalesce(t.po_number, '')) like ${contains}
    or t.quote_id = any(array(select id from quotes where lower(quote_number) like ${contains}))
    or (not ${erasedOrder} and (${searchFilter(term, sql`t.order_number`)}
      or lower(coalesce(t.configuration->'customerInfo'->>'email', '')) like ${contains}
      or t.user_id = any(array(select id from profiles where lower(email) like ${contains}))
      or lower(coalesce(t.vat_number, '')) like ${contains})))`;
}

export function orderFilters(query: AdminOrderListQuery, now: Date = new Date()): SQL[] {
  const filters = commonFilters({ ...query, search: undefined }, sql`t.order_number`);
  if (query.search) filters.unshift(orderSearchFilter(query.search));
  if (query.status) filters.push(sql`t.status = ${query.status}`);
  if (query.paymentStatus) filters.push(sql`t.payment_status = ${query.paymentStatus}`);
  if (query.overdue) filters.push(overdueFilter(query.overdue, todayOf(now)));
  return filters;
}

interface OrderListRow extends Record<string, unknown>, CustomerColumns {
  id: string;
  order_number: string;
  created_at: string | Date;
  total_amount: number;
  currency: string;
  status: OrderStatus;
  payment_status: PaymentStatus;
  user_id: string | null;
  erased: boolean;
}

function toOrderListItem(row: OrderListRow) {
  const profileName = nameOf(row.first_name, row.last_name);
  return {
    id: row.id,
    orderNumber: row.order_number,
    createdAt: iso(row.created_at),
    customerName: row.erased ? ERASED : ((row.user_id ? profileName : null) ?? nameOf(row.info_first, row.info_last)),
    customerEmail: row.erased ? ERASED : (row.profile_email ?? row.info_email),
    customerCompany: row.erased ? ERASED : (row.company ?? row.info_org),
    isGuest: row.user_id === null,
    totalAmount: Number(row.total_amount),
    currency: row.currency,
    status: row.status,
    paymentStatus: row.payment_status,
  };
}

const orderSelect = sql`select t.id, t.order_number, t.created_at, t.total_amount, t.currency, t.status, t.payment_status, t.user_id,
  ${erasedOrder} as erased, p.email as profile_email, p.first_name, p.last_name, p.company,
  t.configuration->'customerInfo'->>'email' as info_email, t.configuration->'customerInfo'->>'firstName' as info_first,
  t.configuration->'customerInfo'->>'lastName' as info_last, t.configuration->'customerInfo'->>'organization' as info_org
  from orders t left join profiles p on p.id = t.user_id`;

const pageOf = (query: { page: number; pageSize: number }) => ({ page: query.page, pageSize: query.pageSize });
const orderList = (query: AdminOrderListQuery, now: Date) => ({
  select: orderSelect,
  filters: orderFilters(query, now),
  sortColumn: sql`t.created_at`,
});

/** GET /api/admin/orders: newest first, one page and the total of the filter. */
export async function listOrders(db: Db, query: AdminOrderListQuery, now: Date = new Date()) {
  return listPage<OrderListRow, ReturnType<typeof toOrderListItem>>(
    db,
    { ...orderList(query, now), count: sql`select count(*) as n from orders t`, ...pageOf(query) },
    toOrderListItem,
  );
}

/** Pages through the filter by keyset (created_at, id), so an export of any size holds one batch in memory. */
export function orderBatches(db: Db, query: AdminOrderListQuery, batchSize = 1000, now: Date = new Date()) {
  return keysetBatches<OrderListRow, ReturnType<typeof toOrderListItem>>(
    db,
    { ...orderList(query, now), sortValue: (row) => row.created_at, batchSize },
    toOrderListItem,
  );
}

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
  coalesce(t.configuration->'pricing'->'totals'->>'total', t.configuration->'pricing'->>'total') as total,
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

interface UserListRow extends Record<string, unknown> {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  country: string | null;
  is_admin: boolean;
  mfa_enabled: boolean;
  created_at: string | Date;
}

/** GET /api/admin/users: profiles newest first, with whether two-factor is on. */
export async function listUsers(db: Db, query: AdminListQuery) {
  const filters: SQL[] = [];
  if (query.search) {
    const escaped = likeEscape(query.search.toLowerCase());
    filters.push(
      query.search.includes('@')
        ? sql`lower(p.email) like ${`${escaped}%`}`
        : sql`(lower(p.email) like ${`%${escaped}%`} or lower(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')) like ${`%${escaped}%`} or lower(coalesce(p.company, '')) like ${`%${escaped}%`})`,
    );
  }
  if (query.from) filters.push(sql`p.created_at >= ${`${query.from}T00:00:00.000Z`}`);
  if (query.to) filters.push(sql`p.created_at < ${nextDay(query.to)}`);
  if (query.status === 'admin') filters.push(sql`p.is_admin`);
  if (query.status === 'customer') filters.push(sql`not p.is_admin`);
  return listPage<UserListRow, ReturnType<typeof toUserListItem>>(
    db,
    {
      select: sql`select p.id, p.email, p.first_name, p.last_name, p.company, p.country, p.is_admin, p.created_at,
        exists (select 1 from mfa_factors f where f.user_id = p.id and f.status = 'verified') as mfa_enabled
        from profiles p`,
      count: sql`select count(*) as n from profiles p`,
      filters,
      sortColumn: sql`p.created_at`,
      idColumn: sql`p.id`,
      ...pageOf(query),
    },
    toUserListItem,
  );
}

function toUserListItem(row: UserListRow) {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    company: row.company,
    country: row.country,
    isAdmin: row.is_admin,
    mfaEnabled: row.mfa_enabled,
    createdAt: iso(row.created_at),
  };
}

export const fallback = (value: string | null | undefined, text: string) =>
  value && value.trim() !== '' ? value : text;
export { customerFallbacks };
