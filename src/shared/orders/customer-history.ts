/**
 * The order's history in the customer's words (issue 38). The stored rows keep what staff and the
 * audit need (the specification's "Status updated via admin panel", payment methods and references);
 * the customer's page shows what each row means: "Deposit of £2,801.25 received", "In production",
 * "Shipped, tracking number 1Z999".
 */

import { defineMessages, formatIcu, type Message } from '../i18n/message';
import { type OrderKind, paysInFull } from './order-kind';

/**
 * What the customer's history says, by id (issue 53): the order page renders each row in the page's
 * language. `{amount}` is a sum of money in minor units of the order's currency, which the page writes in
 * its language's money format ("Anzahlung von 2.801,25 € eingegangen").
 */
export const historyMessages = defineMessages({
  placed: { id: 'history.placed', message: 'Order placed' },
  pending: { id: 'history.pending', message: 'Awaiting confirmation' },
  confirmed: { id: 'history.confirmed', message: 'Order confirmed' },
  processing: { id: 'history.processing', message: 'In production' },
  shipped: { id: 'history.shipped', message: 'Shipped' },
  shippedTracking: { id: 'history.shippedTracking', message: 'Shipped, tracking number {tracking}' },
  delivered: { id: 'history.delivered', message: 'Delivered' },
  cancelled: { id: 'history.cancelled', message: 'Order cancelled' },
  changed: { id: 'history.changed', message: 'Status changed' },
  deposit: { id: 'history.depositReceived', message: 'Deposit of {amount} received' },
  balance: { id: 'history.balanceReceived', message: 'Balance payment of {amount} received' },
  payment: { id: 'history.paymentReceived', message: 'Payment of {amount} received' },
  refund: { id: 'history.refundSent', message: 'Refund of {amount} sent' },
});

const statusMessages: Record<string, keyof typeof historyMessages> = {
  pending: 'pending',
  confirmed: 'confirmed',
  processing: 'processing',
  shipped: 'shipped',
  delivered: 'delivered',
  cancelled: 'cancelled',
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

/** The shop's own English money ("£2,801.25", "€1,638.75") back in minor units (2 decimals). */
const minorOf = (money: string) => Math.round(Number(money.replace(/[^\d.]/g, '')) * 100);

/**
 * What a history row says to the customer, as a message with its values (`amount` in minor units), or
 * null for a row that means nothing to them (a staff remark that is not a status change, a payment or
 * a refund).
 */
export function customerHistoryMessage(
  row: HistoryRow,
  order: { trackingNumber: string | null; kind?: OrderKind | null },
): (Message & { english: string }) | null {
  const said = (key: keyof typeof historyMessages, values?: Record<string, string | number>, english?: string) => ({
    ...historyMessages[key],
    ...(values ? { values } : {}),
    english: formatIcu(historyMessages[key].message, english === undefined ? values : { ...values, amount: english }),
  });
  if (row.oldStatus === null) return said('placed');
  if (row.oldStatus !== row.newStatus) {
    if (row.newStatus === 'shipped' && order.trackingNumber)
      return said('shippedTracking', { tracking: order.trackingNumber });
    return said(statusMessages[row.newStatus] ?? 'changed');
  }
  const paid = row.notes?.match(paymentPattern);
  // A repair's one payment is its payment in full, not a deposit (decision 0062).
  if (paid) {
    const amount = paid[2] ?? '';
    const key = paid[1] === 'Deposit' ? (paysInFull(order) ? 'payment' : 'deposit') : 'balance';
    return said(key, { amount: minorOf(amount) }, amount);
  }
  const refunded = row.notes?.match(refundPattern);
  if (refunded) return said('refund', { amount: minorOf(refunded[1] ?? '') }, refunded[1] ?? '');
  return null;
}

/** The same in English, as the shop wrote it ("Deposit of £2,801.25 received"). */
export function customerHistoryText(
  row: HistoryRow,
  order: { trackingNumber: string | null; kind?: OrderKind | null },
): string | null {
  return customerHistoryMessage(row, order)?.english ?? null;
}
