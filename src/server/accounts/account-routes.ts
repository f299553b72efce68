import { batchShip } from '../catalogue/batch-ship';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountOrderAnswerSchema,
  accountOrderParamsSchema,
  accountOrdersAnswerSchema,
  profileAnswerSchema,
} from '../../shared/accounts/account-contracts';
import { profileUpdateSchema } from '../../shared/accounts/auth-schemas';
import { notFound } from '../http/http-error';
import { noStoreAnswers } from '../http/no-store';
import { getOwnOrder, getProfile, listOwnOrders, updateProfile } from './account-service';
import { requireUser } from './request-auth';

/** The signed-in customer's own profile and orders (docs/api.md, Accounts). */
export async function accountRoutes(app: FastifyInstance) {
  noStoreAnswers(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/account/profile', { schema: { response: { 200: profileAnswerSchema } } }, async (request) => {
    const auth = requireUser(request);
    return { profile: await getProfile(app.db, auth.userId) };
  });

  r.put(
    '/api/account/profile',
    { schema: { body: profileUpdateSchema, response: { 200: profileAnswerSchema } } },
    async (request) => {
      const auth = requireUser(request);
      return { profile: await updateProfile(app.db, auth.userId, request.body, app.now()) };
    },
  );

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
      if (!z.uuid().safeParse(request.params.id).success) throw notFound('Order not found');
      const order = await getOwnOrder(app.db, auth.userId, request.params.id);
      return { order: { ...order, batch: await batchShip(app.db, order.configuration, app.now()) } };
    },
  );
}
