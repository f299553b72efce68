import { company } from '../../shared/company';
import { localTerms } from '../../shared/documents/document-language';
import { translator } from '../../shared/i18n/translator';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { type OutgoingMail, renderedPdfAttachment } from '../mail/outbox';
import type { PublicBusinessProfile } from '../../shared/business-profile';
import type { TermsValues } from '../../shared/terms';

/** The customer's e-mail with the link to their quote. */
export function quoteCreatedMail(
  quote: QuoteResource,
  quoteUrl: string,
  facts: { profile: PublicBusinessProfile; terms: TermsValues },
): OutgoingMail {
  const customer = quote.customerInfo;
  // Issue 40: the buyer's language (a repair quote's generic e-mail stays English for now; its PDF and service e-mail follow its language).
  const tr = translator(quote.kind === 'repair' ? 'en' : quote.language);
  const said = localTerms(tr);
  const total = quote.pricing ? tr.money(quote.pricing.totals.total, quote.currency) : '';
  const deposit = quote.pricing ? tr.money(quote.pricing.totals.deposit, quote.currency) : '';
  const validUntil = quote.validUntil ? tr.date(quote.validUntil) : '';
  const values = { product: company.productName, number: quote.quoteNumber };
  const text = [
    customer ? tr.t('mail.greeting', { name: customer.firstName }) : tr.t('mail.quote.greetingCustomer'),
    '',
    tr.t('mail.quote.ready', values),
    '',
    quoteUrl,
    '',
    `${tr.t('mail.summary.total')}: ${total}`,
    tr.t('mail.quote.deposit', { percent: String(facts.terms.depositPercent), amount: deposit }),
    tr.t('mail.quote.validUntil', { date: validUntil }),
    tr.t('doc.quote.validity', { days: String(facts.terms.quoteValidityDays) }),
    said.currency(quote.currency),
    said.delivery(customer?.country, facts.terms),
    '',
    tr.t('mail.quote.printOrShare'),
    '',
    tr.t('mail.quote.questions', { email: facts.profile.salesEmail, phone: facts.profile.phone }),
    '',
    facts.profile.legalName,
  ].join('\n');
  return {
    kind: 'quote_created',
    to: customer?.email ?? '',
    subject: tr.t('mail.quote.subject', values),
    text,
  };
}

/**
 * The quote e-mail with the quote PDF attached (rendered by the mail sender when it sends it): at
 * creation, and when staff resend it. Printed without the organisation unless `confirmedAddress`
 * (the address is the customer's confirmed account e-mail).
 */
export function quoteMailWithPdf(
  quote: QuoteResource,
  quoteUrl: string,
  facts: { profile: PublicBusinessProfile; terms: TermsValues },
  confirmedAddress: boolean,
): OutgoingMail {
  return {
    ...quoteCreatedMail(quote, quoteUrl, facts),
    attachments: [
      renderedPdfAttachment(`quote-${quote.quoteNumber}.pdf`, {
        document: 'quote',
        reference: quote.reference,
        ...(confirmedAddress ? { customerText: true } : {}),
      }),
    ],
  };
}
