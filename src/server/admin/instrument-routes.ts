import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type AdminInstrumentListQuery,
  adminInstrumentListQuerySchema,
  adminInstrumentPageSchema,
  type AdminInstrumentRow,
  correctSerialRequestSchema,
  instrumentMessages,
  instrumentSchema,
} from '../../shared/instruments/instrument-schemas';
import { type Db, queryRows } from '../db/client';
import { notFound } from '../http/http-error';
import { correctSerial, isoDay } from '../instruments/instrument-life';
import { toInstrument } from '../orders/order-instruments';
import { adminOf, adminRoute } from './admin-route-config';
import { csvDate } from '../reporting/accounting-export';
import { writeAudit } from '../audit/audit-log';
import { sendCsv } from './csv-export';
import { type CustomerColumns, iso, keysetBatches, likeEscape, listPage, nameOf } from '../db/list-sql';

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
}

const day = (value: unknown) => (value === null || value === undefined ? null : String(value).slice(0, 10));

function toRow(row: InstrumentListRow): AdminInstrumentRow {
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
  };
}

const select = sql`select t.id, t.order_id, o.order_number, t.unit_index, t.serial_number, t.model, t.warranty_years,
  t.delivered_on::text as delivered_on, t.warranty_ends_on::text as warranty_ends_on,
  t.service_plan_ends_on::text as service_plan_ends_on, t.next_service_on::text as next_service_on, t.created_at,
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

export async function listInstruments(db: Db, query: AdminInstrumentListQuery, now: Date) {
  return listPage<InstrumentListRow, AdminInstrumentRow>(
    db,
    {
      ...list(query, now),
      count: sql`select count(*) as n from instruments t join orders o on o.id = t.order_id left join profiles p on p.id = o.user_id`,
      page: query.page,
      pageSize: query.pageSize,
    },
    toRow,
  );
}

/** The instruments list (/admin/instruments), its CSV, and the correction of a serial number. */
export async function adminInstrumentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/instruments',
    {
      config: adminRoute('instruments.view'),
      schema: { querystring: adminInstrumentListQuerySchema, response: { 200: adminInstrumentPageSchema } },
    },
    async (request) => listInstruments(app.db, request.query, app.now()),
  );

  r.get(
    '/instruments.csv',
    { config: adminRoute('exports.csv'), schema: { querystring: adminInstrumentListQuerySchema } },
    async (request, reply) =>
      sendCsv(
        reply,
        'instruments.csv',
        [
          'Serial number',
          'Model',
          'Order',
          'Customer',
          'E-mail',
          'Company',
          'Delivered',
          'Warranty ends',
          'Service plan ends',
          'Next service',
        ],
        keysetBatches<InstrumentListRow, AdminInstrumentRow>(
          app.db,
          { ...list(request.query, app.now()), sortValue: (row) => row.created_at, batchSize: 1000 },
          toRow,
        ),
        (row) => [
          row.serialNumber,
          row.model,
          row.orderNumber,
          row.customerName,
          row.customerEmail,
          row.customerCompany,
          csvDate(row.deliveredOn),
          csvDate(row.warrantyEndsOn),
          csvDate(row.servicePlanEndsOn),
          csvDate(row.nextServiceOn),
        ],
      ),
  );

  r.patch(
    '/instruments/:id',
    {
      config: adminRoute('orders.edit'),
      schema: {
        params: z.object({ id: z.uuid() }),
        body: correctSerialRequestSchema,
        response: { 200: z.object({ instrument: instrumentSchema }) },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      return app.db.transaction(async (tx) => {
        const changed = await correctSerial(tx, request.params.id, request.body.serialNumber, app.now());
        if (!changed) throw notFound(instrumentMessages.instrumentNotFound);
        await writeAudit(tx, {
          admin,
          action: 'instrument.serial_corrected',
          entityType: 'instrument',
          entityId: request.params.id,
          before: { serialNumber: changed.before.serialNumber, orderId: changed.before.orderId },
          after: { serialNumber: changed.after.serialNumber, orderId: changed.after.orderId },
          now: app.now(),
        });
        const [order] = await queryRows<{ order_number: string }>(
          tx,
          sql`select order_number from orders where id = ${changed.after.orderId}`,
        );
        return { instrument: toInstrument(changed.after, order?.order_number ?? '') };
      });
    },
  );
}
