import { cleanLine } from '../clean-text';
import { formatMoney } from '../money';
import { bankLines, type BusinessProfile, isExampleProfile } from '../business-profile';
import { findCountry } from '../countries';
import { batchDocumentLine, deliveryWindowText } from '../batches/ship-date';
import { formatUkDate } from '../dates';
import { addressLines, orderLines, vatLabel } from '../orders/order-lines';
import type { Order } from '../orders/order-schema';
import type { BusinessDocument, DocumentLine, DocumentParty, DocumentTotal } from './document-model';
import { roundHalfUp } from '../money';
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
> & {
  customerEmail: string | null;
  /** The quote the order was made from (issue 39: every invoice and credit note quotes it), or null. */
  quoteNumber: string | null;
};

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

/** A repair order's terms (terms.ts `repairTerms`, decision 0062): the lead time, the scope, cancellation. */
const repairOrderTerms = (termsUrl: string) => [
  repairTerms.leadTime,
  repairTerms.scope,
  repairTerms.cancellation,
  `Terms of sale: ${termsUrl}`,
];

const poMeta = (order: DocumentOrder): [string, string][] =>
  order.poNumber ? [['Your PO number', cleanLine(order.poNumber)]] : [];

/**
 * What an invoice, a credit note and a pro-forma quote so accounts payable can match them (issue 39):
 * the buyer's PO number ("none given" rather than left out, so its absence is plain) and the quote.
 */
const matchingMeta = (order: DocumentOrder): [string, string][] => [
  ['Your PO number', order.poNumber ? cleanLine(order.poNumber) : 'none given'],
  ...(order.quoteNumber ? ([['Quote number', order.quoteNumber]] as [string, string][]) : []),
];

/** The deposit's share of the order as agreed ("50"), from the order's own figures. */
const advancePercent = (order: DocumentOrder) =>
  order.totalAmount > 0 ? Math.round((order.depositAmount * 100) / order.totalAmount) : 0;

/** "Advance payment agreed in quote Q2026-0042: 50%" (the order's number when it came from no quote). */
export const advancePaymentText = (order: DocumentOrder) =>
  `Advance payment agreed in ${order.quoteNumber ? `quote ${order.quoteNumber}` : `order ${order.orderNumber}`}: ${advancePercent(order)}%`;

/**
 * The order's lines with each line's net, VAT and gross (issue 39), in the order every document lists
 * them, then the order's total. A line's VAT is the one stored with it (issue 37); an order placed
 * before lines had VAT shares its one VAT figure over the lines by their net, the last priced line
 * taking the rounding, so the lines always sum to the order's VAT.
 */
export function orderVatLines(order: DocumentOrder): DocumentLine[] {
  const lines = orderLines(order.items);
  const stored = new Map(order.items.map((item) => [`${item.itemType}:${item.itemId}`, item.vatAmount]));
  const perLine = lines.every((line) => typeof stored.get(line.key) === 'number');
  const net = lines.reduce((sum, line) => sum + line.total, 0);
  const orderVat = order.vatAmount ?? order.totalAmount - (order.subtotalAmount ?? net);
  const lastPriced = lines.findLastIndex((line) => line.total !== 0);
  let vatLeft = orderVat;
  const priced = lines.map((line, index): DocumentLine => {
    const vat = perLine
      ? (stored.get(line.key) ?? 0)
      : index === lastPriced
        ? vatLeft
        : net === 0
          ? 0
          : roundHalfUp((line.total * orderVat) / net);
    vatLeft -= vat;
    return {
      name: line.name,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      total: line.total,
      vat,
      gross: line.total + vat,
      freeLabel: line.freeLabel,
    };
  });
  const vat = priced.reduce((sum, line) => sum + (line.vat ?? 0), 0);
  return [
    ...priced,
    {
      name: `Order ${order.orderNumber} total`,
      quantity: 1,
      unitPrice: net,
      total: net,
      vat,
      gross: net + vat,
      freeLabel: null,
      emphasis: true,
      summary: true,
    },
  ];
}

