import type { PublicBusinessProfile } from '../business-profile';
import { company } from '../company';
import type { Language } from '../i18n/languages';
import { translator } from '../i18n/translator';
import type { QuoteResource } from '../quotes/quote-schemas';
import { localIssuer } from './document-language';
import type { BusinessDocument } from './document-model';
import { issuerOf } from './issuer';

/**
 * Issue 39 (decision 0065): the single-supplier statement, on the letterhead (the documents' one
 * header), naming the quote and listing what makes the instrument the only one that meets the need
 * (the reasons kept in the settings, printed as staff wrote them), signed by the business profile's
 * signatory and dated. Issue 53: in the quote's language (`recipientLanguage(quote)`); absent, English.
 */
export function singleSupplierStatement(
  quote: QuoteResource,
  facts: { profile: PublicBusinessProfile; reasons: string[]; date: Date; language?: Language },
): BusinessDocument {
  const { profile } = facts;
  const tr = translator(facts.language);
  const customer = quote.customerInfo;
  const total = quote.pricing ? tr.money(quote.pricing.totals.total, quote.currency) : null;
  const sole = { legalName: profile.legalName, product: company.productName, quoteNumber: quote.quoteNumber };
  return {
    kind: 'single_supplier_statement',
    language: tr.language,
    issuer: tr.language === 'en' ? issuerOf(profile) : localIssuer(tr, profile),
    title: tr.t('doc.singleSupplier.title'),
    name: tr.t('doc.singleSupplier.name', { quoteNumber: quote.quoteNumber }),
    currency: quote.currency,
    meta: [
      [tr.t('doc.meta.quoteNumber'), quote.quoteNumber],
      [tr.t('doc.singleSupplier.quoteDate'), tr.date(quote.createdAt)],
      [tr.t('doc.singleSupplier.statementDate'), tr.date(facts.date)],
    ],
    parties: customer
      ? [
          {
            title: tr.t('doc.singleSupplier.for'),
            lines: [`${customer.firstName} ${customer.lastName}`, customer.organization],
          },
        ]
      : [],
    lines: [],
    totals: [],
    notes: [],
    sections: [
      {
        title: tr.t('doc.singleSupplier.statement'),
        lines: [
          total ? tr.t('doc.singleSupplier.soleWithTotal', { ...sole, total }) : tr.t('doc.singleSupplier.sole', sole),
          tr.t('doc.singleSupplier.bestKnowledge'),
        ],
      },
      { title: tr.t('doc.singleSupplier.why'), lines: facts.reasons.map((reason) => `• ${reason}`) },
      {
        title: tr.t('doc.signature.title'),
        lines: [
          tr.t('doc.signature.signedFor', { legalName: profile.legalName }),
          `${profile.signatoryName}, ${profile.signatoryTitle}`,
          tr.t('doc.signature.date', { date: tr.date(facts.date) }),
        ],
      },
    ],
  };
}
