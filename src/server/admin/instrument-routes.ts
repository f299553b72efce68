import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminInstrumentListQuerySchema,
  adminInstrumentPageSchema,
  correctSerialRequestSchema,
  instrumentSchema,
} from '../../shared/instruments/instrument-schemas';
import { correctSerial } from '../instruments/instrument-life';
import { instrumentBatches, listInstruments } from '../instruments/instrument-list';
import { adminRoute } from './admin-route-config';
import { csvDate } from '../reporting/accounting-export';
import { auditedChange } from '../audit/audited-change';
import { sendCsv } from './csv-export';

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
        instrumentBatches(app.db, request.query, app.now()),
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

  // Issue 54: correcting a serial number is Operations' work too (dispatch.manage).
  r.patch(
    '/instruments/:id',
    {
      config: adminRoute(['orders.edit', 'dispatch.manage']),
      schema: {
        params: z.object({ id: z.uuid() }),
        body: correctSerialRequestSchema,
        response: { 200: z.object({ instrument: instrumentSchema }) },
      },
    },
    async (request) => ({
      instrument: await auditedChange(app, request, async (tx, now) => {
        const { instrument, before, after } = await correctSerial(
          tx,
          request.params.id,
          request.body.serialNumber,
          now,
        );
        return {
          result: instrument,
          audit: {
            action: 'instrument.serial_corrected',
            entityType: 'instrument',
            entityId: request.params.id,
            before,
            after,
          },
        };
      }),
    }),
  );
}
