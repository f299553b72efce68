import { company } from '../../shared/company';
import { formatMoney } from '../../shared/money';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { type OutgoingMail, renderedPdfAttachment } from '../mail/outbox';
import { formatUkDate } from '../../shared/dates';
import type { PublicBusinessProfile } from '../../shared/business-profile';
import { terms, type TermsValues } from '../../shared/terms';

/** The customer's e-mail with the link to their quote. */
export function quoteCreatedMail(
  quote: QuoteResource,
  quoteUrl: string,
  facts: { profile: PublicBusinessProfile; terms: TermsValues },
): OutgoingMail {
  const customer = quote.customerInfo;
  const total = quote.pricing ? formatMoney(quote.pricing.totals.total, quote.currency, { decimals: 2 }) : '';
  const deposit = quote.pricing ? formatMoney(quote.pricing.totals.deposit, quote.currency, { decimals: 2 }) : '';
  const validUntil = quote.validUntil ? formatUkDate(quote.validUntil) : '';
  const text = [
    `Dear ${customer ? customer.firstName : 'customer'},`,
    '',
    `Thank you for your interest in the ${company.productName}. Your quote ${quote.quoteNumber} is ready:`,
    '',
    quoteUrl,
    '',
    `Total: ${total}`,
    `Deposit (${facts.terms.depositPercent}%), due on our written confirmation of your order: ${deposit}`,
    `Valid until: ${validUntil}`,
    terms.validity(facts.terms),
    terms.currency(quote.currency),
    terms.delivery(customer?.country, facts.terms),
    '',
    'You can print or download the quote from that page, share the link with colleagues, and order online while the quote is valid.',
    '',
    `Questions? Reply to this e-mail (it goes to ${facts.profile.salesEmail}) or call ${facts.profile.phone}.`,
    '',
    facts.profile.legalName,
  ].join('\n');
  return {
    kind: 'quote_created',
    to: customer?.email ?? '',
    subject: `Your ${company.productName} quote ${quote.quoteNumber}`,
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
