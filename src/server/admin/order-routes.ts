import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerFallbacks } from '../../shared/lists';
import {
  adminOrderAnswerSchema,
  adminOrderListQuerySchema,
  adminOrderPageSchema,
  orderCommentRequestSchema,
  orderMessages,
  recordPaymentRequestSchema,
  refundRequestSchema,
  shipOverrideRequestSchema,
  updateOrderRequestSchema,
} from '../../shared/orders/order-admin-contracts';
import { orders } from '../db/schema';
import { notFound } from '../http/http-error';
import { loadOrderModel, toAdminOrder } from '../orders/order-read-model';
import { recordPayment, refundPayment } from '../orders/record-payment';
import { deliveryNotePdf } from '../orders/delivery-note';
import { addStaffComment, deleteOrder, updateOrder } from '../orders/update-order';
import { instrumentsFollowOrder } from '../instruments/instrument-life';
import { adminOf, adminRoute, requirePermission } from './admin-route-config';
import { fallback } from '../db/list-sql';
import { listOrders } from '../orders/order-list';
import { csvDate, orderExportBatches, orderExportHeader } from '../reporting/accounting-export';
import { writeAudit } from '../audit/audit-log';
import { getCachedSettings } from '../settings/settings-service';
import { csvMoney } from '../../shared/csv';
import { sendCsv } from './csv-export';
import { moveOrderBatchRequestSchema } from '../../shared/batches/batch-places';
import { cleanLine } from '../../shared/clean-text';
import { invalidateCatalogueCache } from '../catalogue/catalogue-service';
import { moveOrderBatch, productBatchRows, toBatchPlaces } from '../orders/batch-places';
import { lockOrder } from '../orders/order-admin-context';

const idParams = z.object({ id: z.uuid() });

