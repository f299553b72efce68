import { eq } from 'drizzle-orm';
import { adminMessages } from '../../shared/admin/admin-schemas';
import { formatMoney } from '../../shared/money';
import type { PaymentStatus } from '../../shared/orders/order-status';
import type { Db } from '../db/client';
import { invoices, paymentTransactions } from '../db/schema';

/**
 * The order's ledger: its recorded payments and issued invoices. The money fields of the order row
 * (payment_status, invoice_number) are derived from it, never typed in; these rules are the one
 * place that says how (record-payment.ts and invoices.ts write them, update-order.ts checks an edit).
 */

export interface LedgerPayment {
  amount: number;
  status: 'completed' | 'refunded' | 'failed';
}

export interface LedgerInvoice {
  id: string;
  kind: 'deposit' | 'balance' | 'credit';
  number: string;
  dueDate: string;
  creditsInvoiceId: string | null;
}

export interface LedgerOrder {
  totalAmount: number;
  currency: string;
}

/** The sum of the completed payments (a refunded or failed one counts nothing). */
export const paidOf = (payments: readonly LedgerPayment[]) =>
  payments.filter((payment) => payment.status === 'completed').reduce((sum, payment) => sum + payment.amount, 0);

/**
 * The payment status the payments imply: fully paid once nothing is outstanding, deposit paid for
 * any smaller completed sum (as recording a payment has always set it, even for a part of the
 * deposit); with nothing completed, refunded if a payment was refunded, failed if one failed,
 * else pending.
 */
export function ledgerPaymentStatus(order: LedgerOrder, payments: readonly LedgerPayment[]): PaymentStatus {
  const paid = paidOf(payments);
  if (paid > 0) return paid >= order.totalAmount ? 'fully_paid' : 'deposit_paid';
  if (payments.some((payment) => payment.status === 'refunded')) return 'refunded';
  if (payments.some((payment) => payment.status === 'failed')) return 'failed';
  return 'pending';
}

/** The invoice the order row shows: the latest by number of the deposit and balance invoices not credited. */
export function latestLiveInvoice<T extends LedgerInvoice>(rows: readonly T[]): T | null {
  const credited = new Set(rows.map((row) => row.creditsInvoiceId).filter(Boolean));
  const live = rows
    .filter((row) => row.kind !== 'credit' && !credited.has(row.id))
    .sort((a, b) => a.number.localeCompare(b.number));
  return live.at(-1) ?? null;
}

export interface OrderLedger {
  paid: number;
  outstanding: number;
  paymentStatus: PaymentStatus;
  invoiceNumber: string | null;
  /** Any payment row (refunded ones too) or any invoice (credit notes too): the order is on the books. */
  hasEntries: boolean;
}

export function ledgerOf(
  order: LedgerOrder,
  payments: readonly LedgerPayment[],
  issued: readonly LedgerInvoice[],
): OrderLedger {
  const paid = paidOf(payments);
  return {
    paid,
    outstanding: Math.max(order.totalAmount - paid, 0),
    paymentStatus: ledgerPaymentStatus(order, payments),
    invoiceNumber: latestLiveInvoice(issued)?.number ?? null,
    hasEntries: payments.length > 0 || issued.length > 0,
  };
}

/** Reads the order's ledger (call it with the order row locked when a write depends on it). */
export async function loadOrderLedger(db: Db, order: LedgerOrder & { id: string }): Promise<OrderLedger> {
  const [payments, issued] = await Promise.all([
    db
      .select({ amount: paymentTransactions.amount, status: paymentTransactions.status })
      .from(paymentTransactions)
      .where(eq(paymentTransactions.orderId, order.id)),
    db
      .select({
        id: invoices.id,
        kind: invoices.kind,
        number: invoices.number,
        dueDate: invoices.dueDate,
        creditsInvoiceId: invoices.creditsInvoiceId,
      })
      .from(invoices)
      .where(eq(invoices.orderId, order.id)),
  ]);
  return ledgerOf(order, payments, issued);
}

export interface LedgerFieldsEdit {
  paymentStatus?: PaymentStatus;
  invoiceNumber?: string | null;
}

/**
 * The refusal of an edit that contradicts the ledger, per field, or null. A value equal to the
 * ledger's passes (the edit form re-sends every field), and so does the value the row already
 * holds: re-sending it changes nothing, and an order saved before these rules keeps being editable.
 */
export function ledgerEditRefusals(
  order: LedgerOrder & { paymentStatus: PaymentStatus; invoiceNumber: string | null },
  ledger: OrderLedger,
  edit: LedgerFieldsEdit,
): Record<string, string> | null {
  const fields: Record<string, string> = {};
  const status = edit.paymentStatus;
  if (status !== undefined && status !== ledger.paymentStatus && status !== order.paymentStatus) {
    const state =
      ledger.outstanding > 0
        ? `${formatMoney(ledger.outstanding, order.currency, { decimals: 2 })} is outstanding`
        : 'nothing is outstanding';
    const action =
      status === 'deposit_paid' || status === 'fully_paid'
        ? adminMessages.recordPaymentInstead
        : adminMessages.refundPaymentInstead;
    fields.paymentStatus = `${adminMessages.paymentStatusFollowsLedger}: ${state}. ${action}`;
  }
  const number = edit.invoiceNumber;
  if (number !== undefined && number !== ledger.invoiceNumber && number !== order.invoiceNumber) {
    fields.invoiceNumber = adminMessages.invoiceNumberFollowsInvoices;
  }
  return Object.keys(fields).length > 0 ? fields : null;
}
