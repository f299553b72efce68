import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { profileUpdateSchema } from '../../shared/accounts/auth-schemas';
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

const address = z
  .object({ street: z.string(), city: z.string(), state: z.string().nullable(), postal_code: z.string(), country: z.string() })
  .nullable();

/** The customer's view of an order: the allow-list of fields that leave the server. */
const customerOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  quoteId: z.string().nullable(),
  status: z.string(),
  paymentStatus: z.string(),
  paymentMethod: z.string().nullable(),
  totalAmount: z.number().int(),
  depositAmount: z.number().int(),
  remainingAmount: z.number().int(),
  currency: z.string(),
  trackingNumber: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  invoiceDueDate: z.string().nullable(),
  estimatedDeliveryDate: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  configuration: z.record(z.string(), z.unknown()).nullable(),
  billingAddress: address,
  shippingAddress: address,
  items: z.array(
    z.object({ id: z.string(), itemName: z.string(), itemType: z.string(), quantity: z.number().int(), unitPrice: z.number().int(), totalPrice: z.number().int() }),
  ),
  payments: z.array(
    z.object({
      id: z.string(),
      transactionType: z.string(),
      status: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      paymentMethod: z.string().nullable(),
      processedAt: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  statusHistory: z.array(z.object({ id: z.string(), oldStatus: z.string().nullable(), newStatus: z.string(), notes: z.string().nullable(), createdAt: z.string() })),
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

  r.get('/api/account/orders', { schema: { response: { 200: z.object({ orders: z.array(customerOrderSchema) }) } } }, async (request) => {
    const auth = requireUser(request);
    return { orders: await listOwnOrders(app.db, auth.userId) };
  });

  r.get(
    '/api/account/orders/:id',
    { schema: { params: z.object({ id: z.string().max(100) }), response: { 200: z.object({ order: customerOrderSchema }) } } },
    async (request) => {
      const auth = requireUser(request);
      // A malformed id is simply not one of the customer's orders.
      if (!z.uuid().safeParse(request.params.id).success) throw notFound('Order not found');
      return { order: await getOwnOrder(app.db, auth.userId, request.params.id) };
    },
  );
}
