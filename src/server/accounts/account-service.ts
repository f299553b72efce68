import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { ProfileUpdate } from '../../shared/accounts/auth-schemas';
import type { Db } from '../db/client';
import { orderItems, orders, orderStatusHistory, paymentTransactions, profiles, users } from '../db/schema';
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

export async function updateProfile(db: Db, userId: string, changes: Required<{ [K in keyof ProfileUpdate]: string | null }>, now: Date) {
  await db.update(profiles).set({ ...changes, updatedAt: now }).where(eq(profiles.id, userId));
  return getProfile(db, userId);
}

type OrderRow = typeof orders.$inferSelect;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The customer's view of an order (no internal notes, no payment-processor ids). */
function customerOrder(
  order: OrderRow,
  items: (typeof orderItems.$inferSelect)[],
  payments: (typeof paymentTransactions.$inferSelect)[],
  history: (typeof orderStatusHistory.$inferSelect)[],
) {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    quoteId: order.quoteId,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    totalAmount: order.totalAmount,
    depositAmount: order.depositAmount,
    remainingAmount: order.remainingAmount,
    currency: order.currency,
    trackingNumber: order.trackingNumber,
    invoiceNumber: order.invoiceNumber,
    invoiceDueDate: order.invoiceDueDate,
    estimatedDeliveryDate: order.estimatedDeliveryDate,
    notes: order.notes,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    configuration: order.configuration ?? null,
    billingAddress: order.billingAddress ?? null,
    shippingAddress: order.shippingAddress ?? null,
    items: items.map((i) => ({ id: i.id, itemName: i.itemName, itemType: i.itemType, quantity: i.quantity, unitPrice: i.unitPrice, totalPrice: i.totalPrice })),
    payments: payments.map((p) => ({
      id: p.id,
      transactionType: p.transactionType,
      status: p.status,
      amount: p.amount,
      currency: p.currency,
      paymentMethod: p.paymentMethod,
      processedAt: iso(p.processedAt),
      createdAt: p.createdAt.toISOString(),
    })),
    statusHistory: history.map((h) => ({ id: h.id, oldStatus: h.oldStatus, newStatus: h.newStatus, notes: h.notes, createdAt: h.createdAt.toISOString() })),
  };
}

export type CustomerOrder = ReturnType<typeof customerOrder>;

async function withChildren(db: Db, rows: OrderRow[]): Promise<CustomerOrder[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((o) => o.id);
  const [items, payments, history] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.createdAt)),
    db.select().from(paymentTransactions).where(inArray(paymentTransactions.orderId, ids)).orderBy(asc(paymentTransactions.createdAt)),
    db.select().from(orderStatusHistory).where(inArray(orderStatusHistory.orderId, ids)).orderBy(asc(orderStatusHistory.createdAt)),
  ]);
  return rows.map((order) =>
    customerOrder(
      order,
      items.filter((i) => i.orderId === order.id),
      payments.filter((p) => p.orderId === order.id),
      history.filter((h) => h.orderId === order.id),
    ),
  );
}

/** The user's orders, newest first, with items, payments and status history. */
export async function listOwnOrders(db: Db, userId: string): Promise<CustomerOrder[]> {
  const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.orderNumber));
  return withChildren(db, rows);
}

/** One of the user's orders; another customer's order is not found, so ids cannot be probed. */
export async function getOwnOrder(db: Db, userId: string, orderId: string): Promise<CustomerOrder> {
  const [row] = await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!row) throw notFound('Order not found');
  const [order] = await withChildren(db, [row]);
  if (!order) throw notFound('Order not found');
  return order;
}
