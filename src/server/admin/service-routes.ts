import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerFallbacks } from '../../shared/lists';
import {
  notCoveredRequestSchema,
  adminServiceAnswerSchema,
  adminServiceListQuerySchema,
  adminServicePageSchema,
  repairQuoteRequestSchema,
  serviceMoveRequestSchema,
  coverOf,
  warrantyFilterLabels,
} from '../../shared/service-requests/service-contracts';
import { serviceMessages, serviceStatusLabels } from '../../shared/service-requests/service-lifecycle';
import { conflict, notFound } from '../http/http-error';
import {
  repairMayProceed,
  repairOverrideRequestSchema,
  repairPaymentMessages,
} from '../../shared/service-requests/repair-payment';
import { adminServiceRequest } from '../service-requests/admin-service-request';
import { createRepairQuote } from '../service-requests/create-repair-quote';
import { markNotCovered, moveServiceRequest } from '../service-requests/move-service-request';
import { sendPhoto, sendServicePdf, servicePdfNames } from '../service-requests/routes';
import { loadServiceRequest, photoBytes } from '../service-requests/service-requests';
import { csvDate } from '../reporting/accounting-export';
import { adminRoute, holds } from './admin-route-config';
import { fallback } from '../db/list-sql';
import { auditedChange } from '../audit/audited-change';
import { sendCsv } from './csv-export';
import { listServiceRequests, serviceRequestBatches } from '../service-requests/service-list';

const idParams = z.object({ id: z.uuid() });

