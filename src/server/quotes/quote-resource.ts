import { selectedConfigurationSchema } from '../../shared/configuration';
import { frozenPricingSchema, type FrozenPricing, storedPricingSchema } from '../../shared/pricing/pricing-schema';
import { frozenStandardRate, retaxPricing, selectionTaxContext } from '../../shared/pricing/price-configuration';
import { type QuoteResource, quoteCustomerInfoSchema } from '../../shared/quotes/quote-schemas';
import { desc, eq } from 'drizzle-orm';
import type { QuoteAcceptance, QuoteExtension } from '../../shared/quotes/quote-acceptance';
import { batchShip } from '../catalogue/batch-ship';
import type { Db } from '../db/client';
import { orders, quoteAcceptances, quoteExtensionRequests, type quotes } from '../db/schema';

type QuoteRow = typeof quotes.$inferSelect;

/** The UK standard rate: what a quote frozen before lines had VAT, and charged none, is re-taxed at. */
const UK_STANDARD_RATE = 20;

/**
 * A stored pricing as a `FrozenPricing`. One frozen before issue 37 has no VAT per line: it is taxed
 * per line as the configurator would now (its country, no VAT number) at the rate it was frozen with.
 */
function frozenPricingOf(
  pricing: unknown,
  selection: Record<string, unknown>,
  customerCountry: string | undefined,
): FrozenPricing | null {
  const current = frozenPricingSchema.safeParse(pricing);
  if (current.success) return current.data;
  const stored = storedPricingSchema.safeParse(pricing);
  const country = typeof selection.customerCountry === 'string' ? selection.customerCountry : null;
  if (!stored.success || !country) return null;
  const shipping = typeof selection.shipping === 'string' ? selection.shipping : '';
  const context = selectionTaxContext(
    { customerCountry: country, shipping },
    { country: customerCountry ?? country, vatNumberCountry: null },
  );
  return retaxPricing(stored.data, context, frozenStandardRate(stored.data) ?? UK_STANDARD_RATE, {
    service: selection.flowType === 'service',
  });
}

/** The stored configuration JSON: the selection's fields plus the frozen customerInfo and pricing blocks. */
export function splitStoredConfiguration(stored: Record<string, unknown>) {
  const { customerInfo, pricing, ...selection } = stored;
  const parsedSelection = selectedConfigurationSchema.safeParse(selection);
  const parsedCustomer = quoteCustomerInfoSchema.safeParse(customerInfo);
  const customer = parsedCustomer.success ? parsedCustomer.data : null;
  return {
    configuration: parsedSelection.success ? parsedSelection.data : null,
    customerInfo: customer,
    pricing: frozenPricingOf(pricing, selection, customer?.country),
  };
}

/** An ordered (accepted) quote never reads as expired: it became an order while it was valid. */
export function isQuoteExpired(row: Pick<QuoteRow, 'validUntil' | 'status'>, now: Date): boolean {
  if (row.status === 'accepted') return false;
  return row.status === 'expired' || (row.validUntil !== null && row.validUntil.getTime() < now.getTime());
}

export interface QuoteReadExtras {
  order?: QuoteResource['order'];
  batch?: QuoteResource['batch'];
  acceptance?: QuoteAcceptance | null;
  extensionRequest?: QuoteExtension | null;
}

/**
 * The quote resource of docs/api/README.md; a sent quote past its valid_until reads as 'expired', and
 * a quote with an order (orders.quote_id, given in `extras.order`) reads as 'accepted' whatever its row says.
 */
export function toQuoteResource(row: QuoteRow, now: Date, extras: QuoteReadExtras = {}): QuoteResource {
  return {
    order: extras.order ?? null,
    batch: extras.batch ?? null,
    id: row.id,
    quoteNumber: row.quoteNumber,
    reference: row.quoteReference,
    status: extras.order ? 'accepted' : isQuoteExpired(row, now) ? 'expired' : row.status,
    createdAt: row.createdAt.toISOString(),
    validUntil: row.validUntil ? row.validUntil.toISOString() : null,
    currency: row.currency === 'EUR' ? 'EUR' : 'GBP',
    kind: row.kind,
    acceptance: extras.acceptance ?? null,
    extensionRequest: extras.extensionRequest ?? null,
    language: row.language,
    ...splitStoredConfiguration(row.configuration),
  };
}

/** The order a quote became, if any (orders.quote_id is unique). */
export async function quoteOrder(db: Db, quoteId: string): Promise<QuoteResource['order']> {
  const [order] = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(eq(orders.quoteId, quoteId));
  return order ?? null;
}

/** The quote resource with what is read beside the row: the order it became and its batch's ship date today. */
export async function loadQuoteResource(db: Db, row: QuoteRow, now: Date): Promise<QuoteResource> {
  const [order, batch, acceptance, extensionRequest] = await Promise.all([
    quoteOrder(db, row.id),
    batchShip(db, row.configuration, now),
    quoteAcceptanceOf(db, row.id),
    latestExtensionOf(db, row.id),
  ]);
  return toQuoteResource(row, now, { order, batch, acceptance, extensionRequest });
}

/** The acceptance as shown: who, their title and organisation, when. */
export async function quoteAcceptanceOf(db: Db, quoteId: string): Promise<QuoteAcceptance | null> {
  const [row] = await db.select().from(quoteAcceptances).where(eq(quoteAcceptances.quoteId, quoteId));
  return row
    ? {
        name: row.name,
        jobTitle: row.jobTitle,
        organization: row.organization,
        signature: row.signature,
        signatureKind: row.signatureKind,
        acceptedAt: row.acceptedAt.toISOString(),
      }
    : null;
}

/** The quote's latest extension request, if any. */
export async function latestExtensionOf(db: Db, quoteId: string): Promise<QuoteExtension | null> {
  const [row] = await db
    .select()
    .from(quoteExtensionRequests)
    .where(eq(quoteExtensionRequests.quoteId, quoteId))
    .orderBy(desc(quoteExtensionRequests.createdAt))
    .limit(1);
  return row ? extensionShown(row) : null;
}

export const extensionShown = (row: typeof quoteExtensionRequests.$inferSelect): QuoteExtension => ({
  id: row.id,
  requestedUntil: row.requestedUntil.toISOString(),
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
});
