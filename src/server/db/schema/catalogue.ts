import {
  boolean,
  date,
  integer,
  jsonb,
  type PgColumnBuilderBase,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt, id, money, updatedAt } from './columns';
import type { ModelTranslations, OptionTranslations } from '../../../shared/catalogue/option-translations';

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
const optionOf = () => ({
  productId: productId(),
  name: text('name').notNull(),
  /** Issue 53: the German and French name and description staff gave it ({} until then: English shows). */
  translations: jsonb('translations').$type<OptionTranslations>().notNull().default({}),
});
const prices = () => ({ priceGbp: money('price_gbp').notNull(), priceEur: money('price_eur').notNull() });
const described = () => ({ description: text('description'), ...prices() });
const listed = () => ({
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
/**
 * What customs needs of goods that ship (issue 37): the commodity code (HS/CN, 6, 8 or 10 digits, stored
 * without spaces), the country of origin (ISO 3166 alpha-2) and the net and packed (gross) weight in
 * grams. Null until staff fill them in; the commercial invoice prints "not given" for a missing value.
 */
const customs = () => ({
  commodityCode: text('commodity_code'),
  originCountry: text('origin_country'),
  netWeightGrams: integer('net_weight_grams'),
  grossWeightGrams: integer('gross_weight_grams'),
  /**
   * Issue 51: the value customs is given for the item when an order includes it at no charge (the plug,
   * the syringe mount, the adaptor), in pounds and in euros (minor units): the commercial invoice prints
   * it on the line as "No charge, value for customs purposes only". Null until staff set it.
   */
  customsValueGbp: money('customs_value_gbp'),
  customsValueEur: money('customs_value_eur'),
});
/** Set instead of deleting when a quote or order names it: hidden from the configurator, kept for old documents. */
const archivedAt = () => timestamp('archived_at', { withTimezone: true });

/**
 * A catalogue option table: the row id, the product and the option's name, then its own fields
 * (among them `key`, the option id the storefront uses), then its place in the list; the option id
 * is unique within a product (`uniqueName`).
 */
function optionTable<Fields extends Record<string, PgColumnBuilderBase>>(
  name: string,
  uniqueName: string,
  key: keyof Fields & string,
  fields: Fields,
) {
  return pgTable(name, { id: id(), ...optionOf(), ...fields, ...listed() }, (table) => [
    uniqueIndex(uniqueName).on(table.productId, table[key]),
  ]);
}

export const productConfigurations = optionTable(
  'product_configurations',
  'product_configurations_product_config_key',
  'configId',
  {
    configId: text('config_id').notNull(),
    /** Issue 53: a model's German and French texts carry its features too (the same column). */
    translations: jsonb('translations').$type<ModelTranslations>().notNull().default({}),
    ...described(),
    ...customs(),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    /** Issue 41: the model's current software version (the IQ/OQ protocol of each instrument shipped records it). */
    softwareVersion: text('software_version'),
  },
);

/**
 * Issue 41, decision 0059: a model's datasheet and user manual, uploaded by staff in the catalogue
 * editor (PDF only, size-limited), one of each kind per configuration, served to anyone as stored.
 */
export const modelDocuments = pgTable(
  'model_documents',
  {
    id: id(),
    configurationId: uuid('configuration_id')
      .notNull()
      .references(() => productConfigurations.id, { onDelete: 'cascade' }),
    /** 'datasheet' or 'user_manual'. */
    kind: text('kind').notNull(),
    /** The file's name as uploaded, cleaned to letters, digits, dots, dashes and underscores. */
    filename: text('filename').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('model_documents_configuration_kind_key').on(table.configurationId, table.kind)],
);

export const productAccessories = optionTable(
  'product_accessories',
  'product_accessories_product_accessory_key',
  'accessoryId',
  {
    accessoryId: text('accessory_id').notNull(),
    ...described(),
    ...customs(),
    archivedAt: archivedAt(),
  },
);

export const productAdaptors = optionTable('product_adaptors', 'product_adaptors_product_adaptor_key', 'adaptorId', {
  adaptorId: text('adaptor_id').notNull(),
  ...described(),
  ...customs(),
});

export const productSyringeHolders = optionTable(
  'product_syringe_holders',
  'product_syringe_holders_product_holder_key',
  'holderId',
  {
    holderId: text('holder_id').notNull(),
    ...described(),
    ...customs(),
  },
);

export const productPowerAdaptors = optionTable(
  'product_power_adaptors',
  'product_power_adaptors_product_power_key',
  'powerAdaptorId',
  {
    powerAdaptorId: text('power_adaptor_id').notNull(),
    region: text('region').notNull(),
    ...prices(),
    ...customs(),
  },
);

export const productShippingOptions = optionTable(
  'product_shipping_options',
  'product_shipping_options_product_shipping_key',
  'shippingId',
  {
    shippingId: text('shipping_id').notNull(),
    ...described(),
    /** The country codes the option delivers to; null for every country the shop sells to (docs/decisions/0020). */
    countries: text('countries').array(),
    archivedAt: archivedAt(),
  },
);

export const productServicingOptions = optionTable(
  'product_servicing_options',
  'product_servicing_options_product_servicing_key',
  'servicingId',
  {
    servicingId: text('servicing_id').notNull(),
    ...described(),
    /** Shown as "save n%"; the prices above already include the discount. */
    discountPercentage: integer('discount_percentage'),
    warrantyYears: integer('warranty_years').notNull().default(1),
  },
);

export const productBatches = optionTable('product_batches', 'product_batches_product_batch_key', 'batchId', {
  batchId: text('batch_id').notNull(),
  date: date('date'),
  soldOut: boolean('sold_out').notNull().default(false),
  /** Instruments the batch can build (issue 26); null: not limited. */
  capacity: integer('capacity'),
  /** Instruments taken by confirmed orders: raised only by `taken + n <= capacity` in one update. */
  taken: integer('taken').notNull().default(0),
});
