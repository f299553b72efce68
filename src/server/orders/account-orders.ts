import { batchShip } from '../catalogue/batch-ship';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountOrderAnswerSchema,
  accountOrderParamsSchema,
  accountOrdersAnswerSchema,
} from '../../shared/accounts/account-contracts';
import type { Order } from '../../shared/orders/order-schema';
import { orderFlowRefusals } from '../../shared/order-flow';
import { requireUser } from '../accounts/request-auth';
import type { Db } from '../db/client';
import { orders } from '../db/schema';
import { readableOwners } from '../organisations/organisation-access';
import { notFound } from '../http/http-error';
import { noStoreAnswers } from '../http/no-store';
import { loadOrderModel, loadOrderModels, toOwnerOrder } from '../order-records/order-read-model';

/**
 * The user's orders and their organisation's (decision 0068), newest first, with items, payments and
 * status history (the owner's view).
 */
export async function listOwnOrders(db: Db, userId: string): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(inArray(orders.userId, await readableOwners(db, userId)))
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber));
  return (await loadOrderModels(db, rows)).map(toOwnerOrder);
}

/** One of the user's or their organisation's orders; another customer's is not found, so ids cannot be probed. */
export async function getOwnOrder(db: Db, userId: string, orderId: string): Promise<Order> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), inArray(orders.userId, await readableOwners(db, userId))));
  if (!row) throw notFound(orderFlowRefusals.orderNotFound);
  return toOwnerOrder(await loadOrderModel(db, row));
}

/** The signed-in customer's own orders (docs/api/accounts.md). */
export async function accountOrderRoutes(app: FastifyInstance) {
  noStoreAnswers(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/account/orders', { schema: { response: { 200: accountOrdersAnswerSchema } } }, async (request) => {
    const auth = requireUser(request);
    return { orders: await listOwnOrders(app.db, auth.userId) };
  });

  r.get(
    '/api/account/orders/:id',
    { schema: { params: accountOrderParamsSchema, response: { 200: accountOrderAnswerSchema } } },
    async (request) => {
      const auth = requireUser(request);
      // A malformed id is simply not one of the customer's orders.
      if (!z.uuid().safeParse(request.params.id).success) throw notFound(orderFlowRefusals.orderNotFound);
      const order = await getOwnOrder(app.db, auth.userId, request.params.id);
      return { order: { ...order, batch: await batchShip(app.db, order.configuration, app.now()) } };
    },
  );
}
