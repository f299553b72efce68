import { sql, type SQL } from 'drizzle-orm';
import type { AdminOrderListQuery } from '../../shared/orders/order-admin-contracts';
import type { OrderKind } from '../../shared/orders/order-kind';
import type { OrderStatus, PaymentStatus } from '../../shared/orders/order-status';
import { ERASED } from '../../shared/privacy/privacy-contracts';
import type { Db } from '../db/client';
import {
  commonFilters,
  type CustomerColumns,
  iso,
  keysetBatches,
  likeEscape,
  listPage,
  nameOf,
  pageOf,
  searchFilter,
} from '../db/list-sql';
import { overdueFilter, todayOf } from '../billing/overdue';
import { exportProofMissingFilter } from '../customs/export-proof';

/**
 * An order kept under legal hold after its customer's erasure, or purged after it (decision 0039): the
 * list and its CSV show it with its figures but "[erased]" for the customer, and no search finds it by them.
 */
const erasedOrder = sql`(t.legal_hold_until is not null or t.personal_data_purged_at is not null)`;

/**
 * The orders' search also finds what staff reach for (issue 28): without an @, part of an e-mail ("tom.hughes")
 * or of the order number ("00003"), the PO and VAT numbers, and the number of the quote it came from; and
 * (issue 36) everything a document of the order carries: its invoice and credit-note numbers, its tracking
 * number, its instruments' serial numbers, and its payments' and refunds' references. A reference (the
 * payer's text) and a tracking number (it leads to the delivery address) are the customer's, so, like their
 * details, they do not find an erased customer's order; the shop's own numbers still do.
 */
function orderSearchFilter(term: string): SQL {
  // With an @ the indexed e-mail prefix search alone ("tom.hughes@lab" is a prefix).
  if (term.includes('@')) return sql`(${searchFilter(term, sql`t.order_number`)} and not ${erasedOrder})`;
  const contains = `%${likeEscape(term.toLowerCase())}%`;
  return sql`(upper(t.order_number) like ${`${likeEscape(term.toUpperCase())}%`}
    or lower(t.order_number) like ${contains}
    or lower(coalesce(t.po_number, '')) like ${contains}
    or t.quote_id = any(array(select id from quotes where lower(quote_number) like ${contains}))
    or t.id = any(array(select order_id from invoices where lower(number) like ${contains}))
    or t.id = any(array(select order_id from instruments where lower(serial_number) like ${contains}))
    or (not ${erasedOrder} and (${searchFilter(term, sql`t.order_number`)}
      or lower(coalesce(t.configuration->'customerInfo'->>'email', '')) like ${contains}
      or t.user_id = any(array(select id from profiles where lower(email) like ${contains}))
      or lower(coalesce(t.vat_number, '')) like ${contains}
      or lower(coalesce(t.tracking_number, '')) like ${contains}
      or t.id = any(array(select order_id from payment_transactions where lower(reference) like ${contains}))
      or t.id = any(array(select order_id from refunds where lower(reference) like ${contains})))))`;
}

export function orderFilters(query: AdminOrderListQuery, now: Date = new Date()): SQL[] {
  const filters = commonFilters({ ...query, search: undefined }, sql`t.order_number`);
  if (query.search) filters.unshift(orderSearchFilter(query.search));
  if (query.status) filters.push(sql`t.status = ${query.status}`);
  if (query.paymentStatus) filters.push(sql`t.payment_status = ${query.paymentStatus}`);
  if (query.overdue) filters.push(overdueFilter(query.overdue, todayOf(now)));
  if (query.exportProof === 'missing') filters.push(exportProofMissingFilter('t'));
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
  kind: OrderKind;
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
    kind: row.kind,
  };
}

const orderSelect = sql`select t.id, t.order_number, t.created_at, t.total_amount, t.currency, t.status, t.payment_status, t.kind, t.user_id,
  ${erasedOrder} as erased, p.email as profile_email, p.first_name, p.last_name, p.company,
  t.configuration->'customerInfo'->>'email' as info_email, t.configuration->'customerInfo'->>'firstName' as info_first,
  t.configuration->'customerInfo'->>'lastName' as info_last, t.configuration->'customerInfo'->>'organization' as info_org
  from orders t left join profiles p on p.id = t.user_id`;

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
