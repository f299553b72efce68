import { sql, type SQL } from 'drizzle-orm';
import { asTitle } from '../../shared/accounts/title';
import {
  type AdminCustomer,
  type AdminCustomerListQuery,
  type CustomerDetail,
  customerMessages,
} from '../../shared/customers/customer-schemas';
import {
  effectiveQuoteStatus,
  type OrderStatus,
  type PaymentStatus,
  type QuoteStatus,
} from '../../shared/orders/order-status';
import { type Db, queryRows } from '../db/client';
import { notFound } from '../http/http-error';
import { iso, keysetBatches, likeEscape, nameOf, nextDay, whereOf } from '../db/list-sql';
import { quoteTotalSql } from '../quotes/quote-total-sql';
import { checkoutCompanySql, checkoutCountrySql } from '../orders/checkout-details-sql';
import { customerOrganisation, organisationsNamed } from '../organisations/organisations';

/**
 * The customers staff see (issue 24, decision 0045): every account that is not staff (and staff
 * who ordered or asked for a quote), and every guest, the orders and quotes placed without an
 * account grouped by their lower-cased customerInfo e-mail. One grouped query over orders and
 * quotes answers a page, its total (a window count) and the totals per currency.
 */

/** Whose activity a query reads: everyone's (the list), one account's or one guest e-mail's (the page). */
export type Scope =
  | { kind: 'all' }
  /** `colleagues`: the other members of the account's organisation, whose orders a member's own statement covers (decision 0068). */
  | { kind: 'account'; userId: string; colleagues?: string[] }
  | { kind: 'guest'; email: string };

const guestEmail = (alias: string) => sql.raw(`lower(${alias}.configuration->'customerInfo'->>'email')`);

/**
 * An order kept under legal hold after its customer's erasure, or purged after it (decision 0039): it
 * stays for the law and the accountant's register, and names no customer in the list or on a page.
 */
const erasedOrder = sql`(o.legal_hold_until is not null or o.personal_data_purged_at is not null)`;

/** Orders and quotes of the scope (alias o / q); a guest's are found through the indexed lower-cased e-mail. */
export function scopeOf(scope: Scope, alias: 'o' | 'q'): SQL {
  const userId = sql.raw(`${alias}.user_id`);
  const whose =
    scope.kind === 'account'
      ? scope.colleagues && scope.colleagues.length > 0
        ? sql`${userId} in (${sql.join(
            [scope.userId, ...scope.colleagues].map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`
        : sql`${userId} = ${scope.userId}::uuid`
      : scope.kind === 'guest'
        ? sql`${userId} is null and ${guestEmail(alias)} = ${scope.email}`
        : sql`(${userId} is not null or coalesce(${guestEmail(alias)}, '') <> '')`;
  return alias === 'o' ? sql`${whose} and not ${erasedOrder}` : whose;
}

/**
 * `select … from (customers) t`: id (uuid: the user id, or the guest e-mail's MD5), key, kind,
 * email, first_name, last_name, organisation, country, orders, quotes, totals (jsonb currency →
 * minor units, cancelled orders excluded), last_activity_at.
 */
