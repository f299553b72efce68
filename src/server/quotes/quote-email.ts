import { greetingLine } from '../../shared/i18n/greeting';
import { recipientLanguage } from '../accounts/recipient-language';
import { company } from '../../shared/company';
import { localTerms } from '../../shared/documents/document-language';
import { type Translator, translator } from '../../shared/i18n/translator';
import { paysInFull } from '../../shared/orders/order-kind';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { type OutgoingMail, renderedPdfAttachment } from '../mail/outbox';
import type { PublicBusinessProfile } from '../../shared/business-profile';
import type { TermsValues } from '../../shared/terms';
import { documentFilename } from '../../shared/documents/document-filename';

/**
 * What the quote asks to be paid and when: a repair is paid in full on acceptance, with its own
 * validity and lead time (terms.ts repairTerms, decision 0062); any other quote, the deposit and delivery.
 */
const paymentLines = (
  tr: Translator,
  quote: QuoteResource,
  facts: { terms: TermsValues },
  deposit: string,
): string[] => {
  const said = localTerms(tr);
  const validUntil = tr.t('mail.quote.validUntil', { date: quote.validUntil ? tr.date(quote.validUntil) : '' });
  return paysInFull(quote)
    ? [
        said.repairPayment,
        validUntil,
        said.repairValidity(facts.terms),
        said.currency(quote.currency),
        said.repairLeadTime,
      ]
    : [
        tr.t('mail.quote.deposit', { percent: String(facts.terms.depositPercent), amount: deposit }),
        validUntil,
        tr.t('doc.quote.validity', { days: String(facts.terms.quoteValidityDays) }),
        said.currency(quote.currency),
        said.delivery(quote.customerInfo?.country, facts.terms),
      ];
};

/** The customer's e-mail with the link to their quote. */
export function quoteCreatedMail(
  quote: QuoteResource,
  quoteUrl: string,
  facts: { profile: PublicBusinessProfile; terms: TermsValues },
): OutgoingMail {
  const customer = quote.customerInfo;
  const tr = translator(recipientLanguage(quote));
  const total = quote.pricing ? tr.money(quote.pricing.totals.total, quote.currency) : '';
  const deposit = quote.pricing ? tr.money(quote.pricing.totals.deposit, quote.currency) : '';
  const values = { product: company.productName, number: quote.quoteNumber };
  const text = [
    greetingLine(tr, customer, 'mail.quote.greetingCustomer'),
    '',
    tr.t('mail.quote.ready', values),
    '',
    quoteUrl,
    '',
    `${tr.t('mail.summary.total')}: ${total}`,
    ...paymentLines(tr, quote, facts, deposit),
    '',
    tr.t('mail.quote.printOrShare'),
    '',
    // A repair is service (terms §12): its questions go to the support mailbox, as its PDF says.
    tr.t('mail.quote.questions', {
      email: paysInFull(quote) ? facts.profile.supportEmail : facts.profile.salesEmail,
      phone: facts.profile.phone,
    }),
    '',
    facts.profile.legalName,
  ].join('\n');
  return {
    kind: 'quote_created',
    language: tr.language,
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
      renderedPdfAttachment(documentFilename('quote', recipientLanguage(quote), { quoteNumber: quote.quoteNumber }), {
        document: 'quote',
        reference: quote.reference,
        ...(confirmedAddress ? { customerText: true } : {}),
      }),
    ],
  };
}
