import { bankLines, type BankAccounts, type PublicBusinessProfile } from '../business-profile';
import { cleanLine } from '../clean-text';
import type { Language } from '../i18n/languages';
import { type Translator, translator } from '../i18n/translator';
import {
  localBankLines,
  localColumns,
  localBatchLine,
  localFreeLabel,
  localIssuer,
  localTerms,
  localVatSummaryParts,
} from './document-language';
import type { QuoteResource } from '../quotes/quote-schemas';
import type { QuoteAcceptance } from '../quotes/quote-acceptance';
import { displayLines } from './display-lines';
import type { BusinessDocument, DocumentTotal } from './document-model';
import { repairTermsLines, terms, type TermsValues } from '../terms';
import { issuerOf } from './issuer';

export interface QuoteDocumentOptions {
  /** The business profile in force; with `bank`, the account for the quote's currency is printed. */
  profile: PublicBusinessProfile & { bank?: BankAccounts };
  terms: TermsValues;
  /** The terms of sale on the deployment's site (`PUBLIC_URL/terms-of-sale`). */
  termsUrl: string;
  /** The warranty of the servicing plan chosen (terms.warranty). */
  warranty?: { months: number; planName: string | null };
  /** The production batch and its ship date; null when none is chosen. */
  batch?: { name: string; shipDate: string | null } | null;
  /**
   * False leaves out the organisation the requester typed: the copy e-mailed to an address that is
   * not a confirmed account's own carries no free text of theirs but the name (docs/decisions/0005).
   */
  customerText?: boolean;
}

/** The quotation as a document: company, quote number, dates, customer, every priced line, VAT, total, deposit, validity. */
export function quoteDocument(quote: QuoteResource, options: QuoteDocumentOptions): BusinessDocument {
  // Issue 40: in the buyer's language; a repair quote's is its instrument's order's (service-quote.ts).
  const tr = translator(quote.language);
  const said = localTerms(tr);
  const validUntil = quote.validUntil ? tr.date(quote.validUntil) : null;
  const customer = quote.customerInfo;
  const totals: DocumentTotal[] = [];
  const notes: string[] = [];
  if (quote.pricing) {
    const t = quote.pricing.totals;
    const vat = localVatSummaryParts(tr, t.vatSummary, quote.currency);
    totals.push({ label: tr.t('doc.total.subtotal'), amount: t.subtotal }, ...vat.totals);
    totals.push({ label: tr.t('doc.total.total'), amount: t.total, emphasis: true });
    if (quote.kind !== 'repair') {
      totals.push({
        label: tr.t('doc.quote.deposit', { percent: String(options.terms.depositPercent) }),
        amount: t.deposit,
      });
      totals.push({ label: tr.t('doc.quote.balance'), amount: t.total - t.deposit });
    }
    notes.push(...vat.notes);
    if (terms.importVat(quote.configuration?.customerCountry ?? customer?.country))
      notes.push(tr.t('doc.quote.importVat', { url: options.termsUrl }));
  } else {
    notes.push(tr.t('doc.quote.noPricing'));
  }
  return {
    kind: 'quote',
    language: tr.language,
    ...(tr.language === 'en' ? {} : { columns: localColumns(tr) }),
    issuer: tr.language === 'en' ? issuerOf(options.profile) : localIssuer(tr, options.profile),
    title: tr.t('doc.quote.title'),
    name: tr.t('doc.quote.name', { number: quote.quoteNumber }),
    currency: quote.currency,
    meta: [
      [tr.t('doc.quote.number'), quote.quoteNumber],
      [tr.t('doc.quote.date'), tr.date(quote.createdAt)],
      [tr.t('doc.quote.validUntil'), validUntil ?? '-'],
      [tr.t('doc.quote.reference'), quote.reference],
    ],
    parties: customer
      ? [
          {
            title: tr.t('doc.quote.preparedFor'),
            lines: [
              `${customer.firstName} ${customer.lastName}`,
              options.customerText === false ? '' : customer.organization,
              customer.email,
              tr.country(customer.country),
              // Issue 51: the VAT number the quote was taxed with, so the approver signs the total ordered.
              customer.vatNumber && options.customerText !== false
                ? tr.t('doc.party.vatNumber', { number: cleanLine(customer.vatNumber) })
                : '',
            ].filter((line) => line.trim() !== ''),
          },
        ]
      : [],
    lines: quote.pricing
      ? displayLines(quote.pricing, tr.language).map((line) => ({
          name: line.name,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          total: line.total,
          freeLabel: localFreeLabel(tr, line.freeLabel),
        }))
      : [],
    totals,
    notes,
    sections: [
      {
        title: tr.t('doc.section.terms'),
        // Issue 41: a repair quote carries the repair terms, not the sale's.
        lines:
          quote.kind === 'repair'
            ? repairQuoteTerms(quote, validUntil, options, tr)
            : [
                `${validUntil ? tr.t('doc.quote.validUntilDate', { date: validUntil }) : tr.t('doc.quote.validUntilNotice')} ${tr.t('doc.quote.validity', { days: String(options.terms.quoteValidityDays) })}`,
                said.binding,
                said.deposit(options.terms),
                said.balance,
                said.currency(quote.currency),
                said.delivery(customer?.country, options.terms),
                options.batch ? localBatchLine(tr, options.batch) : tr.t('doc.quote.leadTime'),
                ...(options.warranty ? [said.warranty(options.warranty.months, options.warranty.planName)] : []),
                said.cancellation,
                tr.t('doc.termsOfSale', { url: options.termsUrl }),
                tr.t('doc.quote.toOrder', { email: options.profile.salesEmail, number: quote.quoteNumber }),
              ],
      },
      ...(options.profile.bank
        ? [
            {
              title: tr.t('doc.quote.bankAccount', { currency: quote.currency }),
              lines:
                tr.language === 'en'
                  ? bankLines(options.profile.bank, quote.currency === 'EUR' ? 'EUR' : 'GBP')
                  : localBankLines(tr, options.profile.bank, quote.currency === 'EUR' ? 'EUR' : 'GBP'),
            },
          ]
        : []),
      {
        title: tr.t('doc.quote.signed'),
        lines: [`${options.profile.signatoryName}, ${options.profile.signatoryTitle}`, options.profile.legalName],
      },
      ...(quote.acceptance
        ? [
            {
              title: acceptanceSectionTitle(tr.language),
              lines: acceptanceLines(quote.acceptance, options.customerText !== false, tr),
            },
          ]
        : []),
    ],
  };
}