function customersSelect(scope: Scope): SQL {
  const profileScope =
    scope.kind === 'account' ? sql`p.id = ${scope.userId}::uuid` : scope.kind === 'guest' ? sql`false` : sql`true`;
  // An account whose profile has no name (signed up with an e-mail only) shows the name its latest order or quote gave.
  const noProfileName = sql`coalesce(p.first_name, '') = '' and coalesce(p.last_name, '') = ''`;
  return sql`select * from (
    with activity as (
      select coalesce(o.user_id::text, 'guest:' || md5(${guestEmail('o')})) as key, o.user_id, ${guestEmail('o')} as guest_email,
        true as is_order, o.configuration->'customerInfo' as info,
        ${checkoutCountrySql('o')} as country, ${checkoutCompanySql('o')} as company,
        case when o.status <> 'cancelled' then o.currency end as ordered_currency,
        case when o.status <> 'cancelled' then o.total_amount else 0 end as ordered, o.created_at
      from orders o where ${scopeOf(scope, 'o')}
      union all
      select coalesce(q.user_id::text, 'guest:' || md5(${guestEmail('q')})), q.user_id, ${guestEmail('q')},
        false, q.configuration->'customerInfo', nullif(q.configuration->'customerInfo'->>'country', ''),
        nullif(trim(q.configuration->'customerInfo'->>'organization'), ''), null, 0, q.created_at
      from quotes q where ${scopeOf(scope, 'q')}
    ),
    per_currency as (
      select key, jsonb_object_agg(ordered_currency, ordered) as totals
      from (select key, ordered_currency, sum(ordered) as ordered from activity where ordered_currency is not null group by key, ordered_currency) c
      group by key
    ),
    per_customer as (
      select a.key, min(a.user_id::text)::uuid as user_id, min(a.guest_email) as guest_email,
        count(*) filter (where a.is_order) as orders, count(*) filter (where not a.is_order) as quotes,
        max(a.created_at) as last_at,
        (array_agg(a.info order by a.created_at desc))[1] as info,
        -- The company and country last given at checkout (an order's billing address), else on a quote.
        (array_agg(a.country order by a.is_order desc, a.created_at desc) filter (where a.country is not null))[1] as country,
        (array_agg(a.company order by a.is_order desc, a.created_at desc) filter (where a.company is not null))[1] as company
      from activity a group by a.key
    )
    select p.id, p.id::text as key, 'account' as kind, p.email,
      case when ${noProfileName} then c.info->>'firstName' else p.first_name end as first_name,
      case when ${noProfileName} then c.info->>'lastName' else p.last_name end as last_name,
      case when ${noProfileName} then c.info->>'title' else p.title end as title,
      coalesce(nullif(p.company, ''), c.company) as organisation,
      coalesce(nullif(p.country, ''), c.country) as country,
      coalesce(c.orders, 0) as orders, coalesce(c.quotes, 0) as quotes, coalesce(pc.totals, '{}'::jsonb) as totals,
      coalesce(c.last_at, p.created_at) as last_activity_at
    from profiles p left join per_customer c on c.user_id = p.id left join per_currency pc on pc.key = c.key
    where ${profileScope} and (not p.is_admin or c.key is not null)
    union all
    select md5(c.guest_email)::uuid, c.key, 'guest', c.guest_email, c.info->>'firstName', c.info->>'lastName',
      c.info->>'title', c.company, c.country, c.orders, c.quotes, coalesce(pc.totals, '{}'::jsonb), c.last_at
    from per_customer c left join per_currency pc on pc.key = c.key
    where c.user_id is null
  ) t`;
}

function customerFilters(query: AdminCustomerListQuery): SQL[] {
  const filters: SQL[] = [];
  if (query.search) {
    const contains = `%${likeEscape(query.search.toLowerCase())}%`;
    filters.push(sql`(lower(coalesce(t.email, '')) like ${contains}
      or lower(coalesce(t.first_name, '') || ' ' || coalesce(t.last_name, '')) like ${contains}
      or lower(coalesce(t.organisation, '')) like ${contains})`);
  }
  if (query.kind) filters.push(sql`t.kind = ${query.kind}`);
  if (query.hasOrders === 'yes') filters.push(sql`t.orders > 0`);
  if (query.hasOrders === 'no') filters.push(sql`t.orders = 0`);
  if (query.country) filters.push(sql`upper(t.country) = ${query.country}`);
  if (query.from) filters.push(sql`t.last_activity_at >= ${`${query.from}T00:00:00.000Z`}`);
  if (query.to) filters.push(sql`t.last_activity_at < ${nextDay(query.to)}`);
  return filters;
}

interface CustomerRow extends Record<string, unknown> {
  id: string;
  key: string;
  kind: 'account' | 'guest';
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  title: string | null;
  organisation: string | null;
  country: string | null;
  orders: number | string;
  quotes: number | string;
  totals: Record<string, number | string> | string;
  last_activity_at: string | Date;
}

function toCustomer(row: CustomerRow): AdminCustomer {
  const totals = typeof row.totals === 'string' ? (JSON.parse(row.totals) as Record<string, number>) : row.totals;
  return {
    key: row.key,
    kind: row.kind,
    email: row.email,
    name: nameOf(row.first_name, row.last_name),
    title: asTitle(row.title),
    organisation: row.organisation && row.organisation.trim() !== '' ? row.organisation : null,
    country: row.country ? row.country.toUpperCase() : null,
    quotes: Number(row.quotes),
    orders: Number(row.orders),
    totals: Object.entries(totals)
      .map(([currency, amount]) => ({ currency, amount: Number(amount) }))
      .sort((a, b) => a.currency.localeCompare(b.currency)),
    lastActivityAt: iso(row.last_activity_at),
  };
}

