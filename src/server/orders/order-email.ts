import type { VatGroup } from '../../shared/tax/line-vat';
import { vatSummaryParts } from '../../shared/documents/vat-summary';
import { cleanLine } from '../../shared/clean-text';
import type { BusinessProfile } from '../../shared/business-profile';
import { ledgerLineLabels } from '../../shared/orders/ledger-lines';
import { formatMoney } from '../../shared/money';
import { formatUkDate } from '../../shared/dates';
import { addressLines, type OrderLine, vatLabel } from '../../shared/orders/order-lines';
import type { orders } from '../db/schema';
import type { OutgoingMail } from '../mail/outbox';
import { repairTerms, terms, type TermsValues } from '../../shared/terms';
import { paysInFull } from '../../shared/orders/order-kind';
import { footer, orderBatchLines } from './order-status-mail';

type OrderRow = typeof orders.$inferSelect;

interface OrderMailContext {
  order: OrderRow;
  customer: { email: string; firstName: string; lastName: string; company: string };
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
function summary({ order, lines, facts, vatSummary }: OrderMailContext, withCustomerText: boolean): string[] {
  const money = (minor: number) => formatMoney(minor, order.currency, { decimals: 2 });
  const subtotal = order.subtotalAmount ?? lines.reduce((sum, line) => sum + line.total, 0);
  const vat = order.vatAmount ?? order.totalAmount - subtotal;
  const parts = vatSummary ? vatSummaryParts(vatSummary, order.currency) : null;
  return [
    `Order number: ${order.orderNumber}`,
    ...orderBatchLines(order),
    `Order date: ${formatUkDate(order.createdAt)}`,
    ...(withCustomerText && order.poNumber ? [`PO number: ${cleanLine(order.poNumber)}`] : []),
    ...(withCustomerText && order.vatNumber ? [`VAT number: ${cleanLine(order.vatNumber)}`] : []),
    ...(withCustomerText && order.eoriNumber ? [`EORI number: ${cleanLine(order.eoriNumber)}`] : []),
    '',
    ...lines.map((line) => `  ${line.quantity} × ${line.name}: ${line.freeLabel ?? money(line.total)}`),
    '',
    `Subtotal: ${money(subtotal)}`,
    ...(parts
      ? parts.totals.map((row) => `${row.label}: ${money(row.amount)}`)
      : [`${vatLabel(order.vatRate)}: ${money(vat)}`]),
    `Total: ${money(order.totalAmount)}`,
    ...(parts?.notes ?? []),
    // The ledger's names (shared/orders/ledger-lines.ts): a new order has paid nothing, so all of it is outstanding.
    ...(paysInFull(order)
      ? [`${ledgerLineLabels.outstanding}: ${money(order.totalAmount)} (payment in full, by invoice)`]
      : [
          `${ledgerLineLabels.depositDue} (${facts.terms.depositPercent}%), on our written confirmation: ${money(order.depositAmount)}`,
          `${ledgerLineLabels.outstanding}: ${money(order.totalAmount)} (the deposit, then the balance of ${money(order.totalAmount - order.depositAmount)} before dispatch)`,
        ]),
    '',
    ...(withCustomerText
      ? [
          'Billing address:',
          ...addressLines(order.billingAddress).map((line) => `  ${line}`),
          'Delivery address:',
          ...addressLines(order.shippingAddress ?? order.billingAddress).map((line) => `  ${line}`),
        ]
      : ['This e-mail does not repeat the addresses, references or notes given with the order.']),
    '',
    terms.binding,
    // A repair's terms (decision 0062): payment in full, its lead time; never the sale's deposit and balance.
    ...(paysInFull(order) ? [repairTerms.payment, repairTerms.leadTime] : [terms.deposit(facts.terms), terms.balance]),
    terms.currency(order.currency),
    terms.delivery((order.shippingAddress ?? order.billingAddress)?.country, facts.terms),
  ];
}

/** The customer's acknowledgement of an order. */
export function orderReceivedMail(context: OrderMailContext): OutgoingMail {
  const text = [
    `Dear ${context.customer.firstName},`,
    '',
    `Thank you for your order. We have received it and will confirm it in writing within 48 hours; it binds once we do.`,
    context.confirmedAddress
      ? 'The order acknowledgement is attached as a PDF.'
      : 'The order acknowledgement (PDF) can be downloaded from your order page.',
    '',
    ...summary(context, context.confirmedAddress),
    ...(context.confirmedAddress ? quotedText('Your notes:', context.order.notes) : []),
    '',
    `Your order: ${context.orderUrl}`,
    '',
    ...footer(context.facts, context.order),
  ].join('\n');
  return {
    kind: 'order_received',
    to: context.customer.email,
    subject: `We have received your order ${context.order.orderNumber}`,
    text,
  };
}

/** The notice to the company's admin address that an order came in. */
export function newOrderNoticeMail(context: OrderMailContext, adminEmail: string): OutgoingMail {
  const { customer } = context;
  const text = [
    `A new order was placed on the shop.`,
    '',
    `Customer: ${customer.firstName} ${customer.lastName}${customer.company ? `, ${customer.company}` : ''} <${customer.email}>`,
    `Phone: ${context.order.billingAddress?.phone || context.order.shippingAddress?.phone || 'not given'}`,
    ...summary(context, true),
    ...quotedText("Customer's notes:", context.order.notes),
    '',
    paysInFull(context.order)
      ? 'Next: confirm the order and send the invoice for payment in full (a repair: no deposit, no batch).'
      : 'Next: confirm the order and send the deposit invoice.',
  ].join('\n');
  return { kind: 'order_new_admin', to: adminEmail, subject: `New order ${context.order.orderNumber}`, text };
}
