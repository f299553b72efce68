import { formatMoney } from '../money';
import { defineMessages, type MessageDescriptor } from '../i18n/message';
import { type OrderKind, paysInFull } from './order-kind';

/**
 * Order, payment and quote statuses (accounts-and-admin spec, section 4): the one list of values,
 * with their labels and badge colours, used by the database schema, the customer pages and the admin.
 */

export const orderStatuses = ['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const paymentStatuses = [
  'pending',
  'deposit_part_paid',
  'deposit_paid',
  'fully_paid',
  'refund_due',
  'refunded',
  'failed',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const quoteStatuses = ['draft', 'sent', 'accepted', 'expired'] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];

export const paymentTransactionTypes = ['deposit', 'balance'] as const;
export type PaymentTransactionType = (typeof paymentTransactionTypes)[number];

/** Tailwind classes of the badge colours the specification names. */
const badge = {
  yellow: 'bg-yellow-100 text-yellow-900 border-yellow-300',
  blue: 'bg-blue-100 text-blue-900 border-blue-300',
  purple: 'bg-purple-100 text-purple-900 border-purple-300',
  green: 'bg-green-100 text-green-900 border-green-300',
  red: 'bg-red-100 text-red-900 border-red-300',
  gray: 'bg-navy-50 text-navy-800 border-navy-200',
  destructive: 'bg-red-600 text-white border-red-700',
} as const;

export const otherBadgeClass = badge.gray;

export const orderStatusLabels: Record<OrderStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** pending yellow, confirmed and processing blue, shipped purple, delivered green, cancelled red. */
export const orderStatusBadgeClass: Record<OrderStatus, string> = {
  pending: badge.yellow,
  confirmed: badge.blue,
  processing: badge.blue,
  shipped: badge.purple,
  delivered: badge.green,
  cancelled: badge.red,
};

/** The admin's payment labels (decision 0012-admin-payment-badge). */
export const paymentStatusLabels: Record<PaymentStatus, string> = {
  pending: 'Pending',
  deposit_part_paid: 'Deposit part-paid',
  deposit_paid: 'Deposit Paid',
  fully_paid: 'Fully Paid',
  refund_due: 'Refund due',
  refunded: 'Refunded',
  failed: 'Failed',
};

/**
 * A repair order's payment labels (decision 0062): it is paid in full on acceptance, with no deposit,
 * so it says "Payment …" where a sale says "Deposit …". A sale keeps paymentStatusLabels word for word.
 */
export const repairPaymentStatusLabels: Record<PaymentStatus, string> = {
  ...paymentStatusLabels,
  pending: 'Payment awaiting',
  deposit_part_paid: 'Payment part-paid',
  deposit_paid: 'Payment part-paid',
  fully_paid: 'Payment received',
};

/** The admin's payment labels for an order of this kind: a repair's, else the sale's. */
export const paymentStatusLabelsOf = (kind?: OrderKind | null) =>
  paysInFull({ kind }) ? repairPaymentStatusLabels : paymentStatusLabels;

/** pending gray; deposit part-paid and deposit paid yellow; fully paid green; refund due red; refunded purple; failed destructive. */
export const paymentStatusBadgeClass: Record<PaymentStatus, string> = {
  pending: badge.gray,
  deposit_part_paid: badge.yellow,
  deposit_paid: badge.yellow,
  fully_paid: badge.green,
  refund_due: badge.red,
  refunded: badge.purple,
  failed: badge.destructive,
};

/**
 * The customer's payment badge: Paid, Deposit Paid, Deposit Part-Paid, or Pending Payment; a cancelled order says
 * Refund Due while money is to come back, Refunded, or Nothing to Pay once nothing is outstanding (never Pending Payment).
 */
/** The customer's payment badges' labels, by id (issue 53): the page shows a badge by its `message`. */
export const paymentBadgeLabels = defineMessages({
  refundDue: { id: 'payment.refundDue', message: 'Refund Due' },
  refunded: { id: 'payment.refunded', message: 'Refunded' },
  nothing: { id: 'payment.nothing', message: 'Nothing to Pay' },
  paid: { id: 'payment.paid', message: 'Paid' },
  depositPaid: { id: 'payment.depositPaid', message: 'Deposit Paid' },
  depositPartPaid: { id: 'payment.depositPartPaid', message: 'Deposit Part-Paid' },
  pending: { id: 'payment.pending', message: 'Pending Payment' },
  // A repair's (decision 0062): paid in full, no deposit.
  repairReceived: { id: 'payment.repairReceived', message: 'Payment Received' },
  repairPartPaid: { id: 'payment.repairPartPaid', message: 'Payment Part-Paid' },
  repairAwaiting: { id: 'payment.repairAwaiting', message: 'Payment Awaiting' },
});

