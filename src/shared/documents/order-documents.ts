import { cleanLine } from '../clean-text';
import { bankLines, type BusinessProfile, isExampleProfile } from '../business-profile';
import { findCountry } from '../countries';
import { batchDocumentLine, deliveryWindowText } from '../batches/ship-date';
import { formatUkDate } from '../dates';
import { addressLines, orderLines, vatLabel } from '../orders/order-lines';
import type { Order } from '../orders/order-schema';
import type { BusinessDocument, DocumentParty, DocumentTotal } from './document-model';
import { DELIVERY_WINDOW_DAYS, repairTerms, terms, type TermsValues } from '../terms';
import { fullPaymentLabel, paysInFull } from '../orders/order-kind';
import { issuerOf } from './issuer';
import { invoiceVatSummary } from '../orders/invoice-vat';
import { orderVatSummary, vatSummaryParts } from './vat-summary';

/** What an order's documents read of the order (the owner's view of it). */
export type DocumentOrder = Pick<
  Order,
  | 'orderNumber'
  | 'createdAt'
  | 'currency'
  | 'totalAmount'
  | 'depositAmount'
  | 'remainingAmount'
  | 'subtotalAmount'
  | 'vatAmount'
  | 'vatRate'
  | 'items'
  | 'billingAddress'
  | 'shippingAddress'
  | 'poNumber'
  | 'vatNumber'
  | 'kind'
> & { customerEmail: string | null };

/** The country the goods go to: the delivery address, else the billing address. */
export const deliveryCountry = (order: Pick<Order, 'shippingAddress' | 'billingAddress'>) =>
  (order.shippingAddress ?? order.billingAddress)?.country ?? null;

/** What every order document reads besides the order: the business profile and the terms in force. */
export interface DocumentFacts {
  profile: BusinessProfile;
  terms: TermsValues;
  /** The terms of sale on the deployment's site (`PUBLIC_URL/terms-of-sale`). */
  termsUrl: string;
  /** The warranty that follows the order's servicing plan. */
  warranty: { months: number; planName: string | null };
}

/** The account the order's currency is paid into, with the example warning while the profile is the example. */
export function paymentLines(order: Pick<Order, 'currency'>, profile: BusinessProfile): string[] {
  return [
    terms.currency(order.currency),
    ...bankLines(profile.bank, order.currency === 'EUR' ? 'EUR' : 'GBP'),
    ...(isExampleProfile(profile)
      ? ['EXAMPLE BANK DETAILS: to be replaced with the company’s real account before use.']
      : []),
  ];
}

function parties(order: DocumentOrder): DocumentParty[] {
  const billing = addressLines(order.billingAddress);
  if (order.customerEmail) billing.push(order.customerEmail);
  // Single-line fields stay one line here even if stored before they were cleaned to one line.
  if (order.vatNumber) billing.push(`VAT number: ${cleanLine(order.vatNumber)}`);
  return [
    { title: 'Bill to', lines: billing },
    { title: 'Deliver to', lines: addressLines(order.shippingAddress) },
  ];
}

/**
 * The order's VAT as its documents show it: the VAT summary of its lines (issue 37) with the wording of
 * every 0% part, or for an order placed before lines had VAT its one rate's line, as then.
 */
function orderVat(order: DocumentOrder, subtotal: number): { totals: DocumentTotal[]; notes: string[] } {
  const summary = orderVatSummary(order.items);
  if (summary) return vatSummaryParts(summary, order.currency);
  return {
    totals: [{ label: vatLabel(order.vatRate), amount: order.vatAmount ?? order.totalAmount - subtotal }],
    notes: [],
  };
}

function orderTotals(order: DocumentOrder, depositPercent: number): { totals: DocumentTotal[]; notes: string[] } {
  const lines = orderLines(order.items);
  const subtotal = order.subtotalAmount ?? lines.reduce((sum, line) => sum + line.total, 0);
  const vat = orderVat(order, subtotal);
  return {
    totals: [
      { label: 'Subtotal', amount: subtotal },
      ...vat.totals,
      { label: 'Total', amount: order.totalAmount, emphasis: true },
      // A repair has no deposit and no balance (decision 0062): its total is the one sum asked.
      ...(paysInFull(order)
        ? []
        : [
            { label: `Deposit (${depositPercent}%)`, amount: order.depositAmount },
            { label: 'Balance, due before dispatch', amount: order.remainingAmount },
          ]),
    ],
    notes: vat.notes,
  };
}

/** A repair order's terms (terms.ts `repairTerms`, decision 0062): payment in full, the lead time, the scope. */
const repairOrderTerms = (termsUrl: string) => [repairTerms.leadTime, repairTerms.scope, `Terms of sale: ${termsUrl}`];

const poMeta = (order: DocumentOrder): [string, string][] =>
  order.poNumber ? [['Your PO number', cleanLine(order.poNumber)]] : [];

