import { type Title, titledName } from '../../shared/accounts/title';
import { greetingLine } from '../../shared/i18n/greeting';
import { recipientLanguage } from '../accounts/recipient-language';
import type { VatGroup } from '../../shared/tax/line-vat';
import {
  localAddressLines,
  localFreeLabel,
  localTerms,
  localVatLabel,
  localVatSummaryParts,
} from '../../shared/documents/document-language';
import { type Translator, translator } from '../../shared/i18n/translator';
import { cleanLine } from '../../shared/clean-text';
import type { BusinessProfile } from '../../shared/business-profile';
import type { OrderLine } from '../../shared/orders/order-lines';
import type { orders } from '../db/schema';
import type { OutgoingMail } from '../mail/outbox';
import type { TermsValues } from '../../shared/terms';
import { paysInFull } from '../../shared/orders/order-kind';
import { footer, orderBatchLines } from '../order-records/order-status-mail';

type OrderRow = typeof orders.$inferSelect;

interface OrderMailContext {
  order: OrderRow;
  customer: { email: string; title?: Title | null; firstName: string; lastName: string; company: string };
  lines: OrderLine[];
  /** The billing e-mail is the signed-in buyer's confirmed account e-mail (see `isConfirmedAccountEmail`). */
  confirmedAddress: boolean;
  orderUrl: string;
  /** The business profile and terms in force. */
  facts: { profile: BusinessProfile; terms: TermsValues };
  /** The order's VAT by treatment (issue 37): a line per part and the wording of every 0% part. */
  vatSummary?: VatGroup[] | undefined;
}

/**
 * Customer text quoted under a label, every line behind "> ", so what the buyer typed never reads as
 * the shop's own words. Any kind of line break starts a new quoted line.
 */
export function quotedText(label: string, text: string | null): string[] {
  if (!text || text.trim() === '') return [];
  return ['', label, ...text.split(/\r\n?|[\n\u0085\u2028\u2029]/).map((line) => `> ${line}`.trimEnd())];
}

/**
 * The order's facts. `withCustomerText`: also the references and delivery address the buyer typed,
 * which only go to staff and to a confirmed account's own address (docs/decisions/0005).
 */
function summary(
  { order, lines, facts, vatSummary }: OrderMailContext,
  withCustomerText: boolean,
  tr: Translator,
): string[] {
  const money = (minor: number) => tr.money(minor, order.currency);
  const subtotal = order.subtotalAmount ?? lines.reduce((sum, line) => sum + line.total, 0);
  const vat = order.vatAmount ?? order.totalAmount - subtotal;
  const parts = vatSummary ? localVatSummaryParts(tr, vatSummary, order.currency) : null;
  const said = localTerms(tr);
  return [
    tr.t('mail.summary.orderNumber', { number: order.orderNumber }),
    ...orderBatchLines(order, tr),
    tr.t('mail.summary.orderDate', { date: tr.date(order.createdAt) }),
    ...(withCustomerText && order.poNumber
      ? [tr.t('mail.summary.poNumber', { value: cleanLine(order.poNumber) })]
      : []),
    ...(withCustomerText && order.vatNumber
      ? [tr.t('doc.party.vatNumber', { number: cleanLine(order.vatNumber) })]
      : []),
    ...(withCustomerText && order.eoriNumber
      ? [tr.t('mail.summary.eoriNumber', { value: cleanLine(order.eoriNumber) })]
      : []),
    '',
    ...lines.map(
      (line) =>
        `  ${line.quantity} × ${line.name}${tr.colon} ${localFreeLabel(tr, line.freeLabel) ?? money(line.total)}`,
    ),
    '',
    `${tr.t('doc.total.subtotal')}${tr.colon} ${money(subtotal)}`,
    ...(parts
      ? parts.totals.map((row) => `${row.label}${tr.colon} ${money(row.amount)}`)
      : [`${localVatLabel(tr, order.vatRate)}${tr.colon} ${money(vat)}`]),
    `${tr.t('mail.summary.total')}${tr.colon} ${money(order.totalAmount)}`,
    ...(parts?.notes ?? []),
    // The ledger's names (shared/orders/ledger-lines.ts): a new order has paid nothing, so all of it is outstanding.
    ...(paysInFull(order)
      ? [
          tr.t('mail.summary.outstandingInFull', {
            label: tr.t('ledger.outstanding'),
            amount: money(order.totalAmount),
          }),
        ]
      : [
          tr.t('mail.summary.depositDue', {
            label: tr.t('ledger.depositDue'),
            percent: String(facts.terms.depositPercent),
            amount: money(order.depositAmount),
          }),
          tr.t('mail.summary.outstanding', {
            label: tr.t('ledger.outstanding'),
            amount: money(order.totalAmount),
            balance: money(order.totalAmount - order.depositAmount),
          }),
        ]),
    '',
    ...(withCustomerText
      ? [
          tr.t('mail.summary.billingAddress'),
          ...localAddressLines(tr, order.billingAddress).map((line) => `  ${line}`),
          tr.t('mail.summary.deliveryAddress'),
          ...localAddressLines(tr, order.shippingAddress ?? order.billingAddress).map((line) => `  ${line}`),
        ]
      : [tr.t('mail.summary.noAddresses')]),
    '',
    said.binding,
    // A repair's terms (decision 0062): payment in full, its lead time; never the sale's deposit and balance.
    ...(paysInFull(order) ? [said.repairPayment, said.repairLeadTime] : [said.deposit(facts.terms), said.balance]),
    said.currency(order.currency),
    said.delivery((order.shippingAddress ?? order.billingAddress)?.country, facts.terms),
  ];
}

/** The customer's acknowledgement of an order. */
export function orderReceivedMail(context: OrderMailContext): OutgoingMail {
  const tr = translator(recipientLanguage(context.order));
  const text = [
    greetingLine(tr, context.customer),
    '',
    tr.t('mail.received.thankYou'),
    context.confirmedAddress ? tr.t('mail.received.attached') : tr.t('mail.received.download'),
    '',
    ...summary(context, context.confirmedAddress, tr),
    // The buyer's own notes, quoted as typed, never translated.
    ...(context.confirmedAddress ? quotedText(tr.t('mail.received.yourNotes'), context.order.notes) : []),
    '',
    tr.t('mail.yourOrder', { url: context.orderUrl }),
    '',
    ...footer(context.facts, context.order, tr),
  ].join('\n');
  return {
    kind: 'order_received',
    language: tr.language,
    to: context.customer.email,
    subject: tr.t('mail.received.subject', { number: context.order.orderNumber }),
    text,
  };
}

/** The notice to the company's admin address that an order came in. */
export function newOrderNoticeMail(context: OrderMailContext, adminEmail: string): OutgoingMail {
  const { customer } = context;
  const text = [
    `A new order was placed on the shop.`,
    '',
    `Customer: ${titledName(customer.title, customer.firstName, customer.lastName)}${customer.company ? `, ${customer.company}` : ''} <${customer.email}>`,
    `Phone: ${context.order.billingAddress?.phone || context.order.shippingAddress?.phone || 'not given'}`,
    // Staff read the shop's own language: the notice is English whatever the buyer's.
    ...summary(context, true, translator('en')),
    ...quotedText("Customer's notes:", context.order.notes),
    '',
    paysInFull(context.order)
      ? 'Next: confirm the order and send the invoice for payment in full (a repair: no deposit, no batch).'
      : 'Next: confirm the order and send the deposit invoice.',
  ].join('\n');
  return {
    language: 'en',
    kind: 'order_new_admin',
    to: adminEmail,
    subject: `New order ${context.order.orderNumber}`,
    text,
  };
}
