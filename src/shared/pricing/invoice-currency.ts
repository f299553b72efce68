import { type CurrencyCode, currencyForCountry } from '../countries';
import { defineMessages, type Message } from '../i18n/message';

/**
 * Issue 51 (decision 0085): the currency a quote, order and its invoices are in follows the billing
 * country, with the buyer's choice where both fit: when the delivery country is sold to in another
 * currency, that one may be chosen instead. GB billing → GBP; euro-country billing → EUR; GB billing
 * with an EU delivery (or EU billing with a GB delivery) → either, the billing country's by default.
 * VAT is not touched by the choice: it follows the delivery country and the buyer (line-vat.ts).
 */

export const invoiceCurrencyMessages = defineMessages({
  notOffered: {
    id: 'error.currencyNotOffered',
    message:
      'This order can be invoiced only in {allowed}, so {currency} cannot be chosen. We invoice in your billing country’s currency, or in your delivery country’s when it uses another.',
  },
  /** The choice's label in the order and quote flows. */
  label: { id: 'currency.label', message: 'Invoice currency' },
  hint: {
    id: 'currency.hint',
    message:
      'Your billing and delivery countries use different currencies: choose the one your invoices are in. The VAT stays the same.',
  },
  GBP: { id: 'currency.gbp', message: 'Pounds sterling (£)' },
  EUR: { id: 'currency.eur', message: 'Euros (€)' },
});

/** The currencies a buyer billed in `billingCountry` with goods going to `deliveryCountry` may be invoiced in, the default first. */
export function invoiceCurrencies(billingCountry: string, deliveryCountry: string): CurrencyCode[] {
  const billing = currencyForCountry(billingCountry);
  const delivery = currencyForCountry(deliveryCountry);
  const list: CurrencyCode[] = [];
  for (const currency of [billing, delivery]) if (currency && !list.includes(currency)) list.push(currency);
  return list;
}

/** Whether the buyer is offered a choice of currency: the billing and delivery countries' currencies differ. */
export const currencyChoiceOffered = (billingCountry: string, deliveryCountry: string) =>
  invoiceCurrencies(billingCountry, deliveryCountry).length > 1;

export type CurrencyDecision = { currency: CurrencyCode; offered: CurrencyCode[] } | { problem: Message };

/**
 * The currency decided from the countries and the buyer's request: the requested one when offered,
 * the first offered (`preferred` when offered, else the billing country's) when none is requested,
 * or the refusal when the request names one not offered.
 */
export function decideInvoiceCurrency(
  offered: CurrencyCode[],
  requested: CurrencyCode | null | undefined,
  preferred?: CurrencyCode | null,
): CurrencyDecision {
  const [first] = offered;
  if (!first) throw new Error('No currency is offered');
  if (requested) {
    if (offered.includes(requested)) return { currency: requested, offered };
    return {
      problem: { ...invoiceCurrencyMessages.notOffered, values: { allowed: offered.join(', '), currency: requested } },
    };
  }
  return { currency: preferred && offered.includes(preferred) ? preferred : first, offered };
}