const listShape = (query: AdminCustomerListQuery) => ({
  select: customersSelect({ kind: 'all' }),
  filters: customerFilters(query),
  sortColumn: sql`t.last_activity_at`,
});

/** GET /api/admin/customers: the most recently active first; one query gives the page and the filter's total. */
export async function listCustomers(db: Db, query: AdminCustomerListQuery) {
  const { select, filters, sortColumn } = listShape(query);
  const where = whereOf(filters);
  const rows = await queryRows<CustomerRow & { total: number | string }>(
    db,
    sql`select t.*, count(*) over () as total from (${select} ${where}) t
      order by ${sortColumn} desc, t.id desc limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
  // Past the last page the window has no row to count on: count alone, once.
  const total =
    rows[0] !== undefined
      ? Number(rows[0].total)
      : query.page > 1
        ? Number((await queryRows<{ n: string }>(db, sql`select count(*) as n from (${select} ${where}) t`))[0]?.n ?? 0)
        : 0;
  return { items: rows.map(toCustomer), total, page: query.page, pageSize: query.pageSize };
}

/** The CSV's batches (keyset on last activity and id), so an export of any size holds one batch in memory. */
export function customerBatches(db: Db, query: AdminCustomerListQuery, batchSize = 1000) {
  return keysetBatches<CustomerRow, AdminCustomer>(
    db,
    { ...listShape(query), sortValue: (row) => row.last_activity_at, batchSize },
    toCustomer,
  );
}

/** The guest e-mail behind a `guest:` key (its MD5): read from the guests' orders and quotes. */
async function guestEmailOf(db: Db, hash: string): Promise<string | null> {
  const [row] = await queryRows<{ email: string }>(
    db,
    sql`select email from (
      select ${guestEmail('o')} as email from orders o where o.user_id is null and not ${erasedOrder}
      union select ${guestEmail('q')} from quotes q where q.user_id is null
    ) g where md5(email) = ${hash} limit 1`,
  );
  return row?.email ?? null;
}

/** The scope of a customer page's key (a user id, or `guest:` + the e-mail's MD5); 404 for an unknown guest. */
export async function scopeOfKey(db: Db, key: string): Promise<Exclude<Scope, { kind: 'all' }>> {
  if (!key.startsWith('guest:')) return { kind: 'account', userId: key };
  const email = await guestEmailOf(db, key.slice('guest:'.length));
  if (email === null) throw notFound(customerMessages.notFound);
  return { kind: 'guest', email };
}

/** The customer of a scope as the admin's list shows them, or null (an account that is staff with no orders). */
export async function customerOfScope(db: Db, scope: Scope): Promise<AdminCustomer | null> {
  const [row] = await queryRows<CustomerRow>(db, customersSelect(scope));
  return row ? toCustomer(row) : null;
}

/** The lists of a customer's page show at most this many of each, newest first. */
export const CUSTOMER_PAGE_LIMIT = 100;

/** GET /api/admin/customers/{key}: the customer, their quotes, orders, instruments and the audit of changes to them. */
export async function loadCustomer(db: Db, key: string, now: Date): Promise<CustomerDetail> {
  const scope = await scopeOfKey(db, key);
  const [row] = await queryRows<CustomerRow>(db, customersSelect(scope));
  if (!row) throw notFound(customerMessages.notFound);
  const limit = CUSTOMER_PAGE_LIMIT;

  const [quotes, orders, instruments] = await Promise.all([
    queryRows<{
      id: string;
      quote_number: string;
      quote_reference: string;
      status: QuoteStatus;
      currency: string;
      created_at: string | Date;
      valid_until: string | Date | null;
      total: string | number | null;
      order_id: string | null;
    }>(
      db,
      sql`select q.id, q.quote_number, q.quote_reference, q.status, q.currency, q.created_at, q.valid_until,
        ${quoteTotalSql('q')} as total,
        (select o.id from orders o where o.quote_id = q.id order by o.created_at limit 1) as order_id
        from quotes q where ${scopeOf(scope, 'q')} order by q.created_at desc, q.id desc limit ${limit}`,
    ),
    queryRows<{
      id: string;
      order_number: string;
      created_at: string | Date;
      status: OrderStatus;
      payment_status: PaymentStatus;
      total_amount: number | string;
      currency: string;
    }>(
      db,
      sql`select o.id, o.order_number, o.created_at, o.status, o.payment_status, o.total_amount, o.currency
        from orders o where ${scopeOf(scope, 'o')} order by o.created_at desc, o.id desc limit ${limit}`,
    ),
    queryRows<{
      id: string;
      serial_number: string;
      model: string;
      order_id: string;
      order_number: string;
      delivered_on: string | null;
      warranty_ends_on: string | null;
    }>(
      db,
      sql`select i.id, i.serial_number, i.model, i.order_id, o.order_number, i.delivered_on::text as delivered_on,
        i.warranty_ends_on::text as warranty_ends_on
        from instruments i join orders o on o.id = i.order_id
        where ${scopeOf(scope, 'o')} order by i.created_at desc, i.id desc limit ${limit}`,
    ),
  ]);

  // The account itself, and every order and quote of theirs (not only the newest shown).
  const entities: SQL[] = [
    sql`(a.entity_type = 'order' and a.entity_id in (select o.id::text from orders o where ${scopeOf(scope, 'o')}))`,
    sql`(a.entity_type = 'quote' and a.entity_id in (select q.id::text from quotes q where ${scopeOf(scope, 'q')}))`,
  ];
  if (scope.kind === 'account') entities.push(sql`(a.entity_type = 'user' and a.entity_id = ${scope.userId})`);
  const audit = await queryRows<{
    id: string;
    created_at: string | Date;
    admin_email: string | null;
    action: string;
    entity_type: string;
    entity_id: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }>(
    db,
    sql`select a.id, a.created_at, a.admin_email, a.action, a.entity_type, a.entity_id, a.before, a.after
      from audit_log a where ${sql.join(entities, sql` or `)} order by a.created_at desc, a.id desc limit ${limit}`,
  );

  return {
    customer: toCustomer(row),
    quotes: quotes.map((quote) => {
      const validUntil = quote.valid_until === null ? null : iso(quote.valid_until);
      const total = quote.total === null ? null : Math.round(Number(quote.total));
      return {
        id: quote.id,
        quoteNumber: quote.quote_number,
        quoteReference: quote.quote_reference,
        displayStatus: effectiveQuoteStatus({ status: quote.status, validUntil, orderId: quote.order_id }, now),
        total: total !== null && Number.isFinite(total) ? total : null,
        currency: quote.currency,
        createdAt: iso(quote.created_at),
        orderId: quote.order_id,
      };
    }),
    orders: orders.map((order) => ({
      id: order.id,
      orderNumber: order.order_number,
      createdAt: iso(order.created_at),
      status: order.status,
      paymentStatus: order.payment_status,
      totalAmount: Number(order.total_amount),
      currency: order.currency,
    })),
    instruments: instruments.map((instrument) => ({
      id: instrument.id,
      serialNumber: instrument.serial_number,
      model: instrument.model,
      orderId: instrument.order_id,
      orderNumber: instrument.order_number,
      deliveredOn: instrument.delivered_on,
      warrantyEndsOn: instrument.warranty_ends_on,
    })),
    audit: audit.map((entry) => ({
      id: entry.id,
      createdAt: iso(entry.created_at),
      adminEmail: entry.admin_email,
      action: entry.action,
      entityType: entry.entity_type,
      entityId: entry.entity_id,
      fields: changedFields(entry.before, entry.after),
    })),
    limit,
    ...(await organisationOfCustomer(db, scope, row.organisation)),
  };
}

/** The account's organisation, or the organisations with the name the customer gave (staff may add them). */
async function organisationOfCustomer(db: Db, scope: Exclude<Scope, { kind: 'all' }>, company: string | null) {
  if (scope.kind !== 'account') return { organisation: null, sameNameOrganisations: [] };
  const organisation = await customerOrganisation(db, scope.userId);
  const name = company?.trim() ?? '';
  return {
    organisation,
    sameNameOrganisations: organisation || name === '' ? [] : await organisationsNamed(db, name),
  };
}

/** The names of the fields an audit entry changed (or set, or cleared). */
function changedFields(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  return [...keys].filter((field) => JSON.stringify(before?.[field]) !== JSON.stringify(after?.[field])).sort();
}
