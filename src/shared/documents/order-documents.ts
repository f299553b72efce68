import { cleanLine } from '../clean-text';
import { bankLines, type BusinessProfile, isExampleProfile } from '../business-profile';
import { findCountry } from '../countries';
import { orderLines } from '../orders/order-lines';
import type { Order } from '../orders/order-schema';
import type { BusinessDocument, DocumentLine, DocumentParty, DocumentTotal } from './document-model';
import { roundHalfUp } from '../money';
import { DELIVERY_WINDOW_DAYS, type TermsValues } from '../terms';
import { paysInFull } from '../orders/order-kind';
import type { Language } from '../i18n/languages';
import { type Translator, translator } from '../i18n/translator';
import {
  localBankLines,
  localBatchLine,
  localDeliveryWindow,
  localFreeLabel,
  localAddressLines,
  localIssuer,
  localTerms,
  localVatLabel,
  localVatSummaryParts,
} from './document-language';
import { issuerOf } from './issuer';
import { invoiceVatSummary } from '../orders/invoice-vat';
import { orderVatSummary } from './vat-summary';

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
  | 'buyerRoutingReference'
  | 'publicBuyer'
> & {
  customerEmail: string | null;
  /** The quote the order was made from (issue 39: every invoice and credit note quotes it), or null. */
  quoteNumber: string | null;
  /** The buyer's language (issue 40): every text of the document is in it; absent, English. */
  language?: Language | undefined;
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
export function paymentLines(
  order: Pick<Order, 'currency'>,
  profile: BusinessProfile,
  tr = translator('en'),
): string[] {
  const currency = order.currency === 'EUR' ? 'EUR' : 'GBP';
  return [
    localTerms(tr).currency(order.currency),
    ...(tr.language === 'en' ? bankLines(profile.bank, currency) : localBankLines(tr, profile.bank, currency)),
    ...(isExampleProfile(profile) ? [tr.t('doc.bank.example')] : []),
  ];
}

function parties(order: DocumentOrder, tr: Translator): DocumentParty[] {
  const billing = localAddressLines(tr, order.billingAddress);
  if (order.customerEmail) billing.push(order.customerEmail);
  // Single-line fields stay one line here even if stored before they were cleaned to one line.
  if (order.vatNumber) billing.push(tr.t('doc.party.vatNumber', { number: cleanLine(order.vatNumber) }));
  return [
    { title: tr.t('doc.party.billTo'), lines: billing },
    { title: tr.t('doc.party.deliverTo'), lines: localAddressLines(tr, order.shippingAddress) },
  ];
}

/** The order's priced lines, with "Included" and "Free" and the catalogue's names in the buyer's language. */
const localLines = (order: DocumentOrder, tr: Translator) =>
  orderLines(order.items, tr.language).map((line) => ({ ...line, freeLabel: localFreeLabel(tr, line.freeLabel) }));

/**
 * The order's VAT as its documents show it: the VAT summary of its lines (issue 37) with the wording of
 * every 0% part, or for an order placed before lines had VAT its one rate's line, as then.
 */
function orderVat(
  order: DocumentOrder,
  subtotal: number,
  tr: Translator,
): { totals: DocumentTotal[]; notes: string[] } {
  const summary = orderVatSummary(order.items);
  if (summary) return localVatSummaryParts(tr, summary, order.currency);
  return {
    totals: [{ label: localVatLabel(tr, order.vatRate), amount: order.vatAmount ?? order.totalAmount - subtotal }],
    notes: [],
  };
}

function orderTotals(
  order: DocumentOrder,
  depositPercent: number,
  tr: Translator,
): { totals: DocumentTotal[]; notes: string[] } {
  const lines = orderLines(order.items);
  const subtotal = order.subtotalAmount ?? lines.reduce((sum, line) => sum + line.total, 0);
  const vat = orderVat(order, subtotal, tr);
  return {
    totals: [
      { label: tr.t('doc.total.subtotal'), amount: subtotal },
      ...vat.totals,
      { label: tr.t('doc.total.total'), amount: order.totalAmount, emphasis: true },
      // A repair has no deposit and no balance (decision 0062): its total is the one sum asked.
      ...(paysInFull(order)
        ? []
        : [
            { label: tr.t('doc.total.deposit', { percent: String(depositPercent) }), amount: order.depositAmount },
            { label: tr.t('doc.total.balanceDue'), amount: order.remainingAmount },
          ]),
    ],
    notes: vat.notes,
  };
}

/** A repair order's terms (terms.ts `repairTerms`, decision 0062): the lead time, the scope, cancellation. */
const repairOrderTerms = (termsUrl: string, tr: Translator) => {
  const said = localTerms(tr);
  return [said.repairLeadTime, said.repairScope, said.repairCancellation, tr.t('doc.termsOfSale', { url: termsUrl })];
};

const poMeta = (order: DocumentOrder, tr: Translator): [string, string][] =>
  order.poNumber ? [[tr.t('doc.meta.poNumber'), cleanLine(order.poNumber)]] : [];

/**
 * What an invoice, a credit note and a pro-forma quote so accounts payable can match them (issue 39):
 * the buyer's PO number ("none given" rather than left out, so its absence is plain) and the quote.
 */
const matchingMeta = (order: DocumentOrder, tr: Translator): [string, string][] => [
  [tr.t('doc.meta.poNumber'), order.poNumber ? cleanLine(order.poNumber) : tr.t('doc.meta.noneGiven')],
  ...(order.quoteNumber ? ([[tr.t('doc.meta.quoteNumber'), order.quoteNumber]] as [string, string][]) : []),
  ...publicBuyerMeta(order, tr),
];

/**
 * A public buyer's references on every document of its order (issue 52): a German public body's
 * Leitweg-ID; a French public body's SIRET, service code and engagement number (Chorus Pro's).
 */
export function publicBuyerMeta(
  order: Pick<DocumentOrder, 'buyerRoutingReference' | 'publicBuyer'>,
  tr: Translator,
): [string, string][] {
  const meta: [string, string][] = [];
  if (order.buyerRoutingReference) meta.push([tr.t('doc.meta.leitwegId'), cleanLine(order.buyerRoutingReference)]);
  const french = order.publicBuyer;
  if (french) {
    meta.push([tr.t('doc.meta.siret'), cleanLine(french.siret)]);
    if (french.serviceCode) meta.push([tr.t('doc.meta.serviceCode'), cleanLine(french.serviceCode)]);
    if (french.engagementNumber) meta.push([tr.t('doc.meta.engagementNumber'), cleanLine(french.engagementNumber)]);
  }
  return meta;
}

/** The deposit's share of the order as agreed ("50"), from the order's own figures. */
const advancePercent = (order: DocumentOrder) =>
  order.totalAmount > 0 ? Math.round((order.depositAmount * 100) / order.totalAmount) : 0;

/** "Advance payment agreed in quote Q2026-0042: 50%" (the order's number when it came from no quote). */
export const advancePaymentText = (order: DocumentOrder, tr = translator(order.language)) =>
  order.quoteNumber
    ? tr.t('doc.advance.agreedInQuote', { quote: order.quoteNumber, percent: String(advancePercent(order)) })
    : tr.t('doc.advance.agreedInOrder', { order: order.orderNumber, percent: String(advancePercent(order)) });

/**
 * The order's lines with each line's net, VAT and gross (issue 39), in the order every document lists
 * them, then the order's total. A line's VAT is the one stored with it (issue 37); an order placed
 * before lines had VAT shares its one VAT figure over the lines by their net, the last priced line
 * taking the rounding, so the lines always sum to the order's VAT.
 */
export function orderVatLines(order: DocumentOrder, tr = translator(order.language)): DocumentLine[] {
  const lines = orderLines(order.items, tr.language);
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
      freeLabel: localFreeLabel(tr, line.freeLabel),
    };
  });
  const vat = priced.reduce((sum, line) => sum + (line.vat ?? 0), 0);
  return [
    ...priced,
    {
      name: tr.t('doc.line.orderTotal', { order: order.orderNumber }),
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

/** The confirmation's estimated delivery window from the batch and the shipping option, when the date holds. */
const deliveryWindowLines = (batch: ConfirmationContext['batch'], tr: Translator) => {
  const line = batch ? localDeliveryWindow(tr, batch.shipDate, batch.shipping ?? null, DELIVERY_WINDOW_DAYS) : null;
  return line ? [line] : [];
};

/** The letterhead: the English one as it always was, else with the registration line in the buyer's language. */
const issuerIn = (tr: Translator, profile: BusinessProfile) =>
  tr.language === 'en' ? issuerOf(profile) : localIssuer(tr, profile);

/**
 * The order acknowledgement, attached to the "received" e-mail at placement and downloadable from
 * the order page: the order as placed, the payment account for its currency and the statement that
 * it binds only on the written confirmation.
 */
export function acknowledgementDocument(
  order: DocumentOrder,
  facts: DocumentFacts & { batch: { name: string; shipDate: string | null } | null },
): BusinessDocument {
  const tr = translator(order.language);
  const said = localTerms(tr);
  return {
    kind: 'acknowledgement',
    language: tr.language,
    issuer: issuerIn(tr, facts.profile),
    title: tr.t('doc.acknowledgement.title'),
    name: tr.t('doc.acknowledgement.name', { number: order.orderNumber }),
    currency: order.currency,
    // Issue 39: the PO acknowledgement: it quotes the buyer's PO and the quote, and gives the estimated ship date.
    meta: [
      [tr.t('doc.meta.orderNumber'), order.orderNumber],
      [tr.t('doc.meta.orderDate'), tr.date(order.createdAt)],
      ...matchingMeta(order, tr),
      ...(facts.batch
        ? ([
            [
              tr.t('doc.meta.estimatedShipDate'),
              facts.batch.shipDate ? tr.date(facts.batch.shipDate) : tr.t('doc.meta.toBeConfirmed'),
            ],
          ] as [string, string][])
        : []),
    ],
    parties: parties(order, tr),
    lines: localLines(order, tr),
    ...orderTotals(order, facts.terms.depositPercent, tr),
    sections: [
      ...(order.poNumber
        ? [
            {
              title: tr.t('doc.section.yourPurchaseOrder'),
              lines: [
                order.quoteNumber
                  ? tr.t('doc.acknowledgement.poAgainstQuote', {
                      po: cleanLine(order.poNumber),
                      quote: order.quoteNumber,
                      order: order.orderNumber,
                    })
                  : tr.t('doc.acknowledgement.po', { po: cleanLine(order.poNumber), order: order.orderNumber }),
              ],
            },
          ]
        : []),
      ...(paysInFull(order)
        ? [
            { title: tr.t('doc.section.notYetContract'), lines: [said.binding] },
            {
              title: tr.t('doc.section.payment'),
              lines: [said.repairPayment, ...paymentLines(order, facts.profile, tr)],
            },
            {
              title: tr.t('doc.section.returnDelivery'),
              lines: [said.delivery(deliveryCountry(order), facts.terms)],
            },
            { title: tr.t('doc.section.keyTerms'), lines: repairOrderTerms(facts.termsUrl, tr) },
          ]
        : [
            { title: tr.t('doc.section.notYetContract'), lines: [said.binding] },
            {
              title: tr.t('doc.section.payment'),
              lines: [said.deposit(facts.terms), said.balance, ...paymentLines(order, facts.profile, tr)],
            },
            {
              title: tr.t('doc.section.delivery'),
              lines: [said.delivery(deliveryCountry(order), facts.terms), localBatchLine(tr, facts.batch)],
            },
            {
              title: tr.t('doc.section.keyTerms'),
              lines: [
                said.warranty(facts.warranty.months, facts.warranty.planName),
                said.cancellation,
                tr.t('doc.termsOfSale', { url: facts.termsUrl }),
              ],
            },
          ]),
    ],
  };
}

/** The written order confirmation (the contract forms on it): lines, VAT, totals, deposit due, delivery terms, batch, key terms. */
export function confirmationDocument(order: DocumentOrder, context: ConfirmationContext): BusinessDocument {
  const tr = translator(order.language);
  const said = localTerms(tr);
  const money = (minor: number) => tr.money(minor, order.currency);
  return {
    kind: 'confirmation',
    language: tr.language,
    issuer: issuerIn(tr, context.profile),
    title: tr.t('doc.confirmation.title'),
    name: tr.t('doc.confirmation.name', { number: order.orderNumber }),
    currency: order.currency,
    meta: [
      [tr.t('doc.meta.orderNumber'), order.orderNumber],
      [tr.t('doc.meta.orderDate'), tr.date(order.createdAt)],
      [tr.t('doc.meta.confirmed'), tr.date(context.confirmedAt)],
      ...poMeta(order, tr),
      ...publicBuyerMeta(order, tr),
    ],
    parties: parties(order, tr),
    lines: localLines(order, tr),
    ...orderTotals(order, context.terms.depositPercent, tr),
    sections: paysInFull(order)
      ? [
          {
            title: tr.t('doc.section.payment'),
            lines: [
              tr.t('doc.confirmation.fullPaymentDue', {
                amount: money(order.totalAmount),
                date: tr.date(context.depositDueDate),
              }),
              said.repairPayment,
              ...paymentLines(order, context.profile, tr),
            ],
          },
          {
            title: tr.t('doc.section.returnDelivery'),
            lines: [said.delivery(deliveryCountry(order), context.terms)],
          },
          {
            title: tr.t('doc.section.keyTerms'),
            lines: [
              ...repairOrderTerms(context.termsUrl, tr),
              tr.t('doc.confirmation.contract', { url: context.termsUrl }),
            ],
          },
        ]
      : [
          {
            title: tr.t('doc.section.payment'),
            lines: [
              tr.t('doc.confirmation.depositDue', {
                amount: money(order.depositAmount),
                date: tr.date(context.depositDueDate),
              }),
              tr.t('doc.confirmation.balance', { amount: money(order.remainingAmount) }),
              said.deposit(context.terms),
              ...paymentLines(order, context.profile, tr),
            ],
          },
          {
            title: tr.t('doc.section.delivery'),
            lines: [
              said.delivery(deliveryCountry(order), context.terms),
              localBatchLine(tr, context.batch),
              ...deliveryWindowLines(context.batch, tr),
            ],
          },
          {
            title: tr.t('doc.section.keyTerms'),
            lines: [
              said.warranty(context.warranty.months, context.warranty.planName),
              said.cancellation,
              tr.t('doc.confirmation.contract', { url: context.termsUrl }),
            ],
          },
        ],
  };
}

/** A document's VAT in sterling (issue 51): pence at HMRC's monthly rate (units per £1) of its tax point's month. */
export interface SterlingVat {
  pence: number;
  rate: number;
  /** YYYY-MM. */
  month: string;
}

/** "VAT in sterling: £110.31, at HMRC's monthly exchange rate for November 2026 (£1 = 1.1512 EUR)." */
export function sterlingVatNote(sterling: SterlingVat, currency: string, tr = translator()): string {
  const decimals = Math.min(6, Math.max(2, (String(sterling.rate).split('.')[1] ?? '').length));
  return tr.t('doc.invoice.sterlingVat', {
    amount: tr.money(sterling.pence, 'GBP'),
    month: tr.month(`${sterling.month}-01`),
    rate: tr.number(sterling.rate, decimals),
    currency,
  });
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
  /** Issue 51: of a document in another currency charging UK VAT, its VAT in sterling and the rate used. */
  sterlingVat?: SterlingVat | null;
}

/** The title's kind: ".deposit" or ".balance" ("Deposit invoice", "Final invoice"); "" for a repair's one invoice. */
const invoiceTitleKind = (order: DocumentOrder, invoice: InvoiceFacts) =>
  invoice.kind === 'balance' ? '.balance' : paysInFull(order) ? '' : '.deposit';

/** A deposit or balance invoice, or a credit note (a negative invoice naming the one it corrects). */
export function invoiceDocument(
  order: DocumentOrder,
  invoice: InvoiceFacts,
  facts: Omit<DocumentFacts, 'warranty'>,
): BusinessDocument {
  const credit = invoice.kind === 'credit';
  const onAccount = credit ? 0 : (invoice.paidOnAccount ?? 0);
  const tr = translator(order.language);
  // The invoice's share of each VAT part of the order (an order placed before issue 37: its one rate).
  const summary = orderVatSummary(order.items);
  const vat = summary
    ? localVatSummaryParts(tr, invoiceVatSummary(summary, invoice.amount, invoice.vatAmount), order.currency)
    : { totals: [{ label: localVatLabel(tr, order.vatRate), amount: invoice.vatAmount }], notes: [] };
  // Issue 39: the deposit and balance invoices list the order's goods and services, then what this
  // invoice asks for of them, each line with its net, VAT and gross, so accounts payable can match it
  // line by line against the PO. A credit note names the invoice it corrects.
  const advance = invoice.advance ?? null;
  const lines: DocumentLine[] = credit
    ? [
        amountLine(
          tr.t('doc.creditNote.line', { invoice: invoice.creditsNumber ?? '', order: order.orderNumber }),
          invoice.amount,
          invoice.vatAmount,
          false,
        ),
      ]
    : invoice.kind === 'deposit'
      ? [
          ...orderVatLines(order, tr),
          // A repair is paid in full on acceptance (decision 0062): no advance, the whole order.
          amountLine(
            paysInFull(order)
              ? tr.t('doc.invoice.line.fullPayment', { order: order.orderNumber })
              : advancePaymentText(order, tr),
            invoice.amount,
            invoice.vatAmount,
          ),
        ]
      : [
          ...orderVatLines(order, tr),
          ...(advance
            ? [
                amountLine(
                  advance.number
                    ? tr.t('doc.invoice.line.lessAdvanceInvoice', {
                        invoice: advance.number,
                        advance: advancePaymentText(order, tr),
                      })
                    : tr.t('doc.invoice.line.lessAdvance', { advance: advancePaymentText(order, tr) }),
                  -advance.amount,
                  -advance.vatAmount,
                  false,
                ),
              ]
            : []),
          amountLine(
            tr.t('doc.invoice.line.balanceOf', { order: order.orderNumber }),
            invoice.amount,
            invoice.vatAmount,
          ),
        ];
  const said = localTerms(tr);
  return {
    kind: credit ? 'credit_note' : 'invoice',
    language: tr.language,
    issuer: issuerIn(tr, facts.profile),
    // Issue 51: titled as the order page names them; a repair's one invoice (paid in full) is an invoice.
    title: tr.t(credit ? 'doc.creditNote.title' : `doc.invoice.title${invoiceTitleKind(order, invoice)}`),
    name: tr.t(credit ? 'doc.creditNote.name' : `doc.invoice.name${invoiceTitleKind(order, invoice)}`, {
      number: invoice.number,
    }),
    currency: order.currency,
    meta: [
      [tr.t(credit ? 'doc.meta.creditNoteNumber' : 'doc.meta.invoiceNumber'), invoice.number],
      [tr.t('doc.meta.issueDate'), tr.date(invoice.issuedAt)],
      ...(credit ? [] : ([[tr.t('doc.meta.dueDate'), tr.date(invoice.dueDate)]] as [string, string][])),
      [tr.t('doc.meta.orderNumber'), order.orderNumber],
      ...(invoice.creditsNumber
        ? ([[tr.t('doc.meta.creditsInvoice'), invoice.creditsNumber]] as [string, string][])
        : []),
      ...matchingMeta(order, tr),
    ],
    parties: parties(order, tr),
    lineColumns: 'net_vat_gross',
    lines,
    totals: [
      { label: tr.t('doc.total.net'), amount: invoice.amount - invoice.vatAmount },
      ...vat.totals,
      ...(onAccount > 0
        ? [
            { label: tr.t('doc.total.invoiceTotal'), amount: invoice.amount },
            { label: tr.t('doc.total.paidOnAccount'), amount: -onAccount },
          ]
        : []),
      {
        label: tr.t(credit ? 'doc.total.totalCredited' : 'doc.total.amountDue'),
        amount: invoice.amount - onAccount,
        emphasis: true,
      },
    ],
    notes: [
      ...vat.notes,
      ...(invoice.sterlingVat && order.currency !== 'GBP'
        ? [sterlingVatNote(invoice.sterlingVat, order.currency, tr)]
        : []),
    ],
    sections: credit
      ? [
          {
            title: tr.t('doc.section.creditNote'),
            lines: [
              tr.t('doc.creditNote.corrects', { invoice: invoice.creditsNumber ?? '' }),
              // The staff's reason is printed as written, never translated.
              ...(invoice.reason ? [tr.t('doc.creditNote.reason', { reason: invoice.reason })] : []),
              ...(invoice.cancellationFee && invoice.cancellationFee.amount > 0
                ? [
                    tr.t('doc.creditNote.fee', {
                      percent: String(invoice.cancellationFee.percent),
                      amount: tr.money(invoice.cancellationFee.amount, order.currency),
                    }),
                  ]
                : []),
              tr.t('doc.termsOfSale', { url: facts.termsUrl }),
            ],
          },
        ]
      : [
          {
            title: tr.t('doc.section.howToPay'),
            lines: [
              tr.t('doc.invoice.payBy', { date: tr.date(invoice.dueDate), order: order.orderNumber }),
              ...paymentLines(order, facts.profile, tr),
            ],
          },
          {
            title: tr.t('doc.section.terms'),
            lines: [
              ...(paysInFull(order) ? [said.repairPayment, said.repairLeadTime] : []),
              said.delivery(deliveryCountry(order), facts.terms),
              tr.t('doc.invoice.latePayment', { url: facts.termsUrl }),
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
  const tr = translator(order.language);
  const money = (minor: number) => tr.money(minor, order.currency);
  const vat = orderVat(
    order,
    order.subtotalAmount ?? orderLines(order.items).reduce((sum, line) => sum + line.total, 0),
    tr,
  );
  const lines = orderVatLines(order, tr);
  const net = lines.at(-1)?.total ?? 0;
  return {
    kind: 'order_pro_forma',
    language: tr.language,
    issuer: issuerIn(tr, facts.profile),
    title: tr.t('doc.proForma.title'),
    name: tr.t('doc.proForma.name', { order: order.orderNumber }),
    currency: order.currency,
    banner: tr.t('doc.proForma.banner'),
    meta: [
      [tr.t('doc.proForma.forOrder'), order.orderNumber],
      [tr.t('doc.meta.date'), tr.date(facts.issuedAt)],
      ...matchingMeta(order, tr),
    ],
    parties: parties(order, tr),
    lineColumns: 'net_vat_gross',
    lines,
    totals: [
      { label: tr.t('doc.total.net'), amount: net },
      ...vat.totals,
      { label: tr.t('doc.total.total'), amount: order.totalAmount, emphasis: true },
      { label: advancePaymentText(order, tr), amount: order.depositAmount },
      { label: tr.t('doc.total.balanceDue'), amount: order.remainingAmount },
    ],
    notes: vat.notes,
    sections: [
      {
        title: tr.t('doc.section.proForma'),
        lines: [
          tr.t('doc.proForma.notVatInvoice', {
            deposit: money(order.depositAmount),
            balance: money(order.remainingAmount),
          }),
        ],
      },
      {
        title: tr.t('doc.section.payment'),
        lines: [
          tr.t('mail.invoice.reference', { order: order.orderNumber }),
          ...paymentLines(order, facts.profile, tr),
        ],
      },
      {
        title: tr.t('doc.section.terms'),
        lines: [
          localTerms(tr).delivery(deliveryCountry(order), facts.terms),
          tr.t('doc.termsOfSale', { url: facts.termsUrl }),
        ],
      },
    ],
  };
}
