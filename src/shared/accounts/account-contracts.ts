import { z } from 'zod';
import { orderSchema } from '../orders/order-schema';
import { profileSchema } from './profile-schema';

/**
 * The request and response schemas of the account routes (docs/api/accounts.md), shared by the
 * server's route declarations and the browser's fetchers. A response schema is the allow-list of
 * what leaves the server.
 */

export { type Profile, profileSchema } from './profile-schema';

/** GET and PUT /api/account/profile (the request body of PUT is `profileUpdateSchema`). */
export const profileAnswerSchema = z.object({ profile: profileSchema });

/** GET /api/account/orders: the customer's orders, newest first. */
export const accountOrdersAnswerSchema = z.object({ orders: z.array(orderSchema) });

/** GET /api/account/orders/{id}: a malformed id is simply not one of the customer's orders. */
export const accountOrderParamsSchema = z.object({ id: z.string().max(100) });
export const accountOrderAnswerSchema = z.object({ order: orderSchema });
