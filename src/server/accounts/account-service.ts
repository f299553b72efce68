import { and, desc, eq } from 'drizzle-orm';
import type { ProfileUpdate } from '../../shared/accounts/auth-schemas';
import type { Db } from '../db/client';
import type { Order } from '../../shared/orders/order-schema';
import { orders, profiles, users } from '../db/schema';
import { loadOrderModel, loadOrderModels, toOwnerOrder } from '../orders/order-read-model';
import { notFound } from '../http/http-error';

export async function getProfile(db: Db, userId: string) {
  const [row] = await db
    .select({ profile: profiles, confirmedAt: users.emailConfirmedAt })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  if (!row?.profile) throw notFound('Profile not found');
  const p = row.profile;
  return {
    id: p.id,
    email: p.email,
    firstName: p.firstName,
    lastName: p.lastName,
    phone: p.phone,
    company: p.company,
    country: p.country,
    isAdmin: p.isAdmin,
    emailVerified: row.confirmedAt !== null,
    createdAt: p.createdAt.toISOString(),
  };
}

export async function updateProfile(
  db: Db,
  userId: string,
  changes: Required<{ [K in keyof ProfileUpdate]: string | null }>,
  now: Date,
) {
  await db
    .update(profiles)
    .set({ ...changes, updatedAt: now })
    .where(eq(profiles.id, userId));
  return getProfile(db, userId);
}

/** The user's orders, newest first, with items, payments and status history (the owner's view). */
export async function listOwnOrders(db: Db, userId: string): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber));
  return (await loadOrderModels(db, rows)).map(toOwnerOrder);
}

/** One of the user's orders; another customer's order is not found, so ids cannot be probed. */
export async function getOwnOrder(db: Db, userId: string, orderId: string): Promise<Order> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!row) throw notFound('Order not found');
  return toOwnerOrder(await loadOrderModel(db, row));
}