/** The acceptance block's title in the document's language (the PDF draws a drawn signature under it). */
export const acceptanceSectionTitle = (language: Language = 'en') =>
  translator(language).t('doc.quote.acceptedByCustomer');

/**
 * Issue 39 (decision 0065): the acceptance block of the accepted quote's PDF. Without `customerText`
 * (a copy e-mailed to an unconfirmed address) only the name, as the "Prepared for" block.
 */
export function acceptanceLines(acceptance: QuoteAcceptance, customerText: boolean, tr = translator('en')): string[] {
  // The name, job title, organisation and typed signature are the customer's, never translated.
  return [
    tr.t('doc.quote.acceptedBy', {
      who: customerText ? `${acceptance.name}, ${acceptance.jobTitle}, ${acceptance.organization}` : acceptance.name,
    }),
    acceptance.signatureKind === 'drawn'
      ? tr.t('doc.quote.signatureDrawn')
      : tr.t('doc.quote.signatureTyped', { signature: acceptance.signature }),
    tr.t('doc.quote.acceptedOn', { date: tr.date(acceptance.acceptedAt) }),
  ];
}

/** The repair quote's terms (terms.ts, repairTerms): its validity, payment in full, lead time; the support mailbox. */
const repairQuoteTerms = (
  quote: QuoteResource,
  validUntil: string | null,
  options: QuoteDocumentOptions,
  tr: Translator,
) => {
  const said = localTerms(tr);
  return [
    validUntil ? tr.t('doc.quote.repair.validUntil', { date: validUntil }) : tr.t('doc.quote.repair.validUntilNotice'),
    ...(tr.language === 'en'
      ? repairTermsLines(options.terms, quote.currency)
      : [
          said.repairValidity(options.terms),
          said.repairPayment,
          said.repairLeadTime,
          said.currency(quote.currency),
          said.repairScope,
          said.repairCancellation,
        ]),
    tr.t('doc.termsOfSale', { url: options.termsUrl }),
    tr.t('doc.quote.repair.toAccept', { email: options.profile.supportEmail, number: quote.quoteNumber }),
  ];
};