export interface ConfirmationContext extends DocumentFacts {
  confirmedAt: Date | string;
  depositDueDate: string;
  /**
   * `shipDate` null: the batch's date has passed or is not set ("ship date to be confirmed").
   * `shipping`: the shipping option's name, for the estimated delivery window (issue 38).
   */
  batch: { name: string; shipDate: string | null; shipping?: string | null } | null;
}

const batchLine = batchDocumentLine;

/** The confirmation's estimated delivery window from the batch and the shipping option, when the date holds. */
const deliveryWindowLines = (batch: ConfirmationContext['batch']) => {
  const line = batch ? deliveryWindowText(batch.shipDate, batch.shipping ?? null, DELIVERY_WINDOW_DAYS) : null;
  return line ? [line] : [];
};

/**
 * The order acknowledgement, attached to the "received" e-mail at placement and downloadable from
 * the order page: the order as placed, the payment account for its currency and the statement that
 * it binds only on the written confirmation.
 */
export function acknowledgementDocument(
  order: DocumentOrder,
  facts: DocumentFacts & { batch: { name: string; shipDate: string | null } | null },
): BusinessDocument {
  return {
    kind: 'acknowledgement',
    issuer: issuerOf(facts.profile),
    title: 'ORDER ACKNOWLEDGEMENT',
    name: `Order acknowledgement ${order.orderNumber}`,
    currency: order.currency,
    meta: [['Order number', order.orderNumber], ['Order date', formatUkDate(order.createdAt)], ...poMeta(order)],
    parties: parties(order),
    lines: orderLines(order.items),
    ...orderTotals(order, facts.terms.depositPercent),
    sections: paysInFull(order)
      ? [
          { title: 'Not yet a contract', lines: [terms.binding] },
          { title: 'Payment', lines: [repairTerms.payment, ...paymentLines(order, facts.profile)] },
          { title: 'Return delivery', lines: [terms.delivery(deliveryCountry(order), facts.terms)] },
          { title: 'Key terms', lines: repairOrderTerms(facts.termsUrl) },
        ]
      : [
          { title: 'Not yet a contract', lines: [terms.binding] },
          {
            title: 'Payment',
            lines: [terms.deposit(facts.terms), terms.balance, ...paymentLines(order, facts.profile)],
          },
          {
            title: 'Delivery',
            lines: [terms.delivery(deliveryCountry(order), facts.terms), batchLine(facts.batch)],
          },
          {
            title: 'Key terms',
            lines: [
              terms.warranty(facts.warranty.months, facts.warranty.planName),
              terms.cancellation,
              `Terms of sale: ${facts.termsUrl}`,
            ],
          },
        ],
  };
}

/** The written order confirmation (the contract forms on it): lines, VAT, totals, deposit due, delivery terms, batch, key terms. */
export function confirmationDocument(order: DocumentOrder, context: ConfirmationContext): BusinessDocument {
  const money = (minor: number) =>
    new Intl.NumberFormat('en-GB', { style: 'currency', currency: order.currency }).format(minor / 100);
  return {
    kind: 'confirmation',
    issuer: issuerOf(context.profile),
    title: 'ORDER CONFIRMATION',
    name: `Order confirmation ${order.orderNumber}`,
    currency: order.currency,
    meta: [
      ['Order number', order.orderNumber],
      ['Order date', formatUkDate(order.createdAt)],
      ['Confirmed', formatUkDate(context.confirmedAt)],
      ...poMeta(order),
    ],
    parties: parties(order),
    lines: orderLines(order.items),
    ...orderTotals(order, context.terms.depositPercent),
    sections: paysInFull(order)
      ? [
          {
            title: 'Payment',
            lines: [
              `${fullPaymentLabel} of ${money(order.totalAmount)} due by ${formatUkDate(context.depositDueDate)}, by invoice.`,
              repairTerms.payment,
              ...paymentLines(order, context.profile),
            ],
          },
          { title: 'Return delivery', lines: [terms.delivery(deliveryCountry(order), context.terms)] },
          {
            title: 'Key terms',
            lines: [
              ...repairOrderTerms(context.termsUrl),
              `This confirmation forms the contract under our terms of sale (version 3.0): ${context.termsUrl}`,
            ],
          },
        ]
      : [
          {
            title: 'Payment',
            lines: [
              `Deposit of ${money(order.depositAmount)} due by ${formatUkDate(context.depositDueDate)}, by invoice. Production starts once it is paid.`,
              `Balance of ${money(order.remainingAmount)} invoiced when the instrument is ready, due before dispatch.`,
              terms.deposit(context.terms),
              ...paymentLines(order, context.profile),
            ],
          },
          {
            title: 'Delivery',
            lines: [
              terms.delivery(deliveryCountry(order), context.terms),
              batchLine(context.batch),
              ...deliveryWindowLines(context.batch),
            ],
          },
          {
            title: 'Key terms',
            lines: [
              terms.warranty(context.warranty.months, context.warranty.planName),
              terms.cancellation,
              `This confirmation forms the contract under our terms of sale (version 3.0): ${context.termsUrl}`,
            ],
          },
        ],
  };
}

