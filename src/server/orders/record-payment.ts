import { and, eq } from 'drizzle-orm';
import { adminMessages } from '../../shared/admin/admin-schemas';
import { formatMoney } from '../../shared/money';
import type { PaymentTransactionType } from '../../shared/orders/order-status';
import type { Db } from '../db/client';
import { orders, orderStatusHistory, paymentTransactions } from '../db/schema';
import { conflict, notFound } from '../http/http-error';
import { lockOrder } from './order-admin-context';
import { ledgerPaymentStatus } from './order-ledger';
import { paidAmount } from './order-read-model';

export interface RecordPaymentInput {
  orderId: string;
  transactionType: PaymentTransactionType;
  amount: number;
  paymentMethod: string;
  reference: string | null;
  /** The day the money arrived (YYYY-MM-DD); today when not given. */
  receivedAt: string | null;
  adminId: string;
  now: Date;
}

const methodLabel = (method: string) => method.replaceAll('_', ' ');

/**
 * Records a payment received by invoice, inside the caller's transaction: the order row is locked,
 * so two admins recording the same payment at once queue up and the second is refused. A deposit
 * is recorded once; no payment may take more than what is outstanding. Writes the completed
 * transaction, sets the payment status the ledger then implies (order-ledger.ts) and a history row.
 */
export async function recordPayment(tx: Db, input: RecordPaymentInput) {
  const order = await lockOrder(tx, orders, input.orderId);
  if (!order) throw notFound(adminMessages.orderNotFound);
  const payments = await tx.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, order.id));
  if (
    input.transactionType === 'deposit' &&
    payments.some((payment) => payment.transactionType === 'deposit' && payment.status === 'completed')
  ) {
    throw conflict(adminMessages.depositAlreadyRecorded, { code: 'deposit_already_recorded' });
  }
  const outstanding = order.totalAmount - paidAmount(payments);
  if (input.amount > outstanding) throw conflict(adminMessages.overpayment, { code: 'overpayment' });

  const processedAt = input.receivedAt ? new Date(`${input.receivedAt}T12:00:00.000Z`) : input.now;
  const [payment] = await tx
    .insert(paymentTransactions)
    .values({
      orderId: order.id,
      transactionType: input.transactionType,
      amount: input.amount,
      currency: order.currency,
      paymentMethod: input.paymentMethod,
      reference: input.reference,
      recordedBy: input.adminId,
      status: 'completed',
      processedAt,
      createdAt: input.now,
    })
    .returning();
  if (!payment) throw new Error('Recording the payment failed');

  const remaining = outstanding - input.amount;
  const paymentStatus = ledgerPaymentStatus(order, [...payments, payment]);
  const [after] = await tx
    .update(orders)
    .set({ paymentStatus, paymentMethod: input.paymentMethod, updatedAt: input.now })
    .where(eq(orders.id, order.id))
    .returning();
  const kind = input.transactionType === 'deposit' ? 'Deposit' : 'Balance payment';
  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    oldStatus: order.status,
    newStatus: order.status,
    changedBy: input.adminId,
    notes: `${kind} of ${formatMoney(input.amount, order.currency, { decimals: 2 })} recorded (${methodLabel(input.paymentMethod)}${input.reference ? `, ref ${input.reference}` : ''})`,
    createdAt: input.now,
  });
  return {
    payment,
    before: { paymentStatus: order.paymentStatus, paidAmount: order.totalAmount - outstanding },
    after: {
      paymentStatus: after?.paymentStatus ?? paymentStatus,
      paidAmount: order.totalAmount - remaining,
      payment: {
        id: payment.id,
        transactionType: payment.transactionType,
        amount: payment.amount,
        reference: payment.reference,
      },
    },
  };
}

/**
 * Marks a recorded payment refunded (never edited): the order's payment status is the ledger's
 * after it (refunded when no completed payment remains).
 */
export async function refundPayment(tx: Db, input: { orderId: string; paymentId: string; adminId: string; now: Date }) {
  const order = await lockOrder(tx, orders, input.orderId);
  if (!order) throw notFound(adminMessages.orderNotFound);
  const [payment] = await tx
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.id, input.paymentId), eq(paymentTransactions.orderId, order.id)));
  if (!payment) throw notFound(adminMessages.paymentNotFound);
  if (payment.status !== 'completed')
    throw conflict(adminMessages.paymentAlreadyRefunded, { code: 'already_refunded' });
  const [refunded] = await tx
    .update(paymentTransactions)
    .set({ status: 'refunded', refundedAt: input.now, refundedBy: input.adminId })
    .where(eq(paymentTransactions.id, payment.id))
    .returning();
  if (!refunded) throw new Error('Refunding the payment failed');
  const payments = await tx.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, order.id));
  const paymentStatus = ledgerPaymentStatus(order, payments);
  await tx.update(orders).set({ paymentStatus, updatedAt: input.now }).where(eq(orders.id, order.id));
  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    oldStatus: order.status,
    newStatus: order.status,
    changedBy: input.adminId,
    notes: `${payment.transactionType === 'deposit' ? 'Deposit' : 'Balance payment'} of ${formatMoney(payment.amount, payment.currency, { decimals: 2 })} refunded`,
    createdAt: input.now,
  });
  return {
    before: {
      paymentStatus: order.paymentStatus,
      payment: { id: payment.id, status: payment.status, amount: payment.amount },
    },
    after: { paymentStatus, payment: { id: payment.id, status: 'refunded', amount: payment.amount } },
  };
}