/** The orders list, its CSV export, and the order's detail, edit, delete and payments. */
export async function adminOrderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const adminOrder = async (id: string) => {
    const [row] = await app.db.select().from(orders).where(eq(orders.id, id));
    if (!row) throw notFound(orderMessages.orderNotFound);
    const [order, batches] = await Promise.all([
      toAdminOrder(app.db, await loadOrderModel(app.db, row)),
      productBatchRows(app.db),
    ]);
    const held = batches.find((batch) => batch.id === row.placesBatchId);
    return {
      ...order,
      batchPanel: {
        holds: held ? { name: held.name, places: row.placesTaken } : null,
        batches: batches.map(toBatchPlaces),
      },
    };
  };

  r.get(
    '/orders',
    {
      config: adminRoute('orders.view'),
      schema: { querystring: adminOrderListQuerySchema, response: { 200: adminOrderPageSchema } },
    },
    async (request) => listOrders(app.db, request.query, app.now()),
  );

  r.get(
    '/orders/:id/packing-slip',
    { config: adminRoute('orders.view'), schema: { params: idParams } },
    async (request, reply) => {
      const { pdf, orderNumber } = await deliveryNotePdf(app.db, request.params.id, app.now());
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="delivery-note-${orderNumber}.pdf"`)
        .send(pdf);
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
      return { order: await adminOrder(request.params.id), carriers: (await getCachedSettings(app.db)).carriers };
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
      await app.db.transaction(async (tx) => {
        const { before, after, row } = await updateOrder(tx, {
          orderId: request.params.id,
          changes: request.body,
          adminId: admin.userId,
          now: app.now(),
          publicUrl: app.env.publicUrl,
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
        const recorded = await instrumentsFollowOrder(tx, {
          fromStatus: before.status,
          order: row,
          serialNumbers: request.body.serialNumbers,
          adminId: admin.userId,
          now: app.now(),
        });
        await writeAudit(tx, {
          admin,
          action: 'order.update',
          entityType: 'order',
          entityId: request.params.id,
          before,
          after: { ...after, ...recorded },
          now: app.now(),
        });
      });
      return { order: await adminOrder(request.params.id) };
    },
  );

  r.delete(
    '/orders/:id',
    {
      config: adminRoute('orders.delete', { stepUp: true }),
      schema: { params: idParams, response: { 200: z.object({ deleted: z.literal(true) }) } },
    },
    async (request) => {
      const admin = adminOf(request);
      await app.db.transaction(async (tx) => {
        const { before } = await deleteOrder(tx, request.params.id);
        await writeAudit(tx, {
          admin,
          action: 'order.delete',
          entityType: 'order',
          entityId: request.params.id,
          before,
          after: null,
          now: app.now(),
        });
      });
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
      const admin = adminOf(request);
      await app.db.transaction(async (tx) => {
        const { before, after } = await recordPayment(tx, {
          orderId: request.params.id,
          transactionType: request.body.transactionType,
          amount: request.body.amount,
          paymentMethod: request.body.paymentMethod,
          reference: request.body.reference ?? null,
          receivedAt: request.body.receivedAt ?? null,
          adminId: admin.userId,
          now: app.now(),
          publicUrl: app.env.publicUrl,
        });
        await writeAudit(tx, {
          admin,
          action: 'order.payment',
          entityType: 'order',
          entityId: request.params.id,
          before,
          after,
          now: app.now(),
        });
      });
      return reply.status(201).send({ order: await adminOrder(request.params.id) });
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
      const admin = adminOf(request);
      const body: z.output<typeof refundRequestSchema> = request.body ?? refundRequestSchema.parse({});
      await app.db.transaction(async (tx) => {
        const { before, after } = await refundPayment(tx, {
          orderId: request.params.id,
          paymentId: request.params.paymentId,
          amount: body.amount ?? null,
          refundedOn: body.refundedOn ?? null,
          method: body.method ?? 'bank_transfer',
          reference: body.reference ?? null,
          reason: body.reason ?? null,
          adminId: admin.userId,
          now: app.now(),
        });
        await writeAudit(tx, {
          admin,
          action: 'order.refund',
          entityType: 'order',
          entityId: request.params.id,
          before,
          after,
          now: app.now(),
        });
      });
      return { order: await adminOrder(request.params.id) };
    },
  );

  r.post(
    '/orders/:id/ship-override',
    {
      config: adminRoute('orders.override', { stepUp: true }),
      schema: { params: idParams, body: shipOverrideRequestSchema, response: { 200: adminOrderAnswerSchema } },
    },
    async (request) => {
      const admin = adminOf(request);
      await app.db.transaction(async (tx) => {
        const { before, after, row } = await updateOrder(tx, {
          orderId: request.params.id,
          changes: updateOrderRequestSchema.parse({
            status: 'shipped',
            ...(request.body.trackingNumber !== undefined ? { trackingNumber: request.body.trackingNumber } : {}),
            ...(request.body.carrier !== undefined ? { carrier: request.body.carrier } : {}),
          }),
          override: { reason: request.body.reason },
          adminId: admin.userId,
          now: app.now(),
          publicUrl: app.env.publicUrl,
        });
        const recorded = await instrumentsFollowOrder(tx, {
          fromStatus: before.status,
          order: row,
          serialNumbers: request.body.serialNumbers,
          adminId: admin.userId,
          now: app.now(),
        });
        await writeAudit(tx, {
          admin,
          action: 'order.ship_override',
          entityType: 'order',
          entityId: request.params.id,
          before,
          after: { ...after, ...recorded, overrideReason: request.body.reason },
          now: app.now(),
        });
      });
      return { order: await adminOrder(request.params.id) };
    },
  );

  r.post(
    '/orders/:id/batch',
    {
      config: adminRoute('orders.edit'),
      schema: { params: idParams, body: moveOrderBatchRequestSchema, response: { 200: adminOrderAnswerSchema } },
    },
    async (request) => {
      const admin = adminOf(request);
      await app.db.transaction(async (tx) => {
        const order = await lockOrder(tx, orders, request.params.id);
        if (!order) throw notFound(orderMessages.orderNotFound);
        const reason = request.body.reason ? cleanLine(request.body.reason) : '';
        const { before, after } = await moveOrderBatch(tx, order, {
          toBatch: request.body.batch,
          reason: reason === '' ? null : reason,
          adminId: admin.userId,
          now: app.now(),
        });
        await writeAudit(tx, {
          admin,
          action: 'order.batch_move',
          entityType: 'order',
          entityId: request.params.id,
          before,
          after,
          now: app.now(),
        });
      });
      invalidateCatalogueCache();
      return { order: await adminOrder(request.params.id) };
    },
  );

  r.post(
    '/orders/:id/comments',
    {
      config: adminRoute('orders.edit'),
      schema: { params: idParams, body: orderCommentRequestSchema, response: { 201: adminOrderAnswerSchema } },
    },
    async (request, reply) => {
      const admin = adminOf(request);
      await app.db.transaction(async (tx) => {
        const comment = await addStaffComment(tx, {
          orderId: request.params.id,
          text: request.body.text,
          adminId: admin.userId,
          now: app.now(),
        });
        await writeAudit(tx, {
          admin,
          action: 'order.comment',
          entityType: 'order',
          entityId: request.params.id,
          before: null,
          after: comment,
          now: app.now(),
        });
      });
      return reply.status(201).send({ order: await adminOrder(request.params.id) });
    },
  );
}
