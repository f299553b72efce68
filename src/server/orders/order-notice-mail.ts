import type { BusinessProfile } from '../../shared/business-profile';
import { formatUkDate } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import type { Carrier } from '../../shared/settings';
import type { orders } from '../db/schema';
import type { OutgoingMail } from '../mail/outbox';
import { cancellationTerms, type OrderLedger } from './order-ledger';
import { ledgerLineLabels, ledgerLines } from '../../shared/orders/ledger-lines';
import { orderNoticeText } from './order-status-mail';
import { paysInFull } from '../../shared/orders/order-kind';
import { repairTerms } from '../../shared/terms';

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

/** The ledger's figures under the names every page uses (deposit due, paid, credit held…), one a line; Outstanding last. */
const ledgerText = (order: OrderRow, ledger: OrderLedger) =>
  ledgerLines({ status: order.status, depositAmount: order.depositAmount, kind: order.kind, ledger })
    .filter((line) => line.key !== 'outstanding')
    .map((line) => `${line.label}: ${money(order, line.amount)}.`);

/** Payment received: the amount, the ledger's figures after it, and what is still outstanding. */
export function paymentReceivedMail(
  context: NoticeContext & { amount: number; receivedOn: string; ledger: OrderLedger },
): OutgoingMail {
  const { order, ledger } = context;
  const text = orderNoticeText(context, [
    `Thank you: we received your payment of ${money(order, context.amount)} for order ${order.orderNumber} on ${formatUkDate(context.receivedOn)}.`,
    ...ledgerText(order, ledger),
    ledger.outstanding > 0
      ? `${ledgerLineLabels.outstanding}: ${money(order, ledger.outstanding)}.`
      : 'Your order is now paid in full: nothing is outstanding.',
  ]);
  return {
    kind: 'payment_received',
    to: context.to,
    subject: `Payment received for your order ${order.orderNumber}`,
    text,
  };
}

/**
 * Cancellation: what happens to the money. Money held is refunded less the terms' cancellation fee
 * (cancellationTerms); with nothing held, what the ledger still holds due, or that nothing is.
 */
export function orderCancelledMail(context: NoticeContext & { ledger: OrderLedger }): OutgoingMail {
  const { order, ledger } = context;
  const money_ = (minor: number) => money(order, minor);
  const held = cancellationTerms(order, ledger);
  // A repair has no deposit: its one invoice is the payment in full (decision 0062).
  const heldName = !held || held.held > held.deposit ? 'payments' : paysInFull(order) ? 'payment' : 'deposit';
  const text = orderNoticeText(context, [
    `Your order ${order.orderNumber} has been cancelled.`,
    ...(held
      ? [
          held.fee > 0
            ? `Your ${heldName} of ${money_(held.held)} will be refunded less the ${held.feePercent}% cancellation fee of ${money_(held.fee)}.`
            : `Your ${heldName} of ${money_(held.held)} will be refunded in full.`,
          ...(paysInFull(order) ? [repairTerms.cancellation] : []),
          'You will receive a credit note for it, and an e-mail when the refund is made.',
        ]
      : ledger.refundDue > 0
        ? [`We will refund ${money_(ledger.refundDue)} to you; you will receive a credit note for it.`]
        : ledger.outstanding > 0
          ? [`${money_(ledger.outstanding)} remains due under our terms of sale.`]
          : ['Nothing is outstanding on this order.']),
    ...(order.customerMessage ? ['', order.customerMessage] : []),
  ]);
  return { kind: 'order_cancelled', to: context.to, subject: `Your order ${order.orderNumber} is cancelled`, text };
}

/** A refund recorded: the amount, the day and the method, then what the ledger holds and owes after it. */
export function refundMadeMail(
  context: NoticeContext & {
    amount: number;
    refundedOn: string;
    method: string;
    reference: string | null;
    ledger: OrderLedger;
  },
): OutgoingMail {
  const { order, ledger } = context;
  const money_ = (minor: number) => money(order, minor);
  const text = orderNoticeText(context, [
    `We have refunded ${money_(context.amount)} to you for order ${order.orderNumber} on ${formatUkDate(context.refundedOn)}, by ${context.method.replaceAll('_', ' ')}${context.reference ? ` (reference ${context.reference})` : ''}.`,
    ...ledgerText(order, ledger),
    ledger.outstanding > 0
      ? `${ledgerLineLabels.outstanding}: ${money_(ledger.outstanding)}.`
      : 'Nothing is outstanding on this order.',
  ]);
  return {
    kind: 'refund_made',
    to: context.to,
    subject: `Refund for your order ${order.orderNumber}`,
    text,
  };
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
