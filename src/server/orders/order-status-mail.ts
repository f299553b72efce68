import type { BusinessProfile } from '../../shared/business-profile';
import { formatUkDate } from '../../shared/dates';
import { batchDocumentLine } from '../../shared/batches/ship-date';
import type { orders } from '../db/schema';
import type { OutgoingMail } from '../mail/outbox';
import { repairTerms, terms, type TermsValues } from '../../shared/terms';
import { paysInFull } from '../../shared/orders/order-kind';

type OrderRow = typeof orders.$inferSelect;

interface StatusMailContext {
  order: OrderRow;
  to: string;
  firstName: string | null;
  /** Where the customer sees the order: /order-details/{id} for an account, the confirmation page for a guest. */
  orderUrl: string;
  facts: { profile: BusinessProfile; terms: TermsValues };
}

/** The salutation and the signature every customer notice about an order shares (order-notice-mail.ts too). */
export const greeting = (firstName: string | null) => (firstName ? `Dear ${firstName},` : 'Dear customer,');
export const footer = (
  { profile }: Pick<StatusMailContext['facts'], 'profile'>,
  order?: { kind?: OrderRow['kind'] } | null,
) => [
  // A repair order is service (terms §12, decision 0062): its e-mails name the support mailbox, as the request's do.
  `Questions? Write to ${paysInFull(order ?? {}) ? profile.supportEmail : profile.salesEmail} or call ${profile.phone}.`,
  '',
  profile.legalName,
];

/**
 * A customer notice about an order, laid out as every one of them is: the salutation, the body,
 * the link to the order and the signature.
 */
export function orderNoticeText(
  context: {
    firstName: string | null;
    orderUrl: string;
    facts: Pick<StatusMailContext['facts'], 'profile'>;
    order?: { kind?: OrderRow['kind'] };
  },
  body: readonly string[],
): string {
  return [
    greeting(context.firstName),
    '',
    ...body,
    '',
    `Your order: ${context.orderUrl}`,
    '',
    ...footer(context.facts, context.order),
  ].join('\n');
}

/**
 * The order's batch and the ship month it was last told (issue 38), as on its documents: "Production
 * batch: Batch 2. Ships in March 2027, estimated."; nothing for an order without a batch (a service).
 */
export function orderBatchLines(order: Pick<OrderRow, 'configuration' | 'shipDateTold'>): string[] {
  const name = order.configuration?.batchName;
  return typeof name === 'string' && name !== '' ? [batchDocumentLine({ name, shipDate: order.shipDateTold })] : [];
}

/** The customer's written order confirmation (the contract forms on it; the deposit is then due). */
export function orderConfirmedMail(context: StatusMailContext): OutgoingMail {
  const text = orderNoticeText(context, [
    `We confirm your order ${context.order.orderNumber}.`,
    'Your written order confirmation is attached as a PDF.',
    'With this confirmation your order binds you and us.',
    ...orderBatchLines(context.order),
    ...(paysInFull(context.order)
      ? [`${repairTerms.payment} We will send the invoice separately.`, repairTerms.leadTime]
      : [
          `${terms.deposit(context.facts.terms)} We will send the invoice separately; production starts once it is paid.`,
        ]),
    terms.currency(context.order.currency),
  ]);
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
  const text = orderNoticeText(context, [
    `Your order ${order.orderNumber} has shipped.`,
    ...(context.tracking?.carrierName ? [`Carrier: ${context.tracking.carrierName}`] : []),
    `Tracking number: ${order.trackingNumber ?? 'to follow'}`,
    ...(context.tracking?.url ? [`Track it: ${context.tracking.url}`] : []),
    ...(order.estimatedDeliveryDate ? [`Estimated delivery: ${formatUkDate(order.estimatedDeliveryDate)}`] : []),
  ]);
  return { kind: 'order_shipped', to: context.to, subject: `Your order ${order.orderNumber} has shipped`, text };
}
