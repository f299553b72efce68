import type { BusinessProfile } from '../../shared/business-profile';
import { formatUkDate } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import type { Carrier } from '../../shared/settings';
import type { orders } from '../db/schema';
import type { OutgoingMail } from '../mail/outbox';
import type { OrderLedger } from './order-ledger';
import { orderNoticeText } from './order-status-mail';

type OrderRow = typeof orders.$inferSelect;

interface NoticeContext {
  order: OrderRow;
  to: string;
  firstName: string | null;
  orderUrl: string;
  /** The business profile in force (its mailbox, phone and name sign every notice). */
  facts: { profile: BusinessProfile };
}

const money = (order: OrderRow, minor: number) => formatMoney(minor, order.currency, { decimals: 2 });

/** The carrier's name and tracking link for the order's tracking number, from the settings' carriers list. */
export function trackingOf(order: Pick<OrderRow, 'carrier' | 'trackingNumber'>, carriers: readonly Carrier[]) {
  const carrier = order.carrier ? carriers.find((candidate) => candidate.id === order.carrier) : undefined;
  const number = order.trackingNumber;
  return {
    carrierName: carrier?.name ?? null,
    url: carrier && number ? carrier.trackingUrl.replace('{tracking}', encodeURIComponent(number)) : null,
  };
}

/** Payment received: the amount, what is still outstanding, and the next step. */
export function paymentReceivedMail(
  context: NoticeContext & { amount: number; receivedOn: string; ledger: OrderLedger },
): OutgoingMail {
  const { order, ledger } = context;
  const text = orderNoticeText(context, [
    `Thank you: we received your payment of ${money(order, context.amount)} for order ${order.orderNumber} on ${formatUkDate(context.receivedOn)}.`,
    ledger.outstanding > 0
      ? `Still outstanding: ${money(order, ledger.outstanding)}.`
      : 'Your order is now paid in full: nothing is outstanding.',
  ]);
  return {
    kind: 'payment_received',
    to: context.to,
    subject: `Payment received for your order ${order.orderNumber}`,
    text,
  };
}

/** Cancellation: what happens to the money (credit notes and refunds follow the ledger). */
export function orderCancelledMail(context: NoticeContext & { ledger: OrderLedger }): OutgoingMail {
  const { order, ledger } = context;
  const money_ = (minor: number) => money(order, minor);
  const text = orderNoticeText(context, [
    `Your order ${order.orderNumber} has been cancelled.`,
    ...(ledger.refundDue > 0
      ? [`We will refund ${money_(ledger.refundDue)} to you; you will receive a credit note for it.`]
      : ledger.outstanding > 0
        ? [`${money_(ledger.outstanding)} remains due under our terms of sale.`]
        : ['Nothing is outstanding on this order.']),
    ...(order.customerMessage ? ['', order.customerMessage] : []),
  ]);
  return { kind: 'order_cancelled', to: context.to, subject: `Your order ${order.orderNumber} is cancelled`, text };
}

/** Delivery: the order arrived. */
export function orderDeliveredMail(context: NoticeContext): OutgoingMail {
  const { order } = context;
  const text = orderNoticeText(context, [
    `Your order ${order.orderNumber} has been delivered.`,
    'We hope the instrument serves you well. Your documents stay on your order page.',
  ]);
  return {
    kind: 'order_delivered',
    to: context.to,
    subject: `Your order ${order.orderNumber} has been delivered`,
    text,
  };
}
