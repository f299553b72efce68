import { timingSafeEqual } from 'node:crypto';
import type { orders } from '../db/schema';

type OrderRow = typeof orders.$inferSelect;

/**
 * Who may read an order beyond its public summary (issue 23, guest order page): its signed-in owner,
 * a staff member at aal2 holding orders.view (staffMayRead), and for a guest order (no account)
 * whoever holds its access key, the 256-bit secret of the link in its e-mails. The key is never the
 * order id (ids appear in logs and admin pages), is compared in constant time, and opens nothing of
 * an account's order, which needs its owner signed in.
 */
export function holdsAccessKey(order: Pick<OrderRow, 'userId' | 'accessKey'>, key: string | undefined): boolean {
  if (order.userId !== null || !order.accessKey || !key) return false;
  const expected = Buffer.from(order.accessKey);
  const given = Buffer.from(key);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The order page an order's e-mails link to: the account's order page for an account's order
 * (sign-in required), else the guest order page with its access key.
 */
export function orderPageUrl(publicUrl: string, order: Pick<OrderRow, 'id' | 'userId' | 'accessKey'>): string {
  const page = `${publicUrl}/order-details/${order.id}`;
  return order.userId === null && order.accessKey ? `${page}?key=${encodeURIComponent(order.accessKey)}` : page;
}
