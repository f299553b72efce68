import type { PublicBusinessProfile } from '../business-profile';
import { company } from '../company';
import { formatUkDate } from '../dates';
import { formatMoney } from '../money';
import type { QuoteResource } from '../quotes/quote-schemas';
import type { BusinessDocument } from './document-model';
import { issuerOf } from './issuer';

/**
 * Issue 39 (decision 0065): the single-supplier statement, on the letterhead (the documents' one
 * header), naming the quote and listing what makes the instrument the only one that meets the need
 * (the reasons kept in the settings), signed by the business profile's signatory and dated.
 */
export function singleSupplierStatement(
  quote: QuoteResource,
  facts: { profile: PublicBusinessProfile; reasons: string[]; date: Date },
): BusinessDocument {
  const { profile } = facts;
  const customer = quote.customerInfo;
  const total = quote.pricing ? formatMoney(quote.pricing.totals.total, quote.currency, { decimals: 2 }) : null;
  return {
    kind: 'single_supplier_statement',
    issuer: issuerOf(profile),
    title: 'SINGLE-SUPPLIER STATEMENT',
    name: `Single-supplier statement for quotation ${quote.quoteNumber}`,
    currency: quote.currency,
    meta: [
      ['Quote number', quote.quoteNumber],
      ['Quote date', formatUkDate(quote.createdAt)],
      ['Date of statement', formatUkDate(facts.date)],
    ],
    parties: customer
      ? [{ title: 'For', lines: [`${customer.firstName} ${customer.lastName}`, customer.organization] }]
      : [],
    lines: [],
    totals: [],
    notes: [],
    sections: [
      {
        title: 'Statement',
        lines: [
          `${profile.legalName} is the sole manufacturer and the only supplier of the ${company.productName} offered in quotation ${quote.quoteNumber}${total ? ` (total ${total})` : ''}.`,
          'To the best of our knowledge, it is the only instrument that meets the need, for these reasons:',
        ],
      },
      { title: 'Why it is the only one', lines: facts.reasons.map((reason) => `• ${reason}`) },
      {
        title: 'Signature',
        lines: [
          `Signed for and on behalf of ${profile.legalName}`,
          `${profile.signatoryName}, ${profile.signatoryTitle}`,
          `Date: ${formatUkDate(facts.date)}`,
        ],
      },
    ],
  };
}
