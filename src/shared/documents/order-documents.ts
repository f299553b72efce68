import { batchShipText } from '../batches/ship-date';
import { cleanLine } from '../clean-text';
import { company } from '../company';
import { findCountry } from '../countries';
import { formatUkDate } from '../dates';
import { addressLines, orderLines, vatLabel } from '../orders/order-lines';
import type { Order } from '../orders/order-schema';
import type { BusinessDocument, DocumentParty, DocumentTotal } from './document-model';
import { DEPOSIT_PERCENT } from '../pricing/deposit';

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
> & { customerEmail: string | null };

export const TERMS_URL = `${company.siteUrl}/terms-of-sale`;

/** DDP for a UK delivery, DAP elsewhere (terms of sale). */
export const deliveryTerms = (order: Pick<Order, 'shippingAddress' | 'billingAddress'>) =>
  (order.shippingAddress ?? order.billingAddress)?.country === 'GB'
    ? 'DDP (delivered duty paid), United Kingdom'
    : 'DAP (delivered at place); import duties and local VAT are paid by the buyer';

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

function orderTotals(order: DocumentOrder): DocumentTotal[] {
  const lines = orderLines(order.items);
  const subtotal = order.subtotalAmount ?? lines.reduce((sum, line) => sum + line.total, 0);
  return [
    { label: 'Subtotal', amount: subtotal },
    { label: vatLabel(order.vatRate), amount: order.vatAmount ?? order.totalAmount - subtotal },
    { label: 'Total', amount: order.totalAmount, emphasis: true },
    { label: `Deposit (${DEPOSIT_PERCENT}%)`, amount: order.depositAmount },
    { label: 'Balance, due before dispatch', amount: order.remainingAmount },
  ];
}

const poMeta = (order: DocumentOrder): [string, string][] =>
  order.poNumber ? [['Your PO number', cleanLine(order.poNumber)]] : [];

export interface ConfirmationContext {
  confirmedAt: Date | string;
  depositDueDate: string;
  /** `shipDate` null: the batch's date has passed or is not set ("ship date to be confirmed"). */
  batch: { name: string; shipDate: string | null } | null;
  /** The Default Product Warranty setting, in months. */
  warrantyMonths: number;
}

/** The written order confirmation (the contract forms on it): lines, VAT, totals, deposit due, delivery terms, batch, key terms. */
export function confirmationDocument(order: DocumentOrder, context: ConfirmationContext): BusinessDocument {
  const money = (minor: number) =>
    new Intl.NumberFormat('en-GB', { style: 'currency', currency: order.currency }).format(minor / 100);
  return {
    kind: 'confirmation',
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
    totals: orderTotals(order),
    notes: order.vatAmount === 0 ? ['Prices exclude local VAT/tax, which is due on delivery.'] : [],
    sections: [
      {
        title: 'Payment',
        lines: [
          `Deposit of ${money(order.depositAmount)} due by ${formatUkDate(context.depositDueDate)}, by invoice. Production starts once it is paid.`,
          `Balance of ${money(order.remainingAmount)} invoiced when the instrument is ready, due before dispatch.`,
        ],
      },
      {
        title: 'Delivery',
        lines: [
          `Delivery terms: ${deliveryTerms(order)}.`,
          context.batch ? `Production batch: ${batchShipText(context.batch)}.` : 'Production batch: to be allocated.',
        ],
      },
      {
        title: 'Key terms',
        lines: [
          `A ${DEPOSIT_PERCENT}% deposit is due on confirmation; the balance is due before dispatch.`,
          'Cancellation after confirmation carries an administration fee of 5% of the order value.',
          `Warranty: ${context.warrantyMonths} months from delivery (longer with a servicing plan).`,
          `This confirmation forms the contract under our terms of sale (version 3.0): ${TERMS_URL}`,
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
}

/** A deposit or balance invoice, or a credit note (a negative invoice naming the one it corrects). */
export function invoiceDocument(order: DocumentOrder, invoice: InvoiceFacts): BusinessDocument {
  const credit = invoice.kind === 'credit';
  const what =
    invoice.kind === 'deposit' ? `Deposit (${DEPOSIT_PERCENT}%)` : invoice.kind === 'balance' ? 'Balance' : 'Credit';
  const bank = company.bank;
  return {
    kind: credit ? 'credit_note' : 'invoice',
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
      { label: vatLabel(order.vatRate), amount: invoice.vatAmount },
      { label: credit ? 'Total credited' : 'Amount due', amount: invoice.amount, emphasis: true },
    ],
    notes: invoice.vatAmount === 0 && !credit ? ['No UK VAT charged: local VAT/tax is due on delivery.'] : [],
    sections: credit
      ? [
          {
            title: 'Credit note',
            lines: [
              `This credit note corrects invoice ${invoice.creditsNumber ?? ''}. The original invoice is unchanged.`,
            ],
          },
        ]
      : [
          {
            title: 'How to pay',
            lines: [
              `Please pay by bank transfer by ${formatUkDate(invoice.dueDate)}, quoting ${order.orderNumber} as the reference.`,
              `Account name: ${bank.accountName}`,
              `Bank: ${bank.bankName}`,
              `Sort code: ${bank.sortCode}   Account number: ${bank.accountNumber}`,
              `IBAN: ${bank.iban}   BIC: ${bank.bic}`,
              ...(bank.example
                ? ['EXAMPLE BANK DETAILS: to be replaced with the company’s real account before use.']
                : []),
            ],
          },
          {
            title: 'Terms',
            lines: [
              `Delivery terms: ${deliveryTerms(order)}.`,
              `Late payment interest: 8% above base rate. Terms of sale: ${TERMS_URL}`,
            ],
          },
        ],
  };
}

/** The country's name for a document line. */
export const countryName = (code: string) => findCountry(code)?.name ?? code;
