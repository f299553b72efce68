import { company } from '../../shared/company';
import { formatMoney } from '../../shared/money';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import type { OutgoingMail } from '../mail/outbox';
import { formatUkDate } from '../../shared/dates';
import { DEPOSIT_PERCENT } from '../../shared/pricing/deposit';

/** The customer's e-mail with the link to their quote. */
export function quoteCreatedMail(quote: QuoteResource, quoteUrl: string): OutgoingMail {
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
    `Deposit (${DEPOSIT_PERCENT}%): ${deposit}`,
    `Valid until: ${validUntil}`,
    '',
    'You can print or download the quote from that page, share the link with colleagues, and order online while the quote is valid.',
    '',
    `Questions? Reply to ${company.salesEmail} or call ${company.phone}.`,
    '',
    company.legalName,
  ].join('\n');
  return {
    kind: 'quote_created',
    to: customer?.email ?? '',
    subject: `Your ${company.productName} quote ${quote.quoteNumber}`,
    text,
  };
}
