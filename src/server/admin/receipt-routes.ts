import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountReceiptAnswerSchema,
  accountReceiptListQuerySchema,
  accountReceiptPageSchema,
  accountReceiptRequestSchema,
  allocationRequestSchema,
  voidRequestSchema,
} from '../../shared/orders/account-receipts';
import { adminOrderAnswerSchema } from '../../shared/orders/order-admin-contracts';
import { auditedChange } from '../audit/audited-change';
import {
  accountReceiptOf,
  allocateAccountReceipt,
  listAccountReceipts,
  recordAccountReceipt,
  voidAccountReceipt,
} from '../billing/account-receipts';
import { adminOrderDetail } from '../orders/admin-order-detail';
import { voidPayment } from '../billing/record-payment';
import { adminRoute } from './admin-route-config';

const idParams = z.object({ id: z.uuid() });

/**
 * Issue 51 (docs/api/admin.md, Receipts on account and voids; decision 0081): receipts that match no
 * invoice, their allocation, and the void of a mis-keyed receipt. Each write moves money in the
 * books: `payments.record` (Finance, Owner) with a fresh code, audited.
 */
export async function adminReceiptRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/account-receipts',
    {
      config: adminRoute('payments.record'),
      schema: { querystring: accountReceiptListQuerySchema, response: { 200: accountReceiptPageSchema } },
    },
    async (request) => listAccountReceipts(app.db, request.query),
  );

  r.post(
    '/account-receipts',
    {
      config: adminRoute('payments.record', { stepUp: true }),
      schema: { body: accountReceiptRequestSchema, response: { 201: accountReceiptAnswerSchema } },
    },
    async (request, reply) => {
      const id = await auditedChange(app, request, async (tx, now, admin) => {
        const { receipt, before, after } = await recordAccountReceipt(tx, {
          userId: request.body.userId ?? null,
          customerEmail: request.body.customerEmail ?? null,
          amount: request.body.amount,
          currency: request.body.currency,
          receivedOn: request.body.receivedOn,
          method: request.body.method,
          reference: request.body.reference,
          note: request.body.note,
          adminId: admin.userId,
          now,
        });
        return {
          result: receipt.id,
          audit: { action: 'receipt.on_account', entityType: 'account_receipt', entityId: receipt.id, before, after },
        };
      });
      return reply.status(201).send({ receipt: await accountReceiptOf(app.db, id) });
    },
  );

  r.post(
    '/account-receipts/:id/allocations',
    {
      config: adminRoute('payments.record', { stepUp: true }),
      schema: { params: idParams, body: allocationRequestSchema, response: { 200: accountReceiptAnswerSchema } },
    },
    async (request) => {
      const receiptId = request.params.id;
      await auditedChange(app, request, async (tx, now, admin) => {
        const change = await allocateAccountReceipt(tx, {
          receiptId,
          allocations: request.body.allocations,
          adminId: admin.userId,
          now,
          publicUrl: app.env.publicUrl,
        });
        return {
          result: undefined,
          audit: { action: 'receipt.allocate', entityType: 'account_receipt', entityId: receiptId, ...change },
        };
      });
      return { receipt: await accountReceiptOf(app.db, receiptId) };
    },
  );

  r.post(
    '/account-receipts/:id/void',
    {
      config: adminRoute('payments.record', { stepUp: true }),
      schema: { params: idParams, body: voidRequestSchema, response: { 200: accountReceiptAnswerSchema } },
    },
    async (request) => {
      const receiptId = request.params.id;
      await auditedChange(app, request, async (tx, now, admin) => {
        const change = await voidAccountReceipt(tx, {
          receiptId,
          reason: request.body.reason,
          adminId: admin.userId,
          now,
        });
        return {
          result: undefined,
          audit: { action: 'receipt.void', entityType: 'account_receipt', entityId: receiptId, ...change },
        };
      });
      return { receipt: await accountReceiptOf(app.db, receiptId) };
    },
  );

  r.post(
    '/orders/:id/payments/:paymentId/void',
    {
      config: adminRoute('payments.record', { stepUp: true }),
      schema: {
        params: z.object({ id: z.uuid(), paymentId: z.uuid() }),
        body: voidRequestSchema,
        response: { 200: adminOrderAnswerSchema },
      },
    },
    async (request) => {
      const orderId = request.params.id;
      await auditedChange(app, request, async (tx, now, admin) => {
        const change = await voidPayment(tx, {
          orderId,
          paymentId: request.params.paymentId,
          reason: request.body.reason,
          adminId: admin.userId,
          now,
        });
        return {
          result: undefined,
          audit: { action: 'order.payment_void', entityType: 'order', entityId: orderId, ...change },
        };
      });
      return { order: await adminOrderDetail(app.db, orderId) };
    },
  );
}