/** /admin/service: the service requests (RMA), their CSV, detail, moves, photos and RMA document (issue 26). */
export async function adminServiceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/service',
    {
      config: adminRoute('service.manage'),
      schema: { querystring: adminServiceListQuerySchema, response: { 200: adminServicePageSchema } },
    },
    async (request) => listServiceRequests(app.db, request.query),
  );

  r.get(
    '/service.csv',
    { config: adminRoute('service.manage'), schema: { querystring: adminServiceListQuerySchema } },
    async (request, reply) =>
      sendCsv(
        reply,
        'service-requests.csv',
        [
          'Request number',
          'Date',
          'Status',
          'Serial number',
          'Model',
          'RMA number',
          'Warranty',
          'Customer',
          'E-mail',
          'Organisation',
          'Order',
          'What happened',
        ],
        serviceRequestBatches(app.db, request.query),
        (row) => [
          row.requestNumber,
          csvDate(row.createdAt),
          serviceStatusLabels[row.status],
          row.serialNumber,
          row.model,
          row.rmaNumber,
          warrantyFilterLabels[coverOf(row)],
          fallback(row.customerName, customerFallbacks.noName),
          fallback(row.customerEmail, customerFallbacks.noEmail),
          fallback(row.customerCompany, customerFallbacks.notProvided),
          row.orderNumber,
          row.description,
        ],
      ),
  );

  r.get(
    '/service/:id',
    { config: adminRoute('service.manage'), schema: { params: idParams, response: { 200: adminServiceAnswerSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { request: await adminServiceRequest(app.db, request.params.id) };
    },
  );

  r.post(
    '/service/:id/moves',
    {
      config: adminRoute('service.manage'),
      schema: { params: idParams, body: serviceMoveRequestSchema, response: { 200: adminServiceAnswerSchema } },
    },
    async (request) => {
      await auditedChange(app, request, async (tx, now, admin) => {
        const { before, after } = await moveServiceRequest(tx, {
          id: request.params.id,
          move: request.body,
          staffId: admin.userId,
          now,
          publicUrl: app.env.publicUrl,
        });
        return {
          result: undefined,
          audit: {
            action: `service.${request.body.to}`,
            entityType: 'service_request',
            entityId: request.params.id,
            before,
            after,
          },
        };
      });
      return { request: await adminServiceRequest(app.db, request.params.id) };
    },
  );

  // Issue 41: staff find the fault outside the warranty (terms §11); the request then takes a repair quote.
  r.post(
    '/service/:id/not-covered',
    {
      config: adminRoute('service.manage'),
      schema: { params: idParams, body: notCoveredRequestSchema, response: { 200: adminServiceAnswerSchema } },
    },
    async (request) => {
      await auditedChange(app, request, async (tx, now, admin) => {
        const { before, after } = await markNotCovered(tx, {
          id: request.params.id,
          reason: request.body.reason,
          note: request.body.note,
          staffId: admin.userId,
          now,
          publicUrl: app.env.publicUrl,
        });
        return {
          result: undefined,
          audit: {
            action: 'service.not_covered',
            entityType: 'service_request',
            entityId: request.params.id,
            before,
            after,
          },
        };
      });
      return { request: await adminServiceRequest(app.db, request.params.id) };
    },
  );

  // Out of warranty, staff make the repair quote through the quote engine; the customer sees it on
  // their request's page and orders it like any quote (deposit, invoice, documents). Setting a price
  // the customer can order needs step-up, and above the Repair Quote Approval Threshold setting a
  // staff member with payments.record (Finance, Owner): Support alone cannot price a repair at £100,000.
  r.post(
    '/service/:id/repair-quote',
    {
      config: adminRoute('service.manage', { stepUp: true }),
      schema: { params: idParams, body: repairQuoteRequestSchema, response: { 200: adminServiceAnswerSchema } },
    },
    async (request) => {
      await auditedChange(app, request, async (tx, now, admin) => {
        const quote = await createRepairQuote(tx, {
          id: request.params.id,
          description: request.body.description,
          netAmountMinor: request.body.netAmountMinor,
          staffId: admin.userId,
          approvesAnyAmount: holds(admin, 'payments.record'),
          now,
          publicUrl: app.env.publicUrl,
        });
        return {
          result: undefined,
          audit: {
            action: 'service.repair_quote',
            entityType: 'service_request',
            entityId: request.params.id,
            before: { repairQuote: null },
            after: { repairQuote: quote.quoteNumber, netAmountMinor: request.body.netAmountMinor },
          },
        };
      });
      return { request: await adminServiceRequest(app.db, request.params.id) };
    },
  );

  // Issue 54: an Owner marks a received repair repaired before its quote is accepted and paid, with a
  // reason kept on the request and in the audit log (fresh code, like shipping before payment).
  r.post(
    '/service/:id/repair-override',
    {
      config: adminRoute('orders.override', { stepUp: true }),
      schema: { params: idParams, body: repairOverrideRequestSchema, response: { 200: adminServiceAnswerSchema } },
    },
    async (request) => {
      await auditedChange(app, request, async (tx, now, admin) => {
        const current = await adminServiceRequest(tx, request.params.id);
        if (current.status !== 'received') throw conflict(repairPaymentMessages.overrideNotReceived);
        if (repairMayProceed(current.repairPayment.state)) throw conflict(repairPaymentMessages.overrideNeedless);
        const { before, after } = await moveServiceRequest(tx, {
          id: request.params.id,
          move: { to: 'repaired' },
          staffId: admin.userId,
          now,
          publicUrl: app.env.publicUrl,
          override: { reason: request.body.reason },
        });
        return {
          result: undefined,
          audit: {
            action: 'service.repair_override',
            entityType: 'service_request',
            entityId: request.params.id,
            before: { ...before, repairPayment: current.repairPayment.state },
            after,
          },
        };
      });
      return { request: await adminServiceRequest(app.db, request.params.id) };
    },
  );

  r.get(
    '/service/:id/photos/:photoId',
    { config: adminRoute('service.manage'), schema: { params: idParams.extend({ photoId: z.uuid() }) } },
    async (request, reply) => {
      const photo = await photoBytes(app.db, request.params.id, request.params.photoId);
      if (!photo) throw notFound('Photo not found');
      return sendPhoto(reply, photo);
    },
  );

  for (const name of servicePdfNames)
    r.get(
      `/service/:id/${name}`,
      { config: adminRoute('service.manage'), schema: { params: idParams } },
      async (request, reply) => {
        const loaded = await loadServiceRequest(app.db, { id: request.params.id });
        if (!loaded) throw notFound(serviceMessages.notFound);
        return sendServicePdf(reply, name, loaded, { db: app.db, now: app.now() });
      },
    );
}
