import { bankLines, type BankAccounts, type PublicBusinessProfile } from '../business-profile';
import { findCountry } from '../countries';
import { batchDocumentLine } from '../batches/ship-date';
import { formatUkDate } from '../dates';
import type { QuoteResource } from '../quotes/quote-schemas';
import type { QuoteAcceptance } from '../quotes/quote-acceptance';
import { displayLines } from './display-lines';
import type { BusinessDocument, DocumentTotal } from './document-model';
import { repairTermsLines, terms, type TermsValues } from '../terms';
import { issuerOf } from './issuer';
import { vatSummaryParts } from './vat-summary';

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
  const validUntil = quote.validUntil ? formatUkDate(quote.validUntil) : null;
  const customer = quote.customerInfo;
  const totals: DocumentTotal[] = [];
  const notes: string[] = [];
  if (quote.pricing) {
    const t = quote.pricing.totals;
    const vat = vatSummaryParts(t.vatSummary, quote.currency);
    totals.push({ label: 'Subtotal', amount: t.subtotal }, ...vat.totals);
    totals.push({ label: 'Total', amount: t.total, emphasis: true });
    if (quote.kind !== 'repair') {
      totals.push({
        label: `Deposit, due on our written confirmation (${options.terms.depositPercent}%)`,
        amount: t.deposit,
      });
      totals.push({ label: 'Balance due before dispatch', amount: t.total - t.deposit });
    }
    notes.push(...vat.notes);
    const importVat = terms.importVat(quote.configuration?.customerCountry ?? customer?.country);
    if (importVat) notes.push(`${importVat} Terms of sale: ${options.termsUrl}`);
  } else {
    notes.push('No pricing information available for this quote.');
  }
  return {
    kind: 'quote',
    issuer: issuerOf(options.profile),
    title: 'QUOTATION',
    name: `Quotation ${quote.quoteNumber}`,
    currency: quote.currency,
    meta: [
      ['Quote number', quote.quoteNumber],
      ['Date', formatUkDate(quote.createdAt)],
      ['Valid until', validUntil ?? '-'],
      ['Reference', quote.reference],
    ],
    parties: customer
      ? [
          {
            title: 'Prepared for',
            lines: [
              `${customer.firstName} ${customer.lastName}`,
              options.customerText === false ? '' : customer.organization,
              customer.email,
              findCountry(customer.country)?.name ?? customer.country,
            ].filter((line) => line.trim() !== ''),
          },
        ]
      : [],
    lines: quote.pricing
      ? displayLines(quote.pricing).map((line) => ({
          name: line.name,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          total: line.total,
          freeLabel: line.freeLabel,
        }))
      : [],
    totals,
    notes,
    sections: [
      {
        title: 'Terms',
        // Issue 41: a repair quote carries the repair terms, not the sale's.
        lines:
          quote.kind === 'repair'
            ? repairQuoteTerms(quote, validUntil, options)
            : [
                `This quotation is valid until ${validUntil ?? 'further notice'}. ${terms.validity(options.terms)}`,
                terms.binding,
                terms.deposit(options.terms),
                terms.balance,
                terms.currency(quote.currency),
                terms.delivery(customer?.country, options.terms),
                options.batch
                  ? batchDocumentLine(options.batch)
                  : 'Lead time: confirmed with the production batch in our written order confirmation.',
                ...(options.warranty ? [terms.warranty(options.warranty.months, options.warranty.planName)] : []),
                terms.cancellation,
                `Terms of sale: ${options.termsUrl}`,
                `To order, open your quote online or contact ${options.profile.salesEmail} quoting ${quote.quoteNumber}.`,
              ],
      },
      ...(options.profile.bank
        ? [
            {
              title: `Bank account (${quote.currency})`,
              lines: bankLines(options.profile.bank, quote.currency === 'EUR' ? 'EUR' : 'GBP'),
            },
          ]
        : []),
      {
        title: 'Signed for the company',
        lines: [`${options.profile.signatoryName}, ${options.profile.signatoryTitle}`, options.profile.legalName],
      },
      ...(quote.acceptance
        ? [
            {
              title: ACCEPTANCE_SECTION_TITLE,
              lines: acceptanceLines(quote.acceptance, options.customerText !== false),
            },
          ]
        : []),
    ],
  };
}

/** The acceptance block's title (the PDF draws a drawn signature under it). */
export const ACCEPTANCE_SECTION_TITLE = 'Accepted by the customer';

/**
 * Issue 39 (decision 0065): the acceptance block of the accepted quote's PDF. Without `customerText`
 * (a copy e-mailed to an unconfirmed address) only the name, as the "Prepared for" block.
 */
export function acceptanceLines(acceptance: QuoteAcceptance, customerText: boolean): string[] {
  return [
    `Accepted by ${acceptance.name}${customerText ? `, ${acceptance.jobTitle}, ${acceptance.organization}` : ''}`,
    acceptance.signatureKind === 'drawn' ? 'Signature: drawn by hand' : `Signature (typed): ${acceptance.signature}`,
    `Accepted on ${formatUkDate(acceptance.acceptedAt)}`,
  ];
}

/** The repair quote's terms (terms.ts, repairTerms): its validity, payment in full, lead time; the support mailbox. */
const repairQuoteTerms = (quote: QuoteResource, validUntil: string | null, options: QuoteDocumentOptions) => [
  `This repair quote is valid until ${validUntil ?? 'further notice'}.`,
  ...repairTermsLines(options.terms, quote.currency),
  `Terms of sale: ${options.termsUrl}`,
  `To accept, open your quote online or contact ${options.profile.supportEmail} quoting ${quote.quoteNumber}.`,
];
