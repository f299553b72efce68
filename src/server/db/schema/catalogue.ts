import { boolean, date, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, money, updatedAt } from './columns';

export const products = pgTable('products', {
  id: id(),
  /** The product key used by the storefront, e.g. 'dropwise'. */
  productKey: text('product_key').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  images: jsonb('images').$type<string[]>().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

const productId = () =>
  uuid('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' });

/**
 * The columns every catalogue option table shares (configurations, accessories, adaptors, syringe
 * holders, power adaptors, shipping, servicing, batches): its product, its name, its prices and its
 * place in the list. Each table adds its own id column and its own fields between them.
 */
const optionOf = () => ({ productId: productId(), name: text('name').notNull() });
const prices = () => ({ priceGbp: money('price_gbp').notNull(), priceEur: money('price_eur').notNull() });
const described = () => ({ description: text('description'), ...prices() });
const listed = () => ({ sortOrder: integer('sort_order').notNull().default(0), createdAt: createdAt(), updatedAt: updatedAt() });
/** Set instead of deleting when a quote or order names it: hidden from the configurator, kept for old documents. */
const archivedAt = () => timestamp('archived_at', { withTimezone: true });

export const productConfigurations = pgTable(
  'product_configurations',
  {
    id: id(),
    configId: text('config_id').notNull(),
    ...optionOf(),
    ...described(),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    ...listed(),
  },
  (table) => [uniqueIndex('product_configurations_product_config_key').on(table.productId, table.configId)],
);

export const productAccessories = pgTable(
  'product_accessories',
  {
    id: id(),
    accessoryId: text('accessory_id').notNull(),
    ...optionOf(),
    ...described(),
    archivedAt: archivedAt(),
    ...listed(),
  },
  (table) => [uniqueIndex('product_accessories_product_accessory_key').on(table.productId, table.accessoryId)],
);

export const productAdaptors = pgTable(
  'product_adaptors',
  {
    id: id(),
    adaptorId: text('adaptor_id').notNull(),
    ...optionOf(),
    ...described(),
    ...listed(),
  },
  (table) => [uniqueIndex('product_adaptors_product_adaptor_key').on(table.productId, table.adaptorId)],
);

export const productSyringeHolders = pgTable(
  'product_syringe_holders',
  {
    id: id(),
    holderId: text('holder_id').notNull(),
    ...optionOf(),
    ...described(),
    ...listed(),
  },
  (table) => [uniqueIndex('product_syringe_holders_product_holder_key').on(table.productId, table.holderId)],
);

export const productPowerAdaptors = pgTable(
  'product_power_adaptors',
  {
    id: id(),
    powerAdaptorId: text('power_adaptor_id').notNull(),
    ...optionOf(),
    region: text('region').notNull(),
    ...prices(),
    ...listed(),
  },
  (table) => [uniqueIndex('product_power_adaptors_product_power_key').on(table.productId, table.powerAdaptorId)],
);

export const productShippingOptions = pgTable(
  'product_shipping_options',
  {
    id: id(),
    shippingId: text('shipping_id').notNull(),
    ...optionOf(),
    ...described(),
    /** The country codes the option delivers to; null for every country the shop sells to (docs/decisions/0020). */
    countries: text('countries').array(),
    archivedAt: archivedAt(),
    ...listed(),
  },
  (table) => [uniqueIndex('product_shipping_options_product_shipping_key').on(table.productId, table.shippingId)],
);

export const productServicingOptions = pgTable(
  'product_servicing_options',
  {
    id: id(),
    servicingId: text('servicing_id').notNull(),
    ...optionOf(),
    ...described(),
    /** Shown as "save n%"; the prices above already include the discount. */
    discountPercentage: integer('discount_percentage'),
    warrantyYears: integer('warranty_years').notNull().default(1),
    ...listed(),
  },
  (table) => [uniqueIndex('product_servicing_options_product_servicing_key').on(table.productId, table.servicingId)],
);

export const productBatches = pgTable(
  'product_batches',
  {
    id: id(),
    batchId: text('batch_id').notNull(),
    ...optionOf(),
    date: date('date'),
    soldOut: boolean('sold_out').notNull().default(false),
    ...listed(),
  },
  (table) => [uniqueIndex('product_batches_product_batch_key').on(table.productId, table.batchId)],
);