/** A summing line of an invoice from its gross and VAT: net is gross less VAT, so net + VAT = gross exactly. */
const amountLine = (name: string, gross: number, vat: number, emphasis = true): DocumentLine => ({
  name,
  quantity: 1,
  unitPrice: gross - vat,
  total: gross - vat,
  vat,
  gross,
  freeLabel: null,
  emphasis,
  summary: true,
});

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
    // Issue 39: the PO acknowledgement: it quotes the buyer's PO and the quote, and gives the estimated ship date.
    meta: [
      ['Order number', order.orderNumber],
      ['Order date', formatUkDate(order.createdAt)],
      ...matchingMeta(order),
      ...(facts.batch
        ? ([['Estimated ship date', facts.batch.shipDate ? formatUkDate(facts.batch.shipDate) : 'to be confirmed']] as [
            string,
            string,
          ][])
        : []),
    ],
    parties: parties(order),
    lines: orderLines(order.items),
    ...orderTotals(order, facts.terms.depositPercent),
    sections: [
      ...(order.poNumber
        ? [
            {
              title: 'Your purchase order',
              lines: [
                `We acknowledge your purchase order ${cleanLine(order.poNumber)}${order.quoteNumber ? ` against our quote ${order.quoteNumber}` : ''}: order ${order.orderNumber}.`,
              ],
            },
          ]
        : []),
      ...(paysInFull(order)
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
          ]),
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
  /**
   * For a balance invoice: what was invoiced in advance, which it deducts (the deposit invoice's
   * number, gross and VAT; the agreed deposit with no number when no deposit invoice stands).
   */
  advance?: { number: string | null; amount: number; vatAmount: number } | null;
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
  const money = (minor: number) => formatMoney(minor, order.currency, { decimals: 2 });
  // Issue 39: the deposit and balance invoices list the order's goods and services, then what this
  // invoice asks for of them, each line with its net, VAT and gross, so accounts payable can match it
  // line by line against the PO. A credit note names the invoice it corrects.
  const advance = invoice.advance ?? null;
  const lines: DocumentLine[] = credit
    ? [
        amountLine(
          `Credit of invoice ${invoice.creditsNumber ?? ''} for order ${order.orderNumber}`,
          invoice.amount,
          invoice.vatAmount,
          false,
        ),
      ]
    : invoice.kind === 'deposit'
      ? [
          ...orderVatLines(order),
          // A repair is paid in full on acceptance (decision 0062): no advance, the whole order.
          amountLine(
            paysInFull(order) ? `${fullPaymentLabel} of order ${order.orderNumber}` : advancePaymentText(order),
            invoice.amount,
            invoice.vatAmount,
          ),
        ]
      : [
          ...orderVatLines(order),
          ...(advance
            ? [
                amountLine(
                  `Less advance payment invoiced${advance.number ? ` (invoice ${advance.number})` : ''}: ${advancePaymentText(order)}`,
                  -advance.amount,
                  -advance.vatAmount,
                  false,
                ),
              ]
            : []),
          amountLine(`Balance of order ${order.orderNumber}`, invoice.amount, invoice.vatAmount),
        ];
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
      ...matchingMeta(order),
    ],
    parties: parties(order),
    lineColumns: 'net_vat_gross',
    lines,
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
                    `Cancellation fee kept (${invoice.cancellationFee.percent}%) ${money(invoice.cancellationFee.amount)}`,
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

/**
 * Issue 39: a pro-forma for an order, issued by staff on request (a buyer's finance office may need
 * one to raise a payment): the order's lines with net, VAT and gross, the deposit and balance split,
 * and the payment details, marked "Pro-forma: not a VAT invoice" at the top of every page. It is not
 * numbered in the invoice series and is not a tax document; the VAT invoices follow as usual.
 */
export const PRO_FORMA_BANNER = 'Pro-forma: not a VAT invoice';

export function orderProFormaDocument(
  order: DocumentOrder,
  facts: Omit<DocumentFacts, 'warranty'> & { issuedAt: Date | string },
): BusinessDocument {
  const money = (minor: number) => formatMoney(minor, order.currency, { decimals: 2 });
  const vat = orderVat(
    order,
    order.subtotalAmount ?? orderLines(order.items).reduce((sum, line) => sum + line.total, 0),
  );
  const lines = orderVatLines(order);
  const net = lines.at(-1)?.total ?? 0;
  return {
    kind: 'order_pro_forma',
    issuer: issuerOf(facts.profile),
    title: 'PRO-FORMA INVOICE',
    name: `Pro-forma ${order.orderNumber}`,
    currency: order.currency,
    banner: PRO_FORMA_BANNER,
    meta: [['Pro-forma for order', order.orderNumber], ['Date', formatUkDate(facts.issuedAt)], ...matchingMeta(order)],
    parties: parties(order),
    lineColumns: 'net_vat_gross',
    lines,
    totals: [
      { label: 'Net', amount: net },
      ...vat.totals,
      { label: 'Total', amount: order.totalAmount, emphasis: true },
      { label: `${advancePaymentText(order)}`, amount: order.depositAmount },
      { label: 'Balance, due before dispatch', amount: order.remainingAmount },
    ],
    notes: vat.notes,
    sections: [
      {
        title: 'Pro-forma',
        lines: [
          `${PRO_FORMA_BANNER}. It cannot be used to reclaim VAT. Our VAT invoices for the deposit (${money(order.depositAmount)}) and the balance (${money(order.remainingAmount)}) follow, each quoting your PO number.`,
        ],
      },
      {
        title: 'Payment',
        lines: [`Please quote ${order.orderNumber} as the payment reference.`, ...paymentLines(order, facts.profile)],
      },
      {
        title: 'Terms',
        lines: [terms.delivery(deliveryCountry(order), facts.terms), `Terms of sale: ${facts.termsUrl}`],
      },
    ],
  };
}