export interface InvoiceFacts {
  kind: 'deposit' | 'balance' | 'credit';
  number: string;
  amount: number;
  vatAmount: number;
  issuedAt: Date | string;
  dueDate: string;
  /** For a credit note: the invoice it corrects. */
  creditsNumber?: string | null;
  /** For a credit note: why it was issued (staff text, printed as text). */
  reason?: string | null;
  /** Money already received beyond the earlier invoices (an overpaid deposit): deducted from the amount due. */
  paidOnAccount?: number;
  /** For a credit note issued on cancellation: the terms' fee kept of the invoice it credits. */
  cancellationFee?: { amount: number; percent: number } | null;
}

/** A deposit or balance invoice, or a credit note (a negative invoice naming the one it corrects). */
export function invoiceDocument(
  order: DocumentOrder,
  invoice: InvoiceFacts,
  facts: Omit<DocumentFacts, 'warranty'>,
): BusinessDocument {
  const credit = invoice.kind === 'credit';
  const onAccount = credit ? 0 : (invoice.paidOnAccount ?? 0);
  // The invoice's share of each VAT part of the order (an order placed before issue 37: its one rate).
  const summary = orderVatSummary(order.items);
  const vat = summary
    ? vatSummaryParts(invoiceVatSummary(summary, invoice.amount, invoice.vatAmount), order.currency)
    : { totals: [{ label: vatLabel(order.vatRate), amount: invoice.vatAmount }], notes: [] };
  const what =
    invoice.kind === 'deposit' && paysInFull(order)
      ? fullPaymentLabel
      : invoice.kind === 'deposit'
        ? `Deposit (${facts.terms.depositPercent}%)`
        : invoice.kind === 'balance'
          ? 'Balance'
          : 'Credit';
  return {
    kind: credit ? 'credit_note' : 'invoice',
    issuer: issuerOf(facts.profile),
    title: credit ? 'CREDIT NOTE' : 'INVOICE',
    name: `${credit ? 'Credit note' : 'Invoice'} ${invoice.number}`,
    currency: order.currency,
    meta: [
      [credit ? 'Credit note number' : 'Invoice number', invoice.number],
      ['Issue date', formatUkDate(invoice.issuedAt)],
      ...(credit ? [] : ([['Due date', formatUkDate(invoice.dueDate)]] as [string, string][])),
      ['Order number', order.orderNumber],
      ...(invoice.creditsNumber ? ([['Credits invoice', invoice.creditsNumber]] as [string, string][]) : []),
      ...poMeta(order),
    ],
    parties: parties(order),
    lines: [
      {
        name: credit
          ? `Credit of invoice ${invoice.creditsNumber ?? ''} for order ${order.orderNumber}`
          : `${what} of order ${order.orderNumber} (order total ${new Intl.NumberFormat('en-GB', { style: 'currency', currency: order.currency }).format(order.totalAmount / 100)})`,
        quantity: 1,
        unitPrice: invoice.amount,
        total: invoice.amount,
        freeLabel: null,
      },
    ],
    totals: [
      { label: 'Net', amount: invoice.amount - invoice.vatAmount },
      ...vat.totals,
      ...(onAccount > 0
        ? [
            { label: 'Invoice total', amount: invoice.amount },
            { label: 'Paid on account', amount: -onAccount },
          ]
        : []),
      { label: credit ? 'Total credited' : 'Amount due', amount: invoice.amount - onAccount, emphasis: true },
    ],
    notes: vat.notes,
    sections: credit
      ? [
          {
            title: 'Credit note',
            lines: [
              `This credit note corrects invoice ${invoice.creditsNumber ?? ''}. The original invoice is unchanged.`,
              ...(invoice.reason ? [`Reason: ${invoice.reason}`] : []),
              ...(invoice.cancellationFee && invoice.cancellationFee.amount > 0
                ? [
                    `Cancellation fee kept (${invoice.cancellationFee.percent}%) ${new Intl.NumberFormat('en-GB', { style: 'currency', currency: order.currency }).format(invoice.cancellationFee.amount / 100)}`,
                  ]
                : []),
              `Terms of sale: ${facts.termsUrl}`,
            ],
          },
        ]
      : [
          {
            title: 'How to pay',
            lines: [
              `Please pay by bank transfer by ${formatUkDate(invoice.dueDate)}, quoting ${order.orderNumber} as the reference.`,
              ...paymentLines(order, facts.profile),
            ],
          },
          {
            title: 'Terms',
            lines: [
              ...(paysInFull(order) ? [repairTerms.payment, repairTerms.leadTime] : []),
              terms.delivery(deliveryCountry(order), facts.terms),
              `Late payment interest: 8% above base rate. Terms of sale: ${facts.termsUrl}`,
            ],
          },
        ],
  };
}

/** The country's name for a document line. */
export const countryName = (code: string) => findCountry(code)?.name ?? code;
