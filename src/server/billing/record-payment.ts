import { and, eq } from 'drizzle-orm';
import { orderMessages } from '../../shared/orders/order-admin-contracts';
import { formatMoney } from '../../shared/money';
import { paymentNote, refundNote } from '../../shared/orders/customer-history';
import type { PaymentTransactionType } from '../../shared/orders/order-status';
import type { Db } from '../db/client';
import { orders, orderStatusHistory, paymentTransactions, refunds } from '../db/schema';
import { conflict, notFound } from '../http/http-error';
import { lifecycleMessages, orderActions } from '../../shared/orders/lifecycle';
import { enqueueMail } from '../mail/outbox';
import { lockOrder, orderRecipient } from '../order-records/order-admin-context';
import { loadInvoiceBalances, loadOrderLedger } from '../order-records/order-ledger';
import { documentFacts } from '../terms/terms-service';
import { paymentReceivedMail, refundMadeMail } from '../order-records/order-notice-mail';

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
  /** Issue 51: allocated from this receipt on account (the bank line is the receipt's). */
  accountReceiptId?: string | null;
}

const methodLabel = (method: string) => method.replaceAll('_', ' ');

/**
 * Records a payment received by invoice, inside the caller's transaction: the order row is locked,
 * so two admins recording the same payment at once queue up and the second is refused. A deposit
 * is recorded in one or more instalments: a further one only while the deposit invoice is not yet
 * covered, and never beyond what it still asks; no payment may take more than what is outstanding. Writes the completed
 * transaction, sets the payment status the ledger then implies (order-ledger.ts) and a history row.
 */
export async function recordPayment(tx: Db, input: RecordPaymentInput & { publicUrl?: string }) {
  const order = await lockOrder(tx, orders, input.orderId);
  if (!order) throw notFound(orderMessages.orderNotFound);
  if (!orderActions({ status: order.status, outstanding: 1, currency: order.currency }).recordPayment)
    throw conflict(lifecycleMessages.cancelledNoPayment, { code: 'order_cancelled' });
  const payments = await tx.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, order.id));
  const ledgerBefore = await loadOrderLedger(tx, order);
  if (
    input.transactionType === 'deposit' &&
    payments.some((payment) => payment.transactionType === 'deposit' && payment.status === 'completed')
  ) {
    // A further instalment of the deposit is taken while its invoice is not yet covered, up to what it still asks.
    if (ledgerBefore.depositOutstanding <= 0)
      throw conflict(orderMessages.depositAlreadyRecorded, { code: 'deposit_already_recorded' });
    if (input.amount > ledgerBefore.depositOutstanding) {
      const message = orderMessages.depositInstalmentTooMuch(
        formatMoney(ledgerBefore.depositOutstanding, order.currency, { decimals: 2 }),
      );
      throw conflict(message, { code: 'deposit_instalment_too_much', fields: { amount: message } });
    }
  }
  const outstanding = ledgerBefore.outstanding;
  if (input.amount > outstanding) throw conflict(orderMessages.overpayment, { code: 'overpayment' });

  // The receipt names the invoice it pays: the earliest one still asking for money (the deposit
  // invoice before the balance invoice), or none when nothing is invoiced yet.
  const against = (await loadInvoiceBalances(tx, order.id)).find((balance) => balance.outstanding > 0) ?? null;
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
      invoiceId: against?.id ?? null,
      accountReceiptId: input.accountReceiptId ?? null,
      createdAt: input.now,
    })
    .returning();
  if (!payment) throw new Error('Recording the payment failed');

  const remaining = outstanding - input.amount;
  const ledger = await loadOrderLedger(tx, order);
  const paymentStatus = ledger.paymentStatus;
  const [after] = await tx
    .update(orders)
    .set({ paymentStatus, paymentMethod: input.paymentMethod, updatedAt: input.now })
    .where(eq(orders.id, order.id))
    .returning();
  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    oldStatus: order.status,
    newStatus: order.status,
    changedBy: input.adminId,
    notes: paymentNote(
      input.transactionType === 'deposit' ? 'deposit' : 'balance',
      formatMoney(input.amount, order.currency, { decimals: 2 }),
      `${methodLabel(input.paymentMethod)}${input.reference ? `, ref ${input.reference}` : ''}`,
    ),
    createdAt: input.now,
  });
  const publicUrl = input.publicUrl;
  const recipient = publicUrl ? await orderRecipient(tx, order, publicUrl) : null;
  if (recipient && publicUrl) {
    await enqueueMail(
      tx,
      paymentReceivedMail({
        order,
        ...recipient,
        amount: input.amount,
        receivedOn: processedAt.toISOString().slice(0, 10),
        ledger,
        facts: await documentFacts(tx, publicUrl),
      }),
    );
  }
  return {
    payment,
    // The order's currency beside its money, so the audit log reads "€0.00 → €480.00" (issue 51).
    before: { paymentStatus: order.paymentStatus, paidAmount: ledgerBefore.paid, currency: order.currency },
    after: {
      currency: order.currency,
      paymentStatus: after?.paymentStatus ?? paymentStatus,
      paidAmount: ledger.paid,
      outstanding: remaining,
      payment: {
        id: payment.id,
        transactionType: payment.transactionType,
        amount: payment.amount,
        reference: payment.reference,
      },
    },
  };
}

