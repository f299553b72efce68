import { recipientLanguage } from '../accounts/recipient-language';
import type { BusinessProfile } from '../../shared/business-profile';
import { localBatchLine, localTerms } from '../../shared/documents/document-language';
import { translator } from '../../shared/i18n/translator';
import { type GreetingName, type Title, greetingLine } from '../../shared/i18n/greeting';
import type { orders } from '../db/schema';
import type { OutgoingMail } from '../mail/outbox';
import type { TermsValues } from '../../shared/terms';
import { paysInFull } from '../../shared/orders/order-kind';

type OrderRow = typeof orders.$inferSelect;

interface StatusMailContext {
  order: OrderRow;
  to: string;
  /** Issue 53: the title the greeting addresses the customer by, with the family name. */
  title?: Title | null;
  firstName: string | null;
  lastName?: string | null;
  /** Where the customer sees the order: /order-details/{id} for an account, the confirmation page for a guest. */
  orderUrl: string;
  facts: { profile: BusinessProfile; terms: TermsValues };
}

/** The salutation and the signature every customer notice about an order shares (order-notice-mail.ts too). */
export const greeting = (person: GreetingName | null, tr = translator('en')) => greetingLine(tr, person);
export const footer = (
  { profile }: Pick<StatusMailContext['facts'], 'profile'>,
  order?: { kind?: OrderRow['kind'] } | null,
  // The customer's language only where the caller passes it: a notice of staff-written text (a payment
  // reminder) stays English throughout.
  tr = translator('en'),
) => [
  // A repair order is service (terms §12, decision 0062): its e-mails name the support mailbox, as the request's do.
  tr.t('mail.questions', {
    email: paysInFull(order ?? {}) ? profile.supportEmail : profile.salesEmail,
    phone: profile.phone,
  }),
  '',
  profile.legalName,
];

/**
 * A customer notice about an order, laid out as every one of them is: the salutation, the body,
 * the link to the order and the signature.
 */
export function orderNoticeText(
  context: {
    title?: Title | null;
    firstName: string | null;
    lastName?: string | null;
    orderUrl: string;
    facts: Pick<StatusMailContext['facts'], 'profile'>;
    order?: { kind?: OrderRow['kind'] };
  },
  body: readonly string[],
  tr = translator('en'),
): string {
  return [
    greeting(context, tr),
    '',
    ...body,
    '',
    tr.t('mail.yourOrder', { url: context.orderUrl }),
    '',
    ...footer(context.facts, context.order, tr),
  ].join('\n');
}

/**
 * The order's batch and the ship month it was last told (issue 38), as on its documents: "Production
 * batch: Batch 2. Ships in March 2027, estimated."; nothing for an order without a batch (a service).
 */
export function orderBatchLines(
  order: Pick<OrderRow, 'configuration' | 'shipDateTold'>,
  tr = translator('en'),
): string[] {
  const name = order.configuration?.batchName;
  return typeof name === 'string' && name !== '' ? [localBatchLine(tr, { name, shipDate: order.shipDateTold })] : [];
}

/** The customer's written order confirmation (the contract forms on it; the deposit is then due). */
export function orderConfirmedMail(context: StatusMailContext): OutgoingMail {
  const tr = translator(recipientLanguage(context.order));
  const said = localTerms(tr);
  const number = context.order.orderNumber;
  const text = orderNoticeText(
    context,
    [
      tr.t('mail.confirmed.weConfirm', { number }),
      tr.t('mail.confirmed.attached'),
      tr.t('mail.confirmed.binds'),
      ...orderBatchLines(context.order, tr),
      ...(paysInFull(context.order)
        ? [`${said.repairPayment} ${tr.t('mail.confirmed.repairInvoiceSeparately')}`, said.repairLeadTime]
        : [`${said.deposit(context.facts.terms)} ${tr.t('mail.confirmed.invoiceSeparately')}`]),
      said.currency(context.order.currency),
    ],
    tr,
  );
  return {
    kind: 'order_confirmed',
    language: tr.language,
    to: context.to,
    subject: tr.t('mail.confirmed.subject', { number }),
    text,
  };
}

/** The customer's shipping notice, with the carrier, the tracking number and the carrier's tracking link. */
export function orderShippedMail(
  context: StatusMailContext & { tracking?: { carrierName: string | null; url: string | null } },
): OutgoingMail {
  const { order } = context;
  const tr = translator(recipientLanguage(order));
  const number = order.orderNumber;
  const text = orderNoticeText(
    context,
    [
      tr.t('mail.shipped.shipped', { number }),
      ...(context.tracking?.carrierName
        ? [tr.t('mail.shipped.carrier', { carrier: context.tracking.carrierName })]
        : []),
      order.trackingNumber
        ? tr.t('mail.shipped.tracking', { tracking: order.trackingNumber })
        : tr.t('mail.shipped.trackingToFollow'),
      ...(context.tracking?.url ? [tr.t('mail.shipped.trackIt', { url: context.tracking.url })] : []),
      ...(order.estimatedDeliveryDate
        ? [tr.t('mail.shipped.estimatedDelivery', { date: tr.date(order.estimatedDeliveryDate) })]
        : []),
    ],
    tr,
  );
  return {
    language: tr.language,
    kind: 'order_shipped',
    to: context.to,
    subject: tr.t('mail.shipped.subject', { number }),
    text,
  };
}
