import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerFallbacks } from '../../shared/lists';
import {
  adminOrderAnswerSchema,
  adminOrderListQuerySchema,
  adminOrderPageSchema,
  buyerRoutingReferenceRequestSchema,
  orderCommentRequestSchema,
  recordPaymentRequestSchema,
  refundRequestSchema,
  processingOverrideRequestSchema,
  shipOverrideRequestSchema,
  updateOrderRequestSchema,
} from '../../shared/orders/order-admin-contracts';
import { adminOrderDetail } from '../orders/admin-order-detail';
import { recordPayment, refundPayment } from '../billing/record-payment';
import { commercialInvoicePdf, deliveryNotePdf } from '../orders/delivery-note';
import { contentDisposition } from '../http/content-disposition';
import { addStaffComment, deleteOrder, setOrderLanguage } from '../orders/update-order';
import { orderLanguageRequestSchema } from '../../shared/orders/order-admin-contracts';
import { adminOf, adminRoute, requirePermission } from './admin-route-config';
import { fallback } from '../db/list-sql';
import { listOrders } from '../orders/order-list';
import { csvDate, orderExportBatches, orderExportHeader } from '../reporting/accounting-export';
import { type AuditEntry, auditedChange } from '../audit/audited-change';
import type { RequestAuth } from '../accounts/request-auth';
import type { Db } from '../db/client';
import { getCachedSettings } from '../settings/settings-service';
import { csvMoney } from '../../shared/csv';
import { sendCsv } from './csv-export';
import { moveOrderBatchRequestSchema } from '../../shared/batches/batch-places';
import { invalidateCatalogueCache } from '../catalogue/catalogue-service';
import { moveOrderBatch } from '../orders/batch-places';
import { shipOrder } from '../workflows/ship-order';
import { exportProofRequestSchema } from '../../shared/orders/export-proof';
import { updateExportProof } from '../customs/export-proof';
import { acceptVatName, queueVatNumberCheck } from '../billing/vat-number-evidence';
import { MODEL_DOCUMENT_BODY_LIMIT, uploadModelDocumentRequestSchema } from '../../shared/instruments/model-documents';
import { testRecordSchema } from '../../shared/instruments/instrument-papers';
import { storeTestRecord } from '../instruments/test-records';
import { readTestRecord } from '../orders/order-test-records';
import { notFound } from '../http/http-error';
import { updateBuyerRoutingReference } from '../billing/einvoices';
import { attachPoRequestSchema, PO_DOCUMENT_BODY_LIMIT } from '../../shared/orders/po-document';
import { attachPoDocument, readPoUpload } from '../order-records/po-document';
import { renderOrderProForma, sendOrderProForma } from '../billing/order-pro-forma';

const idParams = z.object({ id: z.uuid() });
const testRecordNotFound = 'Test record not found';

