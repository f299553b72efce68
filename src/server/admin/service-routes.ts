import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerFallbacks } from '../../shared/lists';
import { formatMoney } from '../../shared/money';
import {
  type AdminServiceRequest,
  adminServiceAnswerSchema,
  adminServiceListQuerySchema,
  adminServicePageSchema,
  repairQuoteRequestSchema,
  serviceMoveRequestSchema,
} from '../../shared/service-requests/service-contracts';
import {
  type ServiceRequestStatus,
  serviceMessages,
  serviceMoves,
  serviceStatusLabels,
} from '../../shared/service-requests/service-lifecycle';
import type { Db } from '../db/client';
import { instruments, orders, profiles, quotes, serviceRequestHistory, serviceRequests } from '../db/schema';
import { conflict, forbidden, notFound } from '../http/http-error';
import { createServiceQuote } from '../instruments/service-quote';
import { getBusinessProfile } from '../business-profile/profile-service';
import { getCachedSettings } from '../settings/settings-service';
import { moveServiceRequest } from '../service-requests/move-service-request';
import { sendPhoto, sendRmaPdf } from '../service-requests/routes';
import { historyOf, loadServiceRequest, photoBytes, photoList } from '../service-requests/service-requests';
import { csvDate } from '../reporting/accounting-export';
import { adminOf, adminRoute, holds } from './admin-route-config';
import { fallback } from '../db/list-sql';
import { writeAudit } from '../audit/audit-log';
import { sendCsv } from './csv-export';
import { listServiceRequests, serviceRequestBatches, serviceRow } from '../service-requests/service-list';

const idParams = z.object({ id: z.uuid() });

/** The request as staff see it: the customer, the instrument's cover, every history row, photos and the moves left. */
async function adminServiceRequest(db: Db, id: string): Promise<AdminServiceRequest> {
  const row = await serviceRow(db, id);
  const loaded = await loadServiceRequest(db, { id });
  if (!row || !loaded) throw notFound(serviceMessages.notFound);
  const { request, instrument } = loaded;
  const history = await historyOf(db, id);
  const staffIds = [...new Set(history.map((entry) => entry.changedBy).filter((by): by is string => by !== null))];
  const names = new Map(
    staffIds.length === 0
      ? []
      : (
          await db
            .select({ id: profiles.id, email: profiles.email })
            .from(profiles)
            .where(inArray(profiles.id, staffIds))
        ).map((profile) => [profile.id, profile.email]),
  );
  const [quote] = request.repairQuoteId
    ? await db
        .select({ id: quotes.id, quoteNumber: quotes.quoteNumber, reference: quotes.quoteReference })
        .from(quotes)
        .where(eq(quotes.id, request.repairQuoteId))
    : [];
  const base = `/api/admin/service/${id}`;
  return {
    ...row,
    returnInstructions: request.returnInstructions,
    declineReason: request.declineReason,
    warrantyEndsOn: instrument.warrantyEndsOn,
    servicePlanEndsOn: instrument.servicePlanEndsOn,
    deliveredOn: instrument.deliveredOn,
    history: history.map((entry) => ({
      oldStatus: entry.oldStatus as ServiceRequestStatus | null,
      status: entry.newStatus as ServiceRequestStatus,
      note: entry.note,
      staffOnly: entry.staffOnly,
      at: entry.createdAt.toISOString(),
      by: entry.changedBy ? (names.get(entry.changedBy) ?? null) : null,
    })),
    photos: (await photoList(db, id)).map((photo) => ({ ...photo, url: `${base}/photos/${photo.id}` })),
    allowedMoves: [...serviceMoves[request.status]],
    repairQuote: quote ?? null,
    rmaUrl: request.rmaNumber ? `${base}/rma.pdf` : null,
  };
}

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
          row.underWarranty ? 'Under warranty' : 'Out of warranty',
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
      const admin = adminOf(request);
      await app.db.transaction(async (tx) => {
        const { before, after } = await moveServiceRequest(tx, {
          id: request.params.id,
          move: request.body,
          staffId: admin.userId,
          now: app.now(),
          publicUrl: app.env.publicUrl,
        });
        await writeAudit(tx, {
          admin,
          action: `service.${request.body.to}`,
          entityType: 'service_request',
          entityId: request.params.id,
          before,
          after,
          now: app.now(),
        });
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
      const admin = adminOf(request);
      const now = app.now();
      await app.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(serviceRequests)
          .where(eq(serviceRequests.id, request.params.id))
          .for('update');
        if (!row) throw notFound(serviceMessages.notFound);
        if (row.underWarranty) throw conflict(serviceMessages.repairUnderWarranty);
        if (row.repairQuoteId) throw conflict(serviceMessages.repairQuoteExists);
        if (serviceMoves[row.status].length === 0) throw conflict(serviceMessages.repairClosed);
        const { repairQuoteApprovalThreshold } = await getCachedSettings(tx);
        if (request.body.netAmountMinor > repairQuoteApprovalThreshold * 100 && !holds(admin, 'payments.record')) {
          const [owner] = await tx
            .select({ currency: orders.currency })
            .from(instruments)
            .innerJoin(orders, eq(orders.id, instruments.orderId))
            .where(eq(instruments.id, row.instrumentId));
          const limit = formatMoney(repairQuoteApprovalThreshold * 100, owner?.currency === 'EUR' ? 'EUR' : 'GBP', {
            decimals: 2,
          });
          throw forbidden(serviceMessages.repairQuoteNeedsApproval(limit), { code: 'repair_quote_needs_approval' });
        }
        const quote = await createServiceQuote(tx, {
          kind: 'repair',
          instrumentId: row.instrumentId,
          description: request.body.description,
          netAmountMinor: request.body.netAmountMinor,
          now,
        });
        await tx
          .update(serviceRequests)
          .set({ repairQuoteId: quote.id, updatedAt: now })
          .where(eq(serviceRequests.id, row.id));
        await tx.insert(serviceRequestHistory).values({
          requestId: row.id,
          oldStatus: row.status,
          newStatus: row.status,
          note: `Repair quote ${quote.quoteNumber}: ${app.env.publicUrl}/quote/${quote.quoteReference}`,
          changedBy: admin.userId,
          createdAt: now,
        });
        await writeAudit(tx, {
          admin,
          action: 'service.repair_quote',
          entityType: 'service_request',
          entityId: row.id,
          before: { repairQuote: null },
          after: { repairQuote: quote.quoteNumber, netAmountMinor: request.body.netAmountMinor },
          now,
        });
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

  r.get(
    '/service/:id/rma.pdf',
    { config: adminRoute('service.manage'), schema: { params: idParams } },
    async (request, reply) => {
      const loaded = await loadServiceRequest(app.db, { id: request.params.id });
      if (!loaded) throw notFound(serviceMessages.notFound);
      return sendRmaPdf(reply, loaded, await getBusinessProfile(app.db));
    },
  );
}
