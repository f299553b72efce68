import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { profileUpdateSchema } from '../../shared/accounts/auth-schemas';
import { orderSchema } from '../../shared/orders/order-schema';
import { notFound } from '../http/http-error';
import { getOwnOrder, getProfile, listOwnOrders, updateProfile } from './account-service';
import { requireUser } from './request-auth';

const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  country: z.string().nullable(),
  isAdmin: z.boolean(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
});

/** The signed-in customer's own profile and orders (docs/api.md, Accounts). */
export async function accountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/account/profile', { schema: { response: { 200: z.object({ profile: profileSchema }) } } }, async (request) => {
    const auth = requireUser(request);
    return { profile: await getProfile(app.db, auth.userId) };
  });

  r.put(
    '/api/account/profile',
    { schema: { body: profileUpdateSchema, response: { 200: z.object({ profile: profileSchema }) } } },
    async (request) => {
      const auth = requireUser(request);
      return { profile: await updateProfile(app.db, auth.userId, request.body, app.now()) };
    },
  );

  r.get('/api/account/orders', { schema: { response: { 200: z.object({ orders: z.array(orderSchema) }) } } }, async (request) => {
    const auth = requireUser(request);
    return { orders: await listOwnOrders(app.db, auth.userId) };
  });

  r.get(
    '/api/account/orders/:id',
    { schema: { params: z.object({ id: z.string().max(100) }), response: { 200: z.object({ order: orderSchema }) } } },
    async (request) => {
      const auth = requireUser(request);
      // A malformed id is simply not one of the customer's orders.
      if (!z.uuid().safeParse(request.params.id).success) throw notFound('Order not found');
      return { order: await getOwnOrder(app.db, auth.userId, request.params.id) };
    },
  );
}
