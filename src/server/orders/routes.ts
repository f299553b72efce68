import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createOrderRequestSchema,
  orderFlowMessages,
  orderResourceSchema,
  orderSummarySchema,
} from '../../shared/order-flow';
import { currentUserId } from '../accounts/request-auth';
import { orders } from '../db/schema';
import { isExampleProfile } from '../../shared/business-profile';
import { notFound, serviceUnavailable } from '../http/http-error';
import { getBusinessProfile } from '../profile/profile-service';
import { rateLimit } from '../http/rate-limit';
import { pdfDownloadLimit, sendStoredPdf } from '../http/stored-pdf';
import { createOrder } from './create-order';
import { documentPdf } from './invoices';
import { loadOrderModel, toGuestSummary, toOwnerOrder } from './order-read-model';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function orderRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/orders',
    {
      schema: {
        body: createOrderRequestSchema,
        response: { 200: z.object({ order: orderResourceSchema }), 201: z.object({ order: orderResourceSchema }) },
      },
      config: {
        rateLimit: rateLimit({
          max: 100,
          timeWindow: '1 hour',
          message: 'Too many orders. Please wait before trying again.',
        }),
      },
    },
    async (request, reply) => {
      // A production shop whose business profile is still the example takes no orders: its
      // documents would carry placeholder company and bank details. Quotes still work.
      if (app.env.NODE_ENV === 'production' && isExampleProfile(await getBusinessProfile(app.db)))
        throw serviceUnavailable(orderFlowMessages.orderingNotOpen, { code: 'ordering_not_open' });
      const { order, created, model } = await createOrder(app.db, {
        ...request.body,
        userId: currentUserId(request),
        now: app.now(),
        publicUrl: app.env.publicUrl,
      });
      return reply
        .status(created ? 201 : 200)
        .send({ order: toOwnerOrder(model ?? (await loadOrderModel(app.db, order))) });
    },
  );

  routes.get(
    '/api/orders/:id',
    {
      schema: {
        params: z.object({ id: z.string().max(100) }),
        response: { 200: z.object({ order: z.union([orderResourceSchema, orderSummarySchema]) }) },
      },
    },
    async (request, reply) => {
      if (!UUID.test(request.params.id)) throw notFound(orderFlowMessages.orderNotFound);
      const [row] = await app.db.select().from(orders).where(eq(orders.id, request.params.id));
      if (!row) throw notFound(orderFlowMessages.orderNotFound);
      const userId = currentUserId(request);
      const isAdmin = request.auth?.isAdmin === true && request.auth.aal === 'aal2';
      reply.header('cache-control', 'private, no-store');
      if (isAdmin || (row.userId !== null && row.userId === userId))
        return { order: toOwnerOrder(await loadOrderModel(app.db, row)) };
      // Another customer's order is a 404 too, so ids cannot be probed.
      if (row.userId !== null) throw notFound(orderFlowMessages.orderNotFound);
      return { order: toGuestSummary(row) };
    },
  );

  // An order's document (confirmation, invoice, credit note): its owner and admins only; anyone else,
  // a guest order's id holder included, gets 404 (guests receive their documents by e-mail).
  routes.get(
    '/api/orders/:id/documents/:documentId',
    {
      schema: { params: z.object({ id: z.string().max(100), documentId: z.string().max(100) }) },
      config: { rateLimit: pdfDownloadLimit() },
    },
    async (request, reply) => {
      const missing = () => notFound('Document not found');
      if (!UUID.test(request.params.id)) throw missing();
      const [row] = await app.db.select().from(orders).where(eq(orders.id, request.params.id));
      const isAdmin = request.auth?.isAdmin === true && request.auth.aal === 'aal2';
      const userId = currentUserId(request);
      if (!row || !(isAdmin || (row.userId !== null && row.userId === userId))) throw missing();
      const document = await documentPdf(app.db, row, request.params.documentId, app.now());
      if (!document) throw missing();
      // An issued invoice or credit note never changes: its stored bytes, with their ETag.
      if (document.pdfSha256) return sendStoredPdf(request, reply, { ...document, pdfSha256: document.pdfSha256 });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${document.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(document.pdf);
    },
  );
}
