import { type OptionTranslations, TRANSLATED_LANGUAGES } from '../../shared/catalogue/option-translations';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { modelDocumentLinks } from './model-documents';
import type { Product } from '../../shared/catalogue';
import type { Db } from '../db/client';
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
import { versionedCache } from '../db/versioned-cache';
import { getBusinessProfile } from '../business-profile/profile-service';
import type { PublicBusinessProfile } from '../../shared/business-profile';

/**
 * A shipping option's text with the business profile's facts: `{town}` (the trading address's
 * town) and `{tradingName}`, so the seeded collection option names the shop's own town (issue 38).
 * A profile save raises the catalogue's change version too, so the texts follow it.
 */
export const withProfileFacts = (
  text: string,
  profile: Pick<PublicBusinessProfile, 'tradingAddress' | 'tradingName'>,
) =>
  text.replaceAll('{town}', () => profile.tradingAddress.city).replaceAll('{tradingName}', () => profile.tradingName);

/** The product the shop sells: the key its catalogue rows are stored under. */
export const PRODUCT_KEY = 'dropwise';

/** A safety net only: every catalogue write raises the change version, which each read compares. */
export const CATALOGUE_CACHE_MAX_AGE_MS = 30_000;

/**
 * Per product key. An unknown key is not kept, so probing GET /api/products/{key} with made-up
 * keys cannot grow the cache. The batches in it are those of its load; `getProduct` gives the
 * batches' current places from their own cache.
 */
const cache = versionedCache<string, Product | null>({
  area: 'catalogue',
  maxAgeMs: CATALOGUE_CACHE_MAX_AGE_MS,
  load: (db, productKey) => loadProduct(db, productKey),
  keep: (product) => product !== null,
});

/**
 * The product's batches with their places, per product key, reloaded when the batches' change
 * version moves: every order placed holds places and raises it, and reloading the whole catalogue
 * for that was ten queries of each checkout (decision 0074). A catalogue write raises both versions.
 * Asked only for a product that exists, so made-up keys cannot grow it either.
 */
const batchCache = versionedCache<string, Product['batches']>({
  area: 'batches',
  maxAgeMs: CATALOGUE_CACHE_MAX_AGE_MS,
  load: (db, productKey) => loadBatches(db, productKey),
});

/** Drops every cached catalogue in this process (the seed calls it; writes raise the change version). */
export function invalidateCatalogueCache(): void {
  cache.clear();
  batchCache.clear();
}

const price = (row: { priceGbp: number; priceEur: number }) => ({ GBP: row.priceGbp, EUR: row.priceEur });

async function loadProduct(db: Db, productKey: string): Promise<Product | null> {
  const [product] = await db.select().from(products).where(eq(products.productKey, productKey));
  if (!product) return null;
  const byProduct = { id: product.id };
  const profile = await getBusinessProfile(db);
  const [configurations, accessories, adaptors, holders, powerAdaptors, shipping, servicing, batches] =
    await Promise.all([
      db
        .select()
        .from(productConfigurations)
        .where(eq(productConfigurations.productId, byProduct.id))
        .orderBy(asc(productConfigurations.sortOrder), asc(productConfigurations.createdAt)),
      db
        .select()
        .from(productAccessories)
        .where(and(eq(productAccessories.productId, byProduct.id), isNull(productAccessories.archivedAt)))
        .orderBy(asc(productAccessories.sortOrder), asc(productAccessories.createdAt)),
      db
        .select()
        .from(productAdaptors)
        .where(eq(productAdaptors.productId, byProduct.id))
        .orderBy(asc(productAdaptors.sortOrder), asc(productAdaptors.createdAt)),
      db
        .select()
        .from(productSyringeHolders)
        .where(eq(productSyringeHolders.productId, byProduct.id))
        .orderBy(asc(productSyringeHolders.sortOrder), asc(productSyringeHolders.createdAt)),
      db
        .select()
        .from(productPowerAdaptors)
        .where(eq(productPowerAdaptors.productId, byProduct.id))
        .orderBy(asc(productPowerAdaptors.sortOrder), asc(productPowerAdaptors.createdAt)),
      db
        .select()
        .from(productShippingOptions)
        .where(and(eq(productShippingOptions.productId, byProduct.id), isNull(productShippingOptions.archivedAt)))
        .orderBy(asc(productShippingOptions.sortOrder), asc(productShippingOptions.createdAt)),
      db
        .select()
        .from(productServicingOptions)
        .where(eq(productServicingOptions.productId, byProduct.id))
        .orderBy(asc(productServicingOptions.sortOrder), asc(productServicingOptions.createdAt)),
      db
        .select()
        .from(productBatches)
        .where(eq(productBatches.productId, byProduct.id))
        .orderBy(asc(productBatches.sortOrder), asc(productBatches.createdAt)),
    ]);
  const documents = await modelDocumentLinks(
    db,
    configurations.map((row) => row.id),
  );
  return {
    id: product.productKey,
    name: product.name,
    description: product.description,
    images: product.images,
    configurations: configurations.map((row) => ({
      id: row.configId,
      name: row.name,
      description: row.description,
      price: price(row),
      ...translated(row),
      features: row.features,
      ...(documents.has(row.id) ? { documents: documents.get(row.id) } : {}),
    })),
    accessories: accessories.map((row) => ({
      id: row.accessoryId,
      name: row.name,
      description: row.description,
      price: price(row),
      ...translated(row),
    })),
    adaptors: adaptors.map((row) => ({
      id: row.adaptorId,
      name: row.name,
      description: row.description,
      price: price(row),
      ...translated(row),
    })),
    syringeHolders: holders.map((row) => ({
      id: row.holderId,
      name: row.name,
      description: row.description,
      price: price(row),
      ...translated(row),
    })),
    powerAdaptors: powerAdaptors.map((row) => ({
      id: row.powerAdaptorId,
      name: row.name,
      description: null,
      region: row.region,
      price: price(row),
      ...translated(row),
    })),
    shipping: shipping.map((row) => ({
      id: row.shippingId,
      name: withProfileFacts(row.name, profile),
      description: row.description === null ? null : withProfileFacts(row.description, profile),
      price: price(row),
      ...translated({ translations: translationsWithProfileFacts(row.translations, profile) }),
      countries: row.countries,
    })),
    servicing: servicing.map((row) => ({
      id: row.servicingId,
      name: row.name,
      description: row.description,
      price: price(row),
      ...translated(row),
      discountPercentage: row.discountPercentage,
      warrantyYears: row.warrantyYears,
    })),
    batches: batches.map(toBatch),
  };
}

