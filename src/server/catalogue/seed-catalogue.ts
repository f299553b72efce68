import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { invalidateCatalogueCache } from './catalogue-service';
import {
  productAccessories,
  productAdaptors,
  productBatches,
  productConfigurations,
  productPowerAdaptors,
  products,
  productServicingOptions,
  productShippingOptions,
  productSyringeHolders,
} from '../db/schema';
import {
  seedAccessories,
  seedAdaptors,
  seedBatches,
  seedConfigurations,
  seedPowerAdaptors,
  seedProduct,
  seedServicingOptions,
  seedShippingOptions,
  seedSyringeHolders,
} from './seed-data';

const withOrder = <T extends object>(rows: T[], productId: string) =>
  rows.map((row, index) => ({ ...row, productId, sortOrder: index }));

/**
 * Inserts the product and its options on a new database and leaves an existing catalogue alone, so
 * it runs at every start without undoing an admin's edits or deletions. The batches are dated ahead
 * of `now`, the day the shop is seeded (issue 38).
 */
export async function seedCatalogue(db: Db, now: Date = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const created = await tx
      .insert(products)
      .values(seedProduct)
      .onConflictDoNothing({ target: products.productKey })
      .returning({ id: products.id });
    // Options are seeded with the product only: afterwards the admin's catalogue editors own them,
    // and an option they deleted must not come back at the next start.
    if (created.length === 0) return;
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.productKey, seedProduct.productKey));
    if (!product) throw new Error('Seeding failed: the dropwise product is missing after insert');
    const productId = product.id;

    await tx.insert(productConfigurations).values(withOrder(seedConfigurations, productId)).onConflictDoNothing();
    await tx.insert(productAccessories).values(withOrder(seedAccessories, productId)).onConflictDoNothing();
    await tx.insert(productAdaptors).values(withOrder(seedAdaptors, productId)).onConflictDoNothing();
    await tx.insert(productSyringeHolders).values(withOrder(seedSyringeHolders, productId)).onConflictDoNothing();
    await tx.insert(productPowerAdaptors).values(withOrder(seedPowerAdaptors, productId)).onConflictDoNothing();
    await tx.insert(productShippingOptions).values(withOrder(seedShippingOptions, productId)).onConflictDoNothing();
    await tx.insert(productServicingOptions).values(withOrder(seedServicingOptions, productId)).onConflictDoNothing();
    await tx
      .insert(productBatches)
      .values(withOrder(seedBatches(now), productId))
      .onConflictDoNothing();
  });
  invalidateCatalogueCache();
}
