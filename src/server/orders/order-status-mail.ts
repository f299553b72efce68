import { company } from '../../shared/company';
import type { orders } from '../db/schema';
import type { OutgoingMail } from '../mail/outbox';
import { DEPOSIT_PERCENT } from '../../shared/pricing/deposit';

type OrderRow = typeof orders.$inferSelect;

interface StatusMailContext {
  order: OrderRow;
  to: string;
  firstName: string | null;
  /** Where the customer sees the order: /order-details/{id} for an account, the confirmation page for a guest. */
  orderUrl: string;
}

const greeting = (firstName: string | null) => (firstName ? `Dear ${firstName},` : 'Dear customer,');
const footer = [`Questions? Write to ${company.salesEmail} or call ${company.phone}.`, '', company.legalName];

/** The customer's written order confirmation (the contract forms on it; the deposit is then due). */
export function orderConfirmedMail(context: StatusMailContext): OutgoingMail {
  const text = [
    greeting(context.firstName),
    '',
    `We confirm your order ${context.order.orderNumber}.`,
    'Your written order confirmation is attached as a PDF.',
    `The ${DEPOSIT_PERCENT}% deposit is now due; we will send the invoice separately. Production starts once it is paid.`,
    '',
    `Your order: ${context.orderUrl}`,
    '',
    ...footer,
  ].join('\n');
  return {
    kind: 'order_confirmed',
    to: context.to,
    subject: `Your order ${context.order.orderNumber} is confirmed`,
    text,
  };
}

/** The customer's shipping notice, with the carrier, the tracking number and the carrier's tracking link. */
export function orderShippedMail(
  context: StatusMailContext & { tracking?: { carrierName: string | null; url: string | null } },
): OutgoingMail {
  const { order } = context;
  const text = [
    greeting(context.firstName),
    '',
    `Your order ${order.orderNumber} has shipped.`,
    ...(context.tracking?.carrierName ? [`Carrier: ${context.tracking.carrierName}`] : []),
    `Tracking number: ${order.trackingNumber ?? 'to follow'}`,
    ...(context.tracking?.url ? [`Track it: ${context.tracking.url}`] : []),
    ...(order.estimatedDeliveryDate ? [`Estimated delivery: ${order.estimatedDeliveryDate}`] : []),
    '',
    `Your order: ${context.orderUrl}`,
    '',
    ...footer,
  ].join('\n');
  return { kind: 'order_shipped', to: context.to, subject: `Your order ${order.orderNumber} has shipped`, text };
}