export interface RefundInput {
  orderId: string;
  paymentId: string;
  /** Minor units; the payment's unrefunded remainder when null. */
  amount: number | null;
  /** YYYY-MM-DD; today when null. */
  refundedOn: string | null;
  method: string;
  reference: string | null;
  reason: string | null;
  adminId: string;
  now: Date;
}

export const refundMessages = {
  tooMuch: 'The refund is more than what is left of this payment.',
} as const;

/**
 * Pays back a recorded payment in part or whole (never edits it): a refund row with amount, date,
 * method and reference; the order's paid amount and payment status are then the ledger's. A payment
 * marked refunded before partial refunds existed has nothing left to refund. With `publicUrl`, the
 * customer is e-mailed the refund and what the ledger then holds and owes.
 */
export async function refundPayment(tx: Db, input: RefundInput & { publicUrl?: string }) {
  const order = await lockOrder(tx, orders, input.orderId);
  if (!order) throw notFound(orderMessages.orderNotFound);
  const [payment] = await tx
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.id, input.paymentId), eq(paymentTransactions.orderId, order.id)));
  if (!payment) throw notFound(orderMessages.paymentNotFound);
  if (payment.status === 'voided') throw conflict(voidMessages.voided, { code: 'payment_voided' });
  if (payment.status !== 'completed')
    throw conflict(orderMessages.paymentAlreadyRefunded, { code: 'already_refunded' });
  const before = await loadOrderLedger(tx, order);
  const earlier = await tx.select({ amount: refunds.amount }).from(refunds).where(eq(refunds.paymentId, payment.id));
  const left = payment.amount - earlier.reduce((sum, row) => sum + row.amount, 0);
  if (left <= 0) throw conflict(orderMessages.paymentAlreadyRefunded, { code: 'already_refunded' });
  const amount = input.amount ?? left;
  if (amount > left)
    throw conflict(refundMessages.tooMuch, { code: 'refund_too_much', fields: { amount: refundMessages.tooMuch } });
  const refundedOn = input.refundedOn ?? input.now.toISOString().slice(0, 10);
  const [refund] = await tx
    .insert(refunds)
    .values({
      orderId: order.id,
      paymentId: payment.id,
      amount,
      currency: payment.currency,
      refundedOn,
      method: input.method,
      reference: input.reference,
      reason: input.reason,
      recordedBy: input.adminId,
      createdAt: input.now,
    })
    .returning();
  if (!refund) throw new Error('Recording the refund failed');
  if (amount === left) {
    // The whole payment is paid back: it shows so, and the ledger counts it through its refund rows.
    await tx
      .update(paymentTransactions)
      .set({ refundedAt: input.now, refundedBy: input.adminId })
      .where(eq(paymentTransactions.id, payment.id));
  }
  const ledger = await loadOrderLedger(tx, order);
  await tx
    .update(orders)
    .set({ paymentStatus: ledger.paymentStatus, updatedAt: input.now })
    .where(eq(orders.id, order.id));
  const money = (minor: number) => formatMoney(minor, payment.currency, { decimals: 2 });
  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    oldStatus: order.status,
    newStatus: order.status,
    changedBy: input.adminId,
    notes: `${refundNote(
      money(amount),
      payment.transactionType === 'deposit' ? 'deposit' : 'balance',
      money(payment.amount),
      `${methodLabel(input.method)}${input.reference ? `, ref ${input.reference}` : ''}, ${refundedOn}`,
    )}${input.reason ? `: ${input.reason}` : ''}`,
    createdAt: input.now,
  });
  // The customer hears of the refund in the same transaction (no recipient, e.g. an erased customer: no mail).
  const recipient = input.publicUrl ? await orderRecipient(tx, order, input.publicUrl) : null;
  if (recipient && input.publicUrl) {
    await enqueueMail(
      tx,
      refundMadeMail({
        order,
        ...recipient,
        amount,
        refundedOn,
        method: input.method,
        reference: input.reference,
        ledger,
        facts: await documentFacts(tx, input.publicUrl),
      }),
    );
  }
  return {
    before: { paymentStatus: order.paymentStatus, paid: before.paid, currency: order.currency },
    after: {
      currency: order.currency,
      paymentStatus: ledger.paymentStatus,
      paid: ledger.paid,
      refund: {
        id: refund.id,
        paymentId: payment.id,
        amount,
        refundedOn,
        method: input.method,
        reference: input.reference,
        reason: input.reason,
      },
    },
  };
}