/** A customer's payment badge: its label in English, the label's descriptor (`message`) and its colours. */
export function customerPaymentBadge(
  paymentStatus: string,
  order?: { status: string; outstanding: number; kind?: OrderKind | null },
): { label: string; message: MessageDescriptor; className: string } {
  const shown = (message: MessageDescriptor, className: string) => ({ label: message.message, message, className });
  const labels = paymentBadgeLabels;
  if (order?.status === 'cancelled') {
    if (paymentStatus === 'refund_due') return shown(labels.refundDue, badge.purple);
    if (paymentStatus === 'refunded') return shown(labels.refunded, badge.purple);
    if (order.outstanding === 0) return shown(labels.nothing, badge.gray);
  }
  // A repair is paid in full, with no deposit (decision 0062): "Payment …", never "Deposit …".
  if (order && paysInFull(order)) {
    if (paymentStatus === 'fully_paid') return shown(labels.repairReceived, badge.green);
    if (paymentStatus === 'deposit_paid' || paymentStatus === 'deposit_part_paid')
      return shown(labels.repairPartPaid, badge.yellow);
    return shown(labels.repairAwaiting, badge.gray);
  }
  if (paymentStatus === 'fully_paid') return shown(labels.paid, badge.green);
  if (paymentStatus === 'deposit_paid') return shown(labels.depositPaid, badge.yellow);
  if (paymentStatus === 'deposit_part_paid') return shown(labels.depositPartPaid, badge.yellow);
  return shown(labels.pending, badge.gray);
}

export const quoteStatusLabels: Record<QuoteStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  accepted: 'Accepted',
  expired: 'Expired',
};
/** draft gray, sent blue, accepted green, expired red. */
export const quoteStatusBadgeClass: Record<QuoteStatus, string> = {
  draft: badge.gray,
  sent: badge.blue,
  accepted: badge.green,
  expired: badge.red,
};

const isOneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);
export const isOrderStatus = (value: string): value is OrderStatus => isOneOf(orderStatuses, value);
export const isPaymentStatus = (value: string): value is PaymentStatus => isOneOf(paymentStatuses, value);

/** A status's label, or the value itself made readable for an unknown one. */
export const orderStatusLabel = (status: string) =>
  isOrderStatus(status)
    ? orderStatusLabels[status]
    : status
      ? status.charAt(0).toUpperCase() + status.slice(1).replaceAll('_', ' ')
      : 'Unknown';
export const orderStatusClass = (status: string) =>
  isOrderStatus(status) ? orderStatusBadgeClass[status] : otherBadgeClass;
/**
 * A payment status's label; a part-paid deposit names what is still due on its invoice when the
 * ledger's figure is given ("Deposit part-paid (€725.00 due)").
 */
export const paymentStatusLabel = (
  status: string,
  depositDue?: { amount: number; currency: string },
  /** The order's kind: a repair reads "Payment …" (repairPaymentStatusLabels). */
  kind?: OrderKind | null,
) => {
  const labels = paymentStatusLabelsOf(kind);
  if (status === 'deposit_part_paid' && depositDue && depositDue.amount > 0)
    return `${labels.deposit_part_paid} (${formatMoney(depositDue.amount, depositDue.currency, { decimals: 2 })} due)`;
  return isPaymentStatus(status) ? labels[status] : status;
};
export const paymentStatusClass = (status: string) =>
  isPaymentStatus(status) ? paymentStatusBadgeClass[status] : otherBadgeClass;

/** A sent quote past its validity shows expired; a quote that became an order shows accepted. */
export function effectiveQuoteStatus(
  quote: { status: QuoteStatus; validUntil: string | null; orderId: string | null },
  now: Date,
): QuoteStatus {
  if (quote.orderId) return 'accepted';
  if (quote.status === 'sent' && quote.validUntil && new Date(quote.validUntil).getTime() < now.getTime())
    return 'expired';
  return quote.status;
}
