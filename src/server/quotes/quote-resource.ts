import { selectedConfigurationSchema } from '../../shared/configuration';
import { frozenPricingSchema } from '../../shared/pricing/pricing-schema';
import { type QuoteResource, quoteCustomerInfoSchema } from '../../shared/quotes/quote-schemas';
import type { quotes } from '../db/schema';

type QuoteRow = typeof quotes.$inferSelect;

/** The stored configuration JSON: the selection's fields plus the frozen customerInfo and pricing blocks. */
export function splitStoredConfiguration(stored: Record<string, unknown>) {
  const { customerInfo, pricing, ...selection } = stored;
  const parsedSelection = selectedConfigurationSchema.safeParse(selection);
  const parsedCustomer = quoteCustomerInfoSchema.safeParse(customerInfo);
  const parsedPricing = frozenPricingSchema.safeParse(pricing);
  return {
    configuration: parsedSelection.success ? parsedSelection.data : null,
    customerInfo: parsedCustomer.success ? parsedCustomer.data : null,
    pricing: parsedPricing.success ? parsedPricing.data : null,
  };
}

export function isQuoteExpired(row: Pick<QuoteRow, 'validUntil' | 'status'>, now: Date): boolean {
  return row.status === 'expired' || (row.validUntil !== null && row.validUntil.getTime() < now.getTime());
}

/** The quote resource of docs/api.md; a sent quote past its valid_until reads as 'expired'. */
export function toQuoteResource(row: QuoteRow, now: Date): QuoteResource {
  return {
    id: row.id,
    quoteNumber: row.quoteNumber,
    reference: row.quoteReference,
    status: isQuoteExpired(row, now) ? 'expired' : row.status,
    createdAt: row.createdAt.toISOString(),
    validUntil: row.validUntil ? row.validUntil.toISOString() : null,
    currency: row.currency === 'EUR' ? 'EUR' : 'GBP',
    ...splitStoredConfiguration(row.configuration),
  };
}
