import { cleanLine } from '../clean-text';
import { bankLines, type BusinessProfile, isExampleProfile } from '../business-profile';
import { findCountry } from '../countries';
import { orderLines } from '../orders/order-lines';
import type { Order } from '../orders/order-schema';
import type { BusinessDocument, DocumentParty, DocumentTotal } from './document-model';
import { DELIVERY_WINDOW_DAYS, type TermsValues } from '../terms';
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
> & {
  customerEmail: string | null;
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

/** The order's priced lines, with "Included" and "Free" in the buyer's language (the names are the catalogue's). */
const localLines = (order: DocumentOrder, tr: Translator) =>
  orderLines(order.items).map((line) => ({ ...line, freeLabel: localFreeLabel(tr, line.freeLabel) }));

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
      { label: tr.t('doc.total.deposit', { percent: String(depositPercent) }), amount: order.depositAmount },
      { label: tr.t('doc.total.balanceDue'), amount: order.remainingAmount },
    ],
    notes: vat.notes,
  };
}

const poMeta = (order: DocumentOrder, tr: Translator): [string, string][] =>
  order.poNumber ? [[tr.t('doc.meta.poNumber'), cleanLine(order.poNumber)]] : [];

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
    meta: [
      [tr.t('doc.meta.orderNumber'), order.orderNumber],
      [tr.t('doc.meta.orderDate'), tr.date(order.createdAt)],
      ...poMeta(order, tr),
    ],
    parties: parties(order, tr),
    lines: localLines(order, tr),
    ...orderTotals(order, facts.terms.depositPercent, tr),
    sections: [
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
    ],
    parties: parties(order, tr),
    lines: localLines(order, tr),
    ...orderTotals(order, context.terms.depositPercent, tr),
    sections: [
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
  const tr = translator(order.language);
  const summary = orderVatSummary(order.items);
  const vat = summary
    ? localVatSummaryParts(tr, invoiceVatSummary(summary, invoice.amount, invoice.vatAmount), order.currency)
    : { totals: [{ label: localVatLabel(tr, order.vatRate), amount: invoice.vatAmount }], notes: [] };
  const lineValues = { order: order.orderNumber, total: tr.money(order.totalAmount, order.currency) };
  return {
    kind: credit ? 'credit_note' : 'invoice',
    language: tr.language,
    issuer: issuerIn(tr, facts.profile),
    title: tr.t(credit ? 'doc.creditNote.title' : 'doc.invoice.title'),
    name: tr.t(credit ? 'doc.creditNote.name' : 'doc.invoice.name', { number: invoice.number }),
    currency: order.currency,
    meta: [
      [tr.t(credit ? 'doc.meta.creditNoteNumber' : 'doc.meta.invoiceNumber'), invoice.number],
      [tr.t('doc.meta.issueDate'), tr.date(invoice.issuedAt)],
      ...(credit ? [] : ([[tr.t('doc.meta.dueDate'), tr.date(invoice.dueDate)]] as [string, string][])),
      [tr.t('doc.meta.orderNumber'), order.orderNumber],
      ...(invoice.creditsNumber
        ? ([[tr.t('doc.meta.creditsInvoice'), invoice.creditsNumber]] as [string, string][])
        : []),
      ...poMeta(order, tr),
    ],
    parties: parties(order, tr),
    lines: [
      {
        name: credit
          ? tr.t('doc.creditNote.line', { invoice: invoice.creditsNumber ?? '', order: order.orderNumber })
          : invoice.kind === 'deposit'
            ? tr.t('doc.invoice.line.deposit', { ...lineValues, percent: String(facts.terms.depositPercent) })
            : tr.t('doc.invoice.line.balance', lineValues),
        quantity: 1,
        unitPrice: invoice.amount,
        total: invoice.amount,
        freeLabel: null,
      },
    ],
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
    notes: vat.notes,
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
              localTerms(tr).delivery(deliveryCountry(order), facts.terms),
              tr.t('doc.invoice.latePayment', { url: facts.termsUrl }),
            ],
          },
        ],
  };
}

/** The country's name for a document line. */
export const countryName = (code: string) => findCountry(code)?.name ?? code;
