import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { asTitle } from '../../shared/accounts/title';
import { type orders, profiles } from '../db/schema';
import { orderPageUrl } from './order-access';
import { isErasedOrder, storedCustomerInfo } from './order-read-model';

type OrderRow = typeof orders.$inferSelect;

/** Locks the order row for the rest of the transaction, so concurrent admin writes to one order queue up. */
export async function lockOrder(tx: Db, table: typeof orders, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(table).where(eq(table.id, orderId)).for('update');
  return row;
}

/**
 * Who the order's e-mails go to, with the title and names the greeting uses (issue 53): the account's
 * profile, else the customer info stored with the order; nobody for an order kept only for the law
 * after its customer's erasure, or purged (issue 34, F6b). An account without a title takes the one
 * given with the order when the order names the same family name.
 */
export async function orderRecipient(tx: Db, order: OrderRow, publicUrl: string) {
  if (isErasedOrder(order)) return null;
  const stored = storedCustomerInfo(order.configuration ?? null);
  const orderUrl = orderPageUrl(publicUrl, order);
  const info = order.configuration?.customerInfo as Record<string, unknown> | undefined;
  const firstName = typeof info?.firstName === 'string' ? info.firstName : null;
  const lastName = typeof info?.lastName === 'string' ? info.lastName : null;
  const title = asTitle(info?.title);
  if (order.userId) {
    const [profile] = await tx.select().from(profiles).where(eq(profiles.id, order.userId));
    if (profile) {
      const sameName = !!lastName && profile.lastName?.trim() === lastName.trim();
      return {
        to: profile.email,
        title: asTitle(profile.title) ?? (sameName ? title : null),
        firstName: profile.firstName,
        lastName: profile.lastName,
        orderUrl,
      };
    }
  }
  return stored.email ? { to: stored.email, title, firstName, lastName, orderUrl } : null;
}

/** The fields of an order the audit log keeps before and after a change. */
export function auditedOrderFields(row: OrderRow) {
  return {
    orderNumber: row.orderNumber,
    status: row.status,
    paymentStatus: row.paymentStatus,
    paymentMethod: row.paymentMethod,
    trackingNumber: row.trackingNumber,
    invoiceNumber: row.invoiceNumber,
    estimatedDeliveryDate: row.estimatedDeliveryDate,
    notes: row.notes,
    internalNotes: row.internalNotes,
    totalAmount: row.totalAmount,
    currency: row.currency,
  };
}
