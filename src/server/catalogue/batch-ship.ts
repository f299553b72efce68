import type { Product } from '../../shared/catalogue';
import { type BatchShip, batchDatePassed, offeredShipDate } from '../../shared/batches/ship-date';
import type { Db } from '../db/client';
import { PRODUCT_KEY } from './catalogue-service';
import { getProduct } from './catalogue-service';

/**
 * A quote's or order's batch with the ship date the shop may state today: the catalogue's current
 * date while it has not passed (staff may re-date a batch), else null ("date to be confirmed").
 * `storedName` is the name kept with an order, used when the batch has since left the catalogue.
 */
export async function batchShip(
  db: Db,
  configuration: Record<string, unknown> | null | undefined,
  now: Date,
): Promise<BatchShip | null> {
  const batchId = typeof configuration?.batch === 'string' ? configuration.batch : null;
  if (!batchId) return null;
  const storedName = typeof configuration?.batchName === 'string' ? configuration.batchName : null;
  const batch = (await getProduct(db, PRODUCT_KEY))?.batches.find((candidate) => candidate.id === batchId);
  return { id: batchId, name: storedName ?? batch?.name ?? batchId, shipDate: offeredShipDate(batch?.date, now) };
}

/**
 * The product with each batch whose date has passed marked `datePassed` (issue 38): it takes no new
 * quotes or orders until staff re-date it. Quotes, orders and prices are checked against this.
 */
export const withPassedBatches = (product: Product, now: Date): Product => ({
  ...product,
  batches: product.batches.map((batch) => (batchDatePassed(batch.date, now) ? { ...batch, datePassed: true } : batch)),
});

/**
 * The product as the storefront sees it today: a batch whose date has passed has none (to be
 * confirmed) and is marked `datePassed`, and its free places are given only when `fewPlaces` or fewer remain.
 */
export const storefrontProduct = (product: Product, now: Date, fewPlaces: number): Product => ({
  ...product,
  batches: withPassedBatches(product, now).batches.map((batch) => ({
    ...batch,
    date: offeredShipDate(batch.date, now),
    placesLeft:
      batch.placesLeft !== null && batch.placesLeft !== undefined && batch.placesLeft <= fewPlaces
        ? batch.placesLeft
        : null,
  })),
});
