import { orderStatusLabel, customerPaymentBadge } from '../../shared/orders/order-status';
import type { OrderKind } from '../../shared/orders/order-kind';
import type { PageText } from './use-t';

/** An order status's label in the page's language (English: the shared label, word for word). */
export function orderStatusIn({ language, t }: PageText, status: string): string {
  if (language === 'en') return orderStatusLabel(status);
  switch (status) {
    case 'pending':
      return t('status.pending', 'Pending');
    case 'confirmed':
      return t('status.confirmed', 'Confirmed');
    case 'processing':
      return t('status.processing', 'Processing');
    case 'shipped':
      return t('status.shipped', 'Shipped');
    case 'delivered':
      return t('status.delivered', 'Delivered');
    case 'cancelled':
      return t('status.cancelled', 'Cancelled');
    default:
      return orderStatusLabel(status);
  }
}

/** The customer's payment badge (Paid, Deposit Paid, …) with its label in the page's language. */
export function paymentBadgeIn(
  { language, t }: PageText,
  paymentStatus: string,
  order?: { status: string; outstanding: number; kind?: OrderKind | null },
): { label: string; className: string } {
  const badge = customerPaymentBadge(paymentStatus, order);
  if (language === 'en') return badge;
  const labels: Record<string, string> = {
    'Refund Due': t('payment.refundDue', 'Refund Due'),
    Refunded: t('payment.refunded', 'Refunded'),
    'Nothing to Pay': t('payment.nothing', 'Nothing to Pay'),
    Paid: t('payment.paid', 'Paid'),
    'Deposit Paid': t('payment.depositPaid', 'Deposit Paid'),
    'Deposit Part-Paid': t('payment.depositPartPaid', 'Deposit Part-Paid'),
    'Pending Payment': t('payment.pending', 'Pending Payment'),
    // A repair's (decision 0062): paid in full, no deposit.
    'Payment Received': t('payment.repairReceived', 'Payment Received'),
    'Payment Part-Paid': t('payment.repairPartPaid', 'Payment Part-Paid'),
    'Payment Awaiting': t('payment.repairAwaiting', 'Payment Awaiting'),
  };
  return { ...badge, label: labels[badge.label] ?? badge.label };
}
