import { sql, type SQL } from 'drizzle-orm';
import type { AdminServiceListQuery } from '../../shared/service-requests/service-contracts';
import type { ServiceRequestStatus } from '../../shared/service-requests/service-lifecycle';
import type { Db } from '../db/client';
import { type CustomerColumns, iso, keysetBatches, likeEscape, listPage, nameOf } from '../db/list-sql';

/**
 * /admin/service: the service requests newest first. The search finds a request, serial or RMA
 * number (a prefix or a part), or the customer by e-mail or organisation (the account's profile
 * or the customer info of a guest's order).
 */
function serviceFilters(query: AdminServiceListQuery): SQL[] {
  const filters: SQL[] = [];
  if (query.search) {
    const contains = `%${likeEscape(query.search.toLowerCase())}%`;
    filters.push(sql`(lower(t.request_number) like ${contains}
      or lower(i.serial_number) like ${contains}
      or lower(coalesce(t.rma_number, '')) like ${contains}
      or lower(coalesce(p.email, o.configuration->'customerInfo'->>'email', '')) like ${contains}
      or lower(coalesce(p.company, o.configuration->'customerInfo'->>'organization', '')) like ${contains})`);
  }
  if (query.status) filters.push(sql`t.status = ${query.status}`);
  if (query.warranty === 'in') filters.push(sql`t.under_warranty and t.not_covered_reason is null`);
  if (query.warranty === 'not_covered') filters.push(sql`t.not_covered_reason is not null`);
  if (query.warranty === 'out') filters.push(sql`not t.under_warranty and t.not_covered_reason is null`);
  return filters;
}

interface ServiceListRow extends Record<string, unknown>, CustomerColumns {
  id: string;
  request_number: string;
  created_at: string | Date;
  status: ServiceRequestStatus;
  serial_number: string;
  model: string;
  rma_number: string | null;
  under_warranty: boolean;
  not_covered: boolean;
  description: string;
  order_id: string;
  order_number: string;
  user_id: string | null;
}

const from = sql`from service_requests t join instruments i on i.id = t.instrument_id join orders o on o.id = i.order_id
  left join profiles p on p.id = o.user_id`;

const select = sql`select t.id, t.request_number, t.created_at, t.status, i.serial_number, i.model, t.rma_number, t.under_warranty,
  t.not_covered_reason is not null as not_covered,
  t.description, o.id as order_id, o.order_number, o.user_id, p.email as profile_email, p.first_name, p.last_name, p.company,
  o.configuration->'customerInfo'->>'email' as info_email, o.configuration->'customerInfo'->>'firstName' as info_first,
  o.configuration->'customerInfo'->>'lastName' as info_last, o.configuration->'customerInfo'->>'organization' as info_org
  ${from}`;

function toServiceRow(row: ServiceListRow) {
  return {
    id: row.id,
    requestNumber: row.request_number,
    createdAt: iso(row.created_at),
    status: row.status,
    serialNumber: row.serial_number,
    model: row.model,
    rmaNumber: row.rma_number,
    underWarranty: row.under_warranty,
    notCovered: row.not_covered,
    description: row.description,
    orderId: row.order_id,
    orderNumber: row.order_number,
    customerName: (row.user_id ? nameOf(row.first_name, row.last_name) : null) ?? nameOf(row.info_first, row.info_last),
    customerEmail: row.profile_email ?? row.info_email,
    customerCompany: row.company ?? row.info_org,
  };
}

const serviceList = (query: AdminServiceListQuery) => ({
  select,
  filters: serviceFilters(query),
  sortColumn: sql`t.created_at`,
});

/** GET /api/admin/service: one page and the total of the filter. */
export function listServiceRequests(db: Db, query: AdminServiceListQuery) {
  return listPage<ServiceListRow, ReturnType<typeof toServiceRow>>(
    db,
    { ...serviceList(query), count: sql`select count(*) as n ${from}`, page: query.page, pageSize: query.pageSize },
    toServiceRow,
  );
}

/** The CSV's batches (keyset), so an export of any size holds one batch in memory. */
export function serviceRequestBatches(db: Db, query: AdminServiceListQuery, batchSize = 1000) {
  return keysetBatches<ServiceListRow, ReturnType<typeof toServiceRow>>(
    db,
    { ...serviceList(query), sortValue: (row) => row.created_at, batchSize },
    toServiceRow,
  );
}

/** One request's list row (the detail page adds to it). */
export async function serviceRow(db: Db, id: string) {
  const page = await listPage<ServiceListRow, ReturnType<typeof toServiceRow>>(
    db,
    {
      select,
      filters: [sql`t.id = ${id}`],
      sortColumn: sql`t.created_at`,
      count: sql`select count(*) as n ${from}`,
      page: 1,
      pageSize: 1,
    },
    toServiceRow,
  );
  return page.items[0] ?? null;
}
