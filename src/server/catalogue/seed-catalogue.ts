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
 * Inserts the catalogue rows that are missing and leaves existing rows alone, so it runs at every
 * start without undoing an admin's edits.
 */
export async function seedCatalogue(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(products).values(seedProduct).onConflictDoNothing({ target: products.productKey });
    const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.productKey, seedProduct.productKey));
    if (!product) throw new Error('Seeding failed: the dropwise product is missing after insert');
    const productId = product.id;

    await tx.insert(productConfigurations).values(withOrder(seedConfigurations, productId)).onConflictDoNothing();
    await tx.insert(productAccessories).values(withOrder(seedAccessories, productId)).onConflictDoNothing();
    await tx.insert(productAdaptors).values(withOrder(seedAdaptors, productId)).onConflictDoNothing();
    await tx.insert(productSyringeHolders).values(withOrder(seedSyringeHolders, productId)).onConflictDoNothing();
    await tx.insert(productPowerAdaptors).values(withOrder(seedPowerAdaptors, productId)).onConflictDoNothing();
    await tx.insert(productShippingOptions).values(withOrder(seedShippingOptions, productId)).onConflictDoNothing();
    await tx.insert(productServicingOptions).values(withOrder(seedServicingOptions, productId)).onConflictDoNothing();
    await tx.insert(productBatches).values(withOrder(seedBatches, productId)).onConflictDoNothing();
  });
  invalidateCatalogueCache();
}
