import { asc, eq } from 'drizzle-orm';
import type { OrderResource, OrderSummary } from '../../shared/order-flow';
import type { Db } from '../db/client';
import { orderItems, type orders, orderStatusHistory, paymentTransactions } from '../db/schema';

type OrderRow = typeof orders.$inferSelect;

/** Only what the confirmation page needs: what anyone holding a guest order's id may read. */
export function toOrderSummary(row: OrderRow): OrderSummary {
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    status: row.status,
    paymentStatus: row.paymentStatus,
    createdAt: row.createdAt.toISOString(),
    totalAmount: row.totalAmount,
    depositAmount: row.depositAmount,
    currency: row.currency,
  };
}

/** The full order with its items, payments and status history, for its owner or an admin. */
export async function loadOrderResource(db: Db, row: OrderRow): Promise<OrderResource> {
  const [items, payments, history] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, row.id)).orderBy(asc(orderItems.createdAt)),
    db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, row.id)).orderBy(asc(paymentTransactions.createdAt)),
    db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, row.id)).orderBy(asc(orderStatusHistory.createdAt)),
  ]);
  return {
    ...toOrderSummary(row),
    quoteId: row.quoteId,
    paymentMethod: row.paymentMethod,
    remainingAmount: row.remainingAmount,
    trackingNumber: row.trackingNumber,
    invoiceNumber: row.invoiceNumber,
    invoiceDueDate: row.invoiceDueDate,
    estimatedDeliveryDate: row.estimatedDeliveryDate,
    notes: row.notes,
    updatedAt: row.updatedAt.toISOString(),
    configuration: row.configuration ?? null,
    billingAddress: row.billingAddress ?? null,
    shippingAddress: row.shippingAddress ?? null,
    items: items.map((item) => ({
      itemType: item.itemType,
      itemId: item.itemId,
      itemName: item.itemName,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      totalPrice: item.totalPrice,
    })),
    payments: payments.map((payment) => ({
      transactionType: payment.transactionType,
      amount: payment.amount,
      currency: payment.currency,
      paymentMethod: payment.paymentMethod,
      status: payment.status,
      processedAt: payment.processedAt ? payment.processedAt.toISOString() : null,
      createdAt: payment.createdAt.toISOString(),
    })),
    statusHistory: history.map((entry) => ({
      oldStatus: entry.oldStatus,
      newStatus: entry.newStatus,
      notes: entry.notes,
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}
