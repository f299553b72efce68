import { date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, id, money, updatedAt } from './columns';
import { quotes } from './quotes';

export type OrderStatus = 'pending' | 'confirmed' | 'processing' | 'shipped' | 'delivered' | 'cancelled';
export type PaymentStatus = 'pending' | 'deposit_paid' | 'fully_paid' | 'refunded' | 'failed';
export type OrderItemType =
  | 'base_configuration'
  | 'power_adaptor'
  | 'accessory'
  | 'adaptor'
  | 'syringe_holder'
  | 'shipping'
  | 'servicing';

export interface Address {
  street: string;
  city: string;
  state: string | null;
  postal_code: string;
  country: string;
}

export const orders = pgTable(
  'orders',
  {
    id: id(),
    orderNumber: text('order_number').notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    quoteId: uuid('quote_id').references(() => quotes.id, { onDelete: 'set null' }),
    configuration: jsonb('configuration').$type<Record<string, unknown>>(),
    totalAmount: money('total_amount').notNull(),
    depositAmount: money('deposit_amount').notNull(),
    remainingAmount: money('remaining_amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<OrderStatus>().notNull().default('pending'),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull().default('pending'),
    paymentMethod: text('payment_method'),
    notes: text('notes'),
    internalNotes: text('internal_notes'),
    trackingNumber: text('tracking_number'),
    invoiceNumber: text('invoice_number'),
    invoiceDueDate: date('invoice_due_date'),
    estimatedDeliveryDate: date('estimated_delivery_date'),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    billingAddress: jsonb('billing_address').$type<Address>(),
    shippingAddress: jsonb('shipping_address').$type<Address>(),
    /** A client-chosen key: the same key again returns the same order. */
    idempotencyKey: text('idempotency_key').unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('orders_user_id_idx').on(table.userId), index('orders_created_at_idx').on(table.createdAt)],
);

const orderId = () =>
  uuid('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' });

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: orderId(),
    itemType: text('item_type').$type<OrderItemType>().notNull(),
    itemId: text('item_id').notNull(),
    itemName: text('item_name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    totalPrice: money('total_price').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('order_items_order_id_idx').on(table.orderId)],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: id(),
    orderId: orderId(),
    oldStatus: text('old_status'),
    newStatus: text('new_status').notNull(),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (table) => [index('order_status_history_order_id_idx').on(table.orderId)],
);

export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: id(),
    orderId: orderId(),
    transactionType: text('transaction_type').$type<'deposit' | 'balance'>().notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    paymentMethod: text('payment_method'),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    stripeInvoiceId: text('stripe_invoice_id'),
    status: text('status').notNull().default('completed'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('payment_transactions_order_id_idx').on(table.orderId)],
);
