/**
 * The order's history in the customer's words (issue 38). The stored rows keep what staff and the
 * audit need (the specification's "Status updated via admin panel", payment methods and references);
 * the customer's page shows what each row means: "Deposit of £2,801.25 received", "In production",
 * "Shipped, tracking number 1Z999".
 */

import { type OrderKind, paysInFull } from './order-kind';

const statusWords: Record<string, string> = {
  pending: 'Awaiting confirmation',
  confirmed: 'Order confirmed',
  processing: 'In production',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Order cancelled',
};

/** The note a recorded payment leaves on the history (record-payment.ts): kind, amount, then staff details. */
export const paymentNote = (kind: 'deposit' | 'balance', amount: string, details: string) =>
  `${kind === 'deposit' ? 'Deposit' : 'Balance payment'} of ${amount} recorded (${details})`;

/** The note a refund leaves on the history. */
export const refundNote = (amount: string, of: 'deposit' | 'balance', paid: string, details: string) =>
  `Refund of ${amount} of the ${of === 'deposit' ? 'deposit' : 'balance payment'} of ${paid} (${details})`;

const paymentPattern = /^(Deposit|Balance payment) of (\S+) recorded \(/;
const refundPattern = /^Refund of (\S+) of the (?:deposit|balance payment) of \S+ \(/;

export interface HistoryRow {
  oldStatus: string | null;
  newStatus: string;
  notes: string | null;
}

/**
 * What a history row says to the customer, or null for a row that means nothing to them (a staff
 * remark that is not a status change, a payment or a refund).
 */
export function customerHistoryText(
  row: HistoryRow,
  order: { trackingNumber: string | null; kind?: OrderKind | null },
): string | null {
  if (row.oldStatus === null) return 'Order placed';
  if (row.oldStatus !== row.newStatus) {
    const words = statusWords[row.newStatus] ?? 'Status changed';
    return row.newStatus === 'shipped' && order.trackingNumber
      ? `${words}, tracking number ${order.trackingNumber}`
      : words;
  }
  const paid = row.notes?.match(paymentPattern);
  // A repair's one payment is its payment in full, not a deposit (decision 0062).
  if (paid) return `${paid[1] === 'Deposit' && paysInFull(order) ? 'Payment' : paid[1]} of ${paid[2]} received`;
  const refunded = row.notes?.match(refundPattern);
  if (refunded) return `Refund of ${refunded[1]} sent`;
  return null;
}