/** Issue 53: a shipping option's German and French words with the profile's facts, as its English. */
function translationsWithProfileFacts(
  translations: OptionTranslations,
  profile: Pick<PublicBusinessProfile, 'tradingAddress' | 'tradingName'>,
): OptionTranslations {
  const filled: OptionTranslations = {};
  for (const language of TRANSLATED_LANGUAGES) {
    const entry = translations?.[language];
    if (!entry) continue;
    filled[language] = {
      ...(entry.name !== undefined ? { name: withProfileFacts(entry.name, profile) } : {}),
      ...(entry.description !== undefined ? { description: withProfileFacts(entry.description, profile) } : {}),
    };
  }
  return filled;
}

/** Issue 53: the option's German and French words, when staff gave some. */
const translated = <T extends OptionTranslations>(row: { translations: T }) =>
  Object.keys(row.translations ?? {}).length > 0 ? { translations: row.translations } : {};

// A full batch is sold out; orders raise the batches' change version as they hold and take places.
function toBatch(row: typeof productBatches.$inferSelect): Product['batches'][number] {
  const placesLeft = row.capacity === null ? null : Math.max(row.capacity - row.taken, 0);
  return { id: row.batchId, name: row.name, date: row.date, soldOut: row.soldOut || placesLeft === 0, placesLeft };
}

async function loadBatches(db: Db, productKey: string): Promise<Product['batches']> {
  const rows = await db
    .select({ batch: productBatches })
    .from(productBatches)
    .innerJoin(products, eq(products.id, productBatches.productId))
    .where(eq(products.productKey, productKey))
    .orderBy(asc(productBatches.sortOrder), asc(productBatches.createdAt));
  return rows.map((row) => toBatch(row.batch));
}

/**
 * The product as loaded with the batches as last loaded, made once per pair: the caches of the
 * product's answer and of prices hang off the product object, so it stays the same object until
 * either changes.
 */
const withBatches = new WeakMap<Product, { batches: Product['batches']; product: Product }>();

function productWith(product: Product, batches: Product['batches']): Product {
  const known = withBatches.get(product);
  if (known?.batches === batches) return known.product;
  const combined = { ...product, batches };
  withBatches.set(product, { batches, product: combined });
  return combined;
}

/**
 * The product with all its options (archived accessories and shipping options left out), from an
 * in-memory cache that is reloaded when the catalogue's change version in the database has moved
 * (a write through any process), and after CATALOGUE_CACHE_MAX_AGE_MS in any case; its batches'
 * places from their own cache, reloaded when the batches' change version has moved.
 */
export async function getProduct(db: Db, productKey: string): Promise<Product | null> {
  const product = await cache.get(db, productKey);
  if (!product) return null;
  return productWith(product, await batchCache.get(db, productKey));
}
