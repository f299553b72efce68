import type { Product } from '../../shared/catalogue';
import type { SelectedConfiguration } from '../../shared/configuration';
import type { CurrencyCode } from '../../shared/countries';
import { calendarDay } from '../../shared/batches/ship-date';
import type { SystemSettings } from '../../shared/settings';
import { type Pricing, priceConfiguration, validateSelection } from '../../shared/pricing';
import { withPassedBatches } from '../catalogue/batch-ship';
import { getProduct, PRODUCT_KEY } from '../catalogue/catalogue-service';
import type { Db } from '../db/client';
import { catalogueRefusals } from '../../shared/instruments/model-documents';
import { badRequest, notFound } from '../http/http-error';
import { getCachedSettings } from '../settings/settings-service';

/**
 * Prices a selection on the server from the catalogue in the database: the price every quote and
 * order is made with (a client's totals are never used). An invalid selection is a 400 whose
 * message is the first problem and whose `fields` name each one. `currency`: the invoice currency
 * decided for the buyer (decision 0085); absent, the delivery country's.
 */
export async function priceSelection(
  db: Db,
  selection: SelectedConfiguration,
  now: Date,
  currency?: CurrencyCode,
): Promise<{ product: Product; pricing: Pricing }> {
  const { product, settings } = await pricingInputs(db, now);
  return { product, pricing: priceWith(product, settings, selection, currency) };
}

/**
 * The catalogue and settings a price is made from (both from their caches), with the batches whose
 * date has passed by `now` marked: they take no new quotes or orders (issue 38).
 */
export async function pricingInputs(db: Db, now: Date): Promise<{ product: Product; settings: SystemSettings }> {
  const [product, settings] = await Promise.all([getProduct(db, PRODUCT_KEY), getCachedSettings(db)]);
  if (!product || product.configurations.length === 0) throw notFound(catalogueRefusals.productDataNotFound);
  return { product: passedBatchesOf(product, now), settings };
}

/** The selection priced against this catalogue and these settings, or the 400 of its first problem. */
export function priceWith(
  product: Product,
  settings: SystemSettings,
  selection: SelectedConfiguration,
  currency?: CurrencyCode,
): Pricing {
  const problems = validateSelection(product, selection);
  const [first] = problems;
  if (first) {
    const fields: Record<string, string> = {};
    for (const problem of problems) fields[`configuration.${problem.field}`] ??= problem.message;
    throw badRequest(first.refusal, { fields });
  }
  return priceConfiguration(product, selection, settings.taxRate, undefined, currency);
}

/**
 * The product marked for `now`, kept while the catalogue object and the UK day are the same, so the
 * pricing route's cache (keyed by the product object) still finds its answers.
 */
const marked = new WeakMap<Product, { day: string; product: Product }>();
function passedBatchesOf(product: Product, now: Date): Product {
  const day = calendarDay(now);
  const found = marked.get(product);
  if (found?.day === day) return found.product;
  const result = withPassedBatches(product, now);
  marked.set(product, { day, product: result });
  return result;
}
