import { sql, type SQL } from 'drizzle-orm';
import { type AdminInstrumentListQuery, type AdminInstrumentRow } from '../../shared/instruments/instrument-schemas';
import type { Db } from '../db/client';
import { type CustomerColumns, iso, keysetBatches, likeEscape, listPage, nameOf } from '../db/list-sql';
import { isoDay } from './instrument-life';
import { declarationReady, papersOf } from '../order-records/order-instruments';
import { getCachedSettings } from '../settings/settings-service';

interface InstrumentListRow extends Record<string, unknown>, CustomerColumns {
  id: string;
  order_id: string;
  order_number: string;
  unit_index: number;
  serial_number: string;
  model: string;
  warranty_years: number;
  delivered_on: string | null;
  warranty_ends_on: string | null;
  service_plan_ends_on: string | null;
  next_service_on: string | null;
  created_at: string | Date;
  /** When its passing factory test was recorded (issue 41), or null. */
  certified_at: string | Date | null;
}

const day = (value: unknown) => (value === null || value === undefined ? null : String(value).slice(0, 10));

/** Each row with its papers' links (the declaration once the settings hold its legislation). */
const toRowWith = (ready: boolean) => (row: InstrumentListRow) => toRow(row, ready);

function toRow(row: InstrumentListRow, ready: boolean): AdminInstrumentRow {
  return {
    id: row.id,
    orderId: row.order_id,
    orderNumber: row.order_number,
    unitIndex: Number(row.unit_index),
    serialNumber: row.serial_number,
    model: row.model,
    warrantyYears: Number(row.warranty_years),
    deliveredOn: day(row.delivered_on),
    warrantyEndsOn: day(row.warranty_ends_on),
    servicePlanEndsOn: day(row.service_plan_ends_on),
    nextServiceOn: day(row.next_service_on),
    createdAt: iso(row.created_at),
    customerName: nameOf(row.first_name, row.last_name) ?? nameOf(row.info_first, row.info_last),
    customerEmail: row.profile_email ?? row.info_email,
    customerCompany: row.company ?? row.info_org,
    papers: papersOf(
      { orderId: row.order_id, unitIndex: Number(row.unit_index) },
      row.certified_at === null ? null : new Date(row.certified_at),
      ready,
    ),
  };
}

const select = sql`select t.id, t.order_id, o.order_number, t.unit_index, t.serial_number, t.model, t.warranty_years,
  t.delivered_on::text as delivered_on, t.warranty_ends_on::text as warranty_ends_on,
  t.service_plan_ends_on::text as service_plan_ends_on, t.next_service_on::text as next_service_on, t.created_at,
  (select c.created_at from instrument_test_certificates c where c.instrument_id = t.id and c.passed) as certified_at,
  p.email as profile_email, p.first_name, p.last_name, p.company,
  o.configuration->'customerInfo'->>'email' as info_email, o.configuration->'customerInfo'->>'firstName' as info_first,
  o.configuration->'customerInfo'->>'lastName' as info_last, o.configuration->'customerInfo'->>'organization' as info_org
  from instruments t join orders o on o.id = t.order_id left join profiles p on p.id = o.user_id`;

/** Search: serial number, order number, the customer's e-mail or organisation; cover: running or ended today. */
function filtersOf(query: AdminInstrumentListQuery, now: Date): SQL[] {
  const filters: SQL[] = [];
  if (query.search) {
    const contains = `%${likeEscape(query.search.toLowerCase())}%`;
    filters.push(sql`(lower(t.serial_number) like ${contains} or lower(o.order_number) like ${contains}
      or lower(coalesce(p.email, o.configuration->'customerInfo'->>'email', '')) like ${contains}
      or lower(coalesce(p.company, o.configuration->'customerInfo'->>'organization', '')) like ${contains})`);
  }
  const today = isoDay(now);
  const running = sql`(coalesce(t.warranty_ends_on >= ${today}::date, false) or coalesce(t.service_plan_ends_on >= ${today}::date, false))`;
  // Not yet delivered: its cover has not started, so it is not ended either.
  if (query.cover === 'active') filters.push(sql`(t.delivered_on is null or ${running})`);
  if (query.cover === 'ended') filters.push(sql`(t.delivered_on is not null and not ${running})`);
  return filters;
}

const list = (query: AdminInstrumentListQuery, now: Date) => ({
  select,
  filters: filtersOf(query, now),
  sortColumn: sql`t.created_at`,
});

/** The admin's instruments list (/admin/instruments): a page of the filter, newest first, with its total. */
export async function listInstruments(db: Db, query: AdminInstrumentListQuery, now: Date) {
  return listPage<InstrumentListRow, AdminInstrumentRow>(
    db,
    {
      ...list(query, now),
      count: sql`select count(*) as n from instruments t join orders o on o.id = t.order_id left join profiles p on p.id = o.user_id`,
      page: query.page,
      pageSize: query.pageSize,
    },
    toRowWith(declarationReady(await getCachedSettings(db))),
  );
}

/** The instruments of the filter for the CSV export, oldest first, a batch at a time. */
export function instrumentBatches(db: Db, query: AdminInstrumentListQuery, now: Date, batchSize = 1000) {
  return keysetBatches<InstrumentListRow, AdminInstrumentRow>(
    db,
    { ...list(query, now), sortValue: (row) => row.created_at, batchSize },
    (row) => toRow(row, false),
  );
}