export const voidMessages = {
  voided: 'This receipt was voided: it counts nowhere and cannot be refunded or voided again.',
  refunded:
    'Money was paid back against this receipt: it was real money, so it cannot be voided. Record a refund instead.',
  reasonRequired: 'Give the reason for voiding this receipt (at least 5 characters).',
} as const;

export interface VoidInput {
  orderId: string;
  paymentId: string;
  reason: string;
  adminId: string;
  now: Date;
}

/**
 * Issue 51 (decision 0081): takes back a mis-keyed receipt. The payment row stays, marked 'voided'
 * with who, when and why; the ledger counts only completed payments, so it leaves every figure (the
 * order's, the register's totals, aged debt, statements, the exports, the dashboard). The order's
 * payment status is then the ledger's. Nobody is e-mailed: no money moved. A staff-only line on the
 * timeline says what was voided. A receipt with a refund against it was real money: refused. A sum
 * allocated from a receipt on account goes back to that receipt's unallocated money.
 */
export async function voidPayment(tx: Db, input: VoidInput) {
  const order = await lockOrder(tx, orders, input.orderId);
  if (!order) throw notFound(orderMessages.orderNotFound);
  const [payment] = await tx
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.id, input.paymentId), eq(paymentTransactions.orderId, order.id)));
  if (!payment) throw notFound(orderMessages.paymentNotFound);
  if (payment.status === 'voided') throw conflict(voidMessages.voided, { code: 'payment_voided' });
  const paidBack = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.paymentId, payment.id));
  if (payment.status !== 'completed' || paidBack.length > 0)
    throw conflict(voidMessages.refunded, { code: 'payment_refunded' });
  const before = await loadOrderLedger(tx, order);
  await tx
    .update(paymentTransactions)
    .set({ status: 'voided', voidedAt: input.now, voidedBy: input.adminId, voidReason: input.reason })
    .where(eq(paymentTransactions.id, payment.id));
  const ledger = await loadOrderLedger(tx, order);
  await tx
    .update(orders)
    .set({ paymentStatus: ledger.paymentStatus, updatedAt: input.now })
    .where(eq(orders.id, order.id));
  const money = (minor: number) => formatMoney(minor, payment.currency, { decimals: 2 });
  const received = (payment.processedAt ?? payment.createdAt).toISOString().slice(0, 10);
  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    oldStatus: order.status,
    newStatus: order.status,
    changedBy: input.adminId,
    notes: `${payment.accountReceiptId ? 'Allocation from a receipt on account' : 'Receipt'} of ${money(payment.amount)} (${received}${payment.reference ? `, ref ${payment.reference}` : ''}) voided: ${input.reason}`,
    staffOnly: true,
    createdAt: input.now,
  });
  return {
    before: {
      currency: order.currency,
      paymentStatus: order.paymentStatus,
      paid: before.paid,
      payment: { id: payment.id, amount: payment.amount, status: payment.status, reference: payment.reference },
    },
    after: {
      currency: order.currency,
      paymentStatus: ledger.paymentStatus,
      paid: ledger.paid,
      payment: { id: payment.id, amount: payment.amount, status: 'voided', reason: input.reason },
    },
  };
}