/** The orders list, its CSV export, and the order's detail, edit, delete and payments. */
export async function adminOrderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** One audited write to an order (its entry names the order), in one transaction. */
  const changeOrder = (
    request: FastifyRequest,
    orderId: string,
    action: string,
    work: (tx: Db, now: Date, admin: RequestAuth) => Promise<Pick<AuditEntry, 'before' | 'after'>>,
  ) =>
    auditedChange(app, request, async (tx, now, admin) => {
      const { before, after } = await work(tx, now, admin);
      return { result: undefined, audit: { action, entityType: 'order', entityId: orderId, before, after } };
    });

  r.get(
    '/orders',
    {
      config: adminRoute('orders.view'),
      schema: { querystring: adminOrderListQuerySchema, response: { 200: adminOrderPageSchema } },
    },
    async (request) => listOrders(app.db, request.query, app.now()),
  );

  // Issue 54: the papers of dispatch are Operations' too (dispatch.manage), who see no order's money.
  const dispatchPapers = adminRoute(['orders.view', 'dispatch.manage']);

  r.get(
    '/orders/:id/packing-slip',
    { config: dispatchPapers, schema: { params: idParams } },
    async (request, reply) => {
      const { pdf, orderNumber } = await deliveryNotePdf(app.db, request.params.id, app.now(), app.env.publicUrl);
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', contentDisposition(`delivery-note-${orderNumber}.pdf`))
        .send(pdf);
    },
  );

  // Issue 39: a purchase order that arrived by e-mail, attached by staff (PDF by its bytes, at most 10 MB),
  // with its number; it replaces one the buyer attached. Audited without the bytes.
  r.put(
    '/orders/:id/po',
    {
      config: adminRoute('orders.edit'),
      bodyLimit: PO_DOCUMENT_BODY_LIMIT,
      schema: { params: idParams, body: attachPoRequestSchema, response: { 200: adminOrderAnswerSchema } },
    },
    async (request) => {
      const file = readPoUpload(request.body);
      await changeOrder(request, request.params.id, 'order.po_attach', async (tx, now, admin) => {
        const { before, ...attached } = await attachPoDocument(tx, {
          orderId: request.params.id,
          file,
          poNumber: request.body.poNumber,
          source: 'staff',
          userId: admin.userId,
          now,
        });
        return { before, after: attached };
      });
      return { order: await adminOrderDetail(app.db, request.params.id) };
    },
  );

  // Issue 39: a pro-forma on request, marked "Pro-forma: not a VAT invoice" on every page: downloaded by
  // staff who issue invoices, or e-mailed to the customer (a payment request: fresh code, audited).
  r.get(
    '/orders/:id/pro-forma',
    { config: adminRoute('invoices.issue'), schema: { params: idParams } },
    async (request, reply) => {
      const { pdf, filename } = await renderOrderProForma(app.db, request.params.id, app.now(), app.env.publicUrl);
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', contentDisposition(filename))
        .send(pdf);
    },
  );

  r.post(
    '/orders/:id/pro-forma/send',
    {
      config: adminRoute('invoices.issue', { stepUp: true }),
      schema: { params: idParams, response: { 200: adminOrderAnswerSchema } },
    },
    async (request) => {
      await changeOrder(request, request.params.id, 'order.pro_forma_send', async (tx, now) => ({
        before: null,
        after: await sendOrderProForma(tx, { orderId: request.params.id, now, publicUrl: app.env.publicUrl }),
      }));
      return { order: await adminOrderDetail(app.db, request.params.id) };
    },
  );

  // The commercial invoice staff print with the delivery note at dispatch (404 for a UK delivery).
  r.get(
    '/orders/:id/commercial-invoice',
    { config: dispatchPapers, schema: { params: idParams } },
    async (request, reply) => {
      const { pdf, filename } = await commercialInvoicePdf(app.db, request.params.id, app.now());
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', contentDisposition(filename))
        .send(pdf);
    },
  );

  // The language of the order's documents and e-mails (issue 40): staff change it for the buyer, audited.
  r.put(
    '/orders/:id/language',
    {
      config: adminRoute('orders.edit'),
      schema: { params: idParams, body: orderLanguageRequestSchema, response: { 200: adminOrderAnswerSchema } },
    },
    async (request) => {
      await changeOrder(request, request.params.id, 'order.language', (tx, now) =>
        setOrderLanguage(tx, request.params.id, request.body.language, now),
      );
      return { order: await adminOrderDetail(app.db, request.params.id) };
    },
  );

  // The proof of export, entered at dispatch and completed at delivery (issue 37).
  r.put(
    '/orders/:id/export-proof',
    {
      config: adminRoute('orders.edit'),
      schema: { params: idParams, body: exportProofRequestSchema, response: { 200: adminOrderAnswerSchema } },
    },
    async (request) => {
      await changeOrder(request, request.params.id, 'order.export_proof', (tx, now, admin) =>
        updateExportProof(tx, request.params.id, request.body, { adminId: admin.userId, now }),
      );
      return { order: await adminOrderDetail(app.db, request.params.id) };
    },
  );

  // Issue 40: the buyer's routing reference (Leitweg-ID), an XRechnung's BT-10; staff add or correct it.
  r.put(
    '/orders/:id/buyer-routing-reference',
    {
      config: adminRoute('orders.edit'),
      schema: {
        params: idParams,
        body: buyerRoutingReferenceRequestSchema,
        response: { 200: adminOrderAnswerSchema },
      },
    },
    async (request) => {
      await changeOrder(request, request.params.id, 'order.buyer_routing_reference', (tx, now) =>
        updateBuyerRoutingReference(tx, request.params.id, request.body.buyerRoutingReference, now),
      );
      return { order: await adminOrderDetail(app.db, request.params.id) };
    },
  );

  r.get(
    '/orders.csv',
    { config: adminRoute('exports.csv'), schema: { querystring: adminOrderListQuerySchema } },
    async (request, reply) => {
      return sendCsv(
        reply,
        'orders.csv',
        orderExportHeader,
        orderExportBatches(app.db, request.query, app.now()),
        ({ item: row, cells }) => [
          row.orderNumber,
          csvDate(row.createdAt),
          row.isGuest && !row.customerName
            ? customerFallbacks.guest
            : fallback(row.customerName, customerFallbacks.noName),
          fallback(row.customerEmail, customerFallbacks.noEmail),
          fallback(row.customerCompany, customerFallbacks.notProvided),
          cells?.country ?? '',
          cells?.status ?? row.status,
          cells?.paymentStatus ?? row.paymentStatus,
          cells?.net ?? null,
          cells?.vat ?? null,
          cells?.vatRate ?? null,
          csvMoney(row.totalAmount),
          row.currency,
          cells?.po ?? null,
          cells?.vatNumber ?? null,
          cells?.invoiceNumbers ?? null,
          cells?.creditNotes ?? null,
          cells?.credited ?? null,
          cells?.paid ?? null,
          cells?.refunded ?? null,
          cells?.outstanding ?? null,
          cells?.paymentDates ?? null,
          cells?.paymentMethod ?? null,
        ],
      );
    },
  );

  r.get(
    '/orders/:id',
    { config: adminRoute('orders.view'), schema: { params: idParams, response: { 200: adminOrderAnswerSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const settings = await getCachedSettings(app.db);
      return {
        order: await adminOrderDetail(app.db, request.params.id),
        carriers: settings.carriers,
        vatRegistries: [...app.vatNumberChecks.registries.configured],
        factoryTestLimits: {
          rateLimitPercent: settings.factoryTestRateLimitPercent,
          nominalVolumeMl: settings.factoryTestNominalVolumeMl,
          volumeLimitPercent: settings.factoryTestVolumeLimitPercent,
        },
      };
    },
  );

  r.patch(
    '/orders/:id',
    {
      config: adminRoute('orders.edit'),
      schema: { params: idParams, body: updateOrderRequestSchema, response: { 200: adminOrderAnswerSchema } },
    },
    async (request) => {
      const admin = adminOf(request);
      await shipOrder(app, request, {
        orderId: request.params.id,
        changes: request.body,
        // Status and notes are Sales' (orders.edit); changing the payment fields is Finance's
        // (issue 24). A form that sends them back unchanged is not refused.
        check: (order) => {
          const { paymentStatus, paymentMethod, invoiceNumber } = request.body;
          if (paymentStatus !== undefined && paymentStatus !== order.paymentStatus)
            requirePermission(admin, 'payments.record');
          if (paymentMethod !== undefined && paymentMethod !== order.paymentMethod)
            requirePermission(admin, 'payments.record');
          if (invoiceNumber !== undefined && invoiceNumber !== order.invoiceNumber)
            requirePermission(admin, 'invoices.issue');
        },
      });
      return { order: await adminOrderDetail(app.db, request.params.id) };
    },
  );

  r.delete(
    '/orders/:id',
    {
      config: adminRoute('orders.delete', { stepUp: true }),
      schema: { params: idParams, response: { 200: z.object({ deleted: z.literal(true) }) } },
    },
    async (request) => {
      await changeOrder(request, request.params.id, 'order.delete', async (tx) => ({
        ...(await deleteOrder(tx, request.params.id)),
        after: null,
      }));
      return { deleted: true as const };
    },
  );

  r.post(
    '/orders/:id/payments',
    {
      config: adminRoute('payments.record', { stepUp: true }),
      schema: { params: idParams, body: recordPaymentRequestSchema, response: { 201: adminOrderAnswerSchema } },
    },
    async (request, reply) => {
      await changeOrder(request, request.params.id, 'order.payment', (tx, now, admin) =>
        recordPayment(tx, {
          orderId: request.params.id,
          transactionType: request.body.transactionType,
          amount: request.body.amount,
          paymentMethod: request.body.paymentMethod,
          reference: request.body.reference ?? null,
          receivedAt: request.body.receivedAt ?? null,
          adminId: admin.userId,
          now,
          publicUrl: app.env.publicUrl,
        }),
      );
      return reply.status(201).send({ order: await adminOrderDetail(app.db, request.params.id) });
    },
  );

  r.post(
    '/orders/:id/payments/:paymentId/refund',
    {
      config: adminRoute('payments.record', { stepUp: true }),
      schema: {
        params: z.object({ id: z.uuid(), paymentId: z.uuid() }),
        body: refundRequestSchema.optional(),
        response: { 200: adminOrderAnswerSchema },
      },
    },
    async (request) => {
      const body: z.output<typeof refundRequestSchema> = request.body ?? refundRequestSchema.parse({});
      await changeOrder(request, request.params.id, 'order.refund', (tx, now, admin) =>
        refundPayment(tx, {
          orderId: request.params.id,
          paymentId: request.params.paymentId,
          amount: body.amount ?? null,
          refundedOn: body.refundedOn ?? null,
          method: body.method ?? 'bank_transfer',
          reference: body.reference ?? null,
          reason: body.reason ?? null,
          adminId: admin.userId,
          now,
          publicUrl: app.env.publicUrl,
        }),
      );
      return { order: await adminOrderDetail(app.db, request.params.id) };
    },
  );

  r.post(
    '/orders/:id/ship-override',
    {
      config: adminRoute('orders.override', { stepUp: true }),
      schema: { params: idParams, body: shipOverrideRequestSchema, response: { 200: adminOrderAnswerSchema } },
    },
    async (request) => {
      const { reason, trackingNumber, carrier, serialNumbers, factoryTests, exportMrn } = request.body;
      await shipOrder(app, request, {
        orderId: request.params.id,
        changes: updateOrderRequestSchema.parse({
          status: 'shipped',
          ...(trackingNumber !== undefined ? { trackingNumber } : {}),
          ...(carrier !== undefined ? { carrier } : {}),
          ...(serialNumbers !== undefined ? { serialNumbers } : {}),
          ...(factoryTests !== undefined ? { factoryTests } : {}),
          ...(exportMrn ? { exportMrn } : {}),
        }),
        override: { reason },
      });
      return { order: await adminOrderDetail(app.db, request.params.id) };
    },
  );

  r.post(
    '/orders/:id/processing-override',
    {
      config: adminRoute('orders.override', { stepUp: true }),
      schema: { params: idParams, body: processingOverrideRequestSchema, response: { 200: adminOrderAnswerSchema } },
    },
    async (request) => {
      await shipOrder(app, request, {
        orderId: request.params.id,
        changes: updateOrderRequestSchema.parse({ status: 'processing' }),
        override: { reason: request.body.reason },
      });
      return { order: await adminOrderDetail(app.db, request.params.id) };
    },
  );

  r.post(
    '/orders/:id/batch',
    {
      config: adminRoute('orders.edit'),
      schema: { params: idParams, body: moveOrderBatchRequestSchema, response: { 200: adminOrderAnswerSchema } },
    },
    async (request) => {
      await changeOrder(request, request.params.id, 'order.batch_move', (tx, now, admin) =>
        moveOrderBatch(tx, request.params.id, {
          toBatch: request.body.batch,
          reason: request.body.reason,
          adminId: admin.userId,
          now,
          publicUrl: app.env.publicUrl,
        }),
      );
      invalidateCatalogueCache();
      return { order: await adminOrderDetail(app.db, request.params.id) };
    },
  );

  // Issue 41: a factory test record (PDF, read by its bytes) uploaded before the move to shipped names it.
  // Issue 48, F10: the record, with the tester's "passed", stands in for the measurements judged against
  // the step-up-protected test limits, so it needs the same fresh code as changing them.
  r.post(
    '/orders/:id/test-records',
    {
      config: adminRoute(['orders.edit', 'dispatch.manage'], { stepUp: true }),
      bodyLimit: MODEL_DOCUMENT_BODY_LIMIT,
      schema: {
        params: idParams,
        body: uploadModelDocumentRequestSchema,
        response: { 201: z.object({ testRecord: testRecordSchema }) },
      },
    },
    async (request, reply) => {
      const testRecord = await auditedChange(app, request, async (tx, now, admin) => {
        const stored = await storeTestRecord(tx, {
          orderId: request.params.id,
          upload: request.body,
          adminId: admin.userId,
          now,
        });
        return {
          result: stored,
          audit: {
            action: 'order.test_record_upload',
            entityType: 'order',
            entityId: request.params.id,
            before: null,
            after: stored,
          },
        };
      });
      return reply.status(201).send({ testRecord });
    },
  );

  // Issue 41: staff download an uploaded test record, its bytes as stored (a PDF: the upload is read by
  // its bytes, so the stored type is always application/pdf). Not the customer's: 404 for another order's record.
  r.get(
    '/orders/:id/test-records/:recordId',
    { config: dispatchPapers, schema: { params: z.object({ id: z.uuid(), recordId: z.uuid() }) } },
    async (request, reply) => {
      const record = await readTestRecord(app.db, request.params.id, request.params.recordId);
      if (!record) throw notFound(testRecordNotFound);
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('etag', `"${record.sha256}"`)
        .header('content-disposition', contentDisposition(record.filename))
        .send(record.bytes);
    },
  );

  r.post(
    '/orders/:id/comments',
    {
      config: adminRoute('orders.edit'),
      schema: { params: idParams, body: orderCommentRequestSchema, response: { 201: adminOrderAnswerSchema } },
    },
    async (request, reply) => {
      await changeOrder(request, request.params.id, 'order.comment', async (tx, now, admin) => ({
        before: null,
        after: await addStaffComment(tx, {
          orderId: request.params.id,
          text: request.body.text,
          adminId: admin.userId,
          now,
        }),
      }));
      return reply.status(201).send({ order: await adminOrderDetail(app.db, request.params.id) });
    },
  );

  // Issue 37: staff check the buyer's VAT number with its registry again, now; the answer is kept as evidence.
  r.post(
    '/orders/:id/vat-number-check',
    {
      config: adminRoute('orders.edit'),
      schema: { params: idParams, response: { 200: adminOrderAnswerSchema } },
    },
    async (request) => {
      const check = await auditedChange(app, request, async (tx, now, admin) => {
        const row = await queueVatNumberCheck(tx, {
          orderId: request.params.id,
          adminId: admin.userId,
          now,
          configured: app.vatNumberChecks.registries.configured,
        });
        return {
          result: row,
          audit: {
            action: 'order.vat_number_check',
            entityType: 'order',
            entityId: request.params.id,
            before: null,
            after: { registry: row.registry, countryCode: row.countryCode },
          },
        };
      });
      // Asked after the transaction: the registry's time never holds the order's lock.
      await app.vatNumberChecks.checkNow(check.id);
      return {
        order: await adminOrderDetail(app.db, request.params.id),
        vatRegistries: [...app.vatNumberChecks.registries.configured],
      };
    },
  );

  // Security issue 48, F9: staff accept that the buyer is the business the registry names, though the
  // billing name differs; until then (or the billing is corrected) the order's invoice is refused.
  r.post(
    '/orders/:id/vat-name-acceptance',
    {
      config: adminRoute('invoices.issue', { stepUp: true }),
      schema: { params: idParams, response: { 200: adminOrderAnswerSchema } },
    },
    async (request) => {
      await auditedChange(app, request, async (tx, now, admin) => {
        const accepted = await acceptVatName(tx, { orderId: request.params.id, adminId: admin.userId, now });
        return {
          result: accepted,
          audit: {
            action: 'order.vat_name_accept',
            entityType: 'order',
            entityId: request.params.id,
            before: null,
            after: { checkId: accepted.checkId, registeredName: accepted.registeredName, accepted: true },
          },
        };
      });
      return {
        order: await adminOrderDetail(app.db, request.params.id),
        vatRegistries: [...app.vatNumberChecks.registries.configured],
      };
    },
  );
}
