import { cleanTranslations, type OptionTranslations } from '../../shared/catalogue/option-translations';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { auditFields } from './catalogue-editing';
import {
  orderItems,
  productAccessories,
  productAdaptors,
  productServicingOptions,
  productShippingOptions,
  productSyringeHolders,
  quotes,
} from '../db/schema';

/**
 * A catalogue option as the admin edits it; `optionId` is its specification id. `active` is false
 * once archived (docs/decisions/0047): hidden from the configurator, refused by the server, kept
 * for old quotes and orders. `countries` is a shipping option's delivery list (null: everywhere).
 */
export interface CatalogueOption {
  id: string;
  optionId: string;
  name: string;
  description: string | null;
  /** Issue 53: its German and French name and description. */
  translations: OptionTranslations;
  priceGbp: number;
  priceEur: number;
  sortOrder: number;
  updatedAt: Date;
  active: boolean;
  countries: string[] | null;
  /** True for goods that ship (accessories, adaptors, syringe holders): they carry the customs data below. */
  ships: boolean;
  commodityCode: string | null;
  originCountry: string | null;
  netWeightGrams: number | null;
  grossWeightGrams: number | null;
  customsValueGbp: number | null;
  customsValueEur: number | null;
}

/** Customs data of goods that ship; each absent field is left as it is. */
export interface CustomsValues {
  commodityCode?: string | null;
  originCountry?: string | null;
  netWeightGrams?: number | null;
  grossWeightGrams?: number | null;
  customsValueGbp?: number | null;
  customsValueEur?: number | null;
}

export interface OptionValues {
  name: string;
  description: string | null;
  /** Issue 53: absent, left as it is. */
  translations?: OptionTranslations;
  priceGbp: number;
  priceEur: number;
  /** Only written where the table has customs columns (goods that ship). */
  customs?: CustomsValues;
}

/**
 * The catalogue options the admin adds, edits and deletes (archives, once a quote or order names
 * one): accessories and shipping options, the same fields under their own id column. One
 * repository, made per table.
 */
export interface CatalogueOptionRepository {
  /** The options staff edit: the active ones, and the inactive ones too where they can be switched back on (shipping). */
  list(db: Db, productId: string): Promise<CatalogueOption[]>;
  find(
    db: Db,
    productId: string,
    optionId: string,
    options?: { lock?: boolean; includeArchived?: boolean },
  ): Promise<CatalogueOption | undefined>;
  insert(
    db: Db,
    productId: string,
    values: OptionValues & { optionId: string; sortOrder: number; now: Date; countries?: string[] | null },
  ): Promise<CatalogueOption>;
  update(
    db: Db,
    rowId: string,
    values: OptionValues & { now: Date; countries?: string[] | null; active?: boolean },
  ): Promise<CatalogueOption>;
  nextSortOrder(db: Db, productId: string): Promise<number>;
  /** True when an issued quote or a placed order names the option. */
  isNamed(db: Db, optionId: string): Promise<boolean>;
  archive(db: Db, rowId: string, now: Date): Promise<void>;
  remove(db: Db, rowId: string): Promise<void>;
}

type OptionTable =
  | typeof productAccessories
  | typeof productShippingOptions
  | typeof productServicingOptions
  | typeof productAdaptors
  | typeof productSyringeHolders;

const one = <T>(rows: T[]): T => {
  const [row] = rows;
  if (!row) throw new Error('write returned no row');
  return row;
};

interface OptionTableSpec {
  table: OptionTable;
  /** The specification id's column (`accessory_id`, `shipping_id`). */
  key: PgColumn;
  /** The insert's values with the id under the table's own key. */
  withKey: (optionId: string) => Record<string, string>;
  /** Where an order line names the option, and how a quote's configuration does. */
  itemType: 'accessory' | 'shipping';
  inQuote: (optionId: string) => ReturnType<typeof sql>;
  /** The table has `archived_at` (accessories, shipping); the others are edited, never removed. */
  archivable: boolean;
  /** The list shows inactive (archived) options too, so staff can switch them back on (shipping). */
  listsInactive?: boolean;
  /** The table has `countries` (shipping). */
  hasCountries?: boolean;
  /** The table has the customs columns (goods that ship: accessories, adaptors, syringe holders). */
  hasCustoms?: boolean;
}

/** The customs fields a request set (absent ones left out, so an edit without them keeps them). */
export function definedCustoms(values: CustomsValues | undefined): CustomsValues {
  const set: CustomsValues = {};
  if (!values) return set;
  if (values.commodityCode !== undefined) set.commodityCode = values.commodityCode;
  if (values.originCountry !== undefined) set.originCountry = values.originCountry;
  if (values.netWeightGrams !== undefined) set.netWeightGrams = values.netWeightGrams;
  if (values.grossWeightGrams !== undefined) set.grossWeightGrams = values.grossWeightGrams;
  if (values.customsValueGbp !== undefined) set.customsValueGbp = values.customsValueGbp;
  if (values.customsValueEur !== undefined) set.customsValueEur = values.customsValueEur;
  return set;
}

function optionRepository(spec: OptionTableSpec): CatalogueOptionRepository {
  // The shared columns have the same types in every table; Drizzle cannot type one query over a
  // union of tables, so the queries below are written against the shipping options' column types
  // (the widest: archived_at and countries), and only touch those where the spec says they exist.
  const t = spec.table as typeof productShippingOptions;
  const keyColumn = spec.key as typeof productShippingOptions.shippingId;
  // Likewise the customs columns, written against the accessories' types where the table has them.
  const goods = spec.table as typeof productAccessories;
  const customsColumn = <T>(column: PgColumn) => (spec.hasCustoms ? sql<T | null>`${column}` : sql<T | null>`null`);
  const columns = {
    id: t.id,
    optionId: keyColumn,
    name: t.name,
    description: t.description,
    translations: t.translations,
    priceGbp: t.priceGbp,
    priceEur: t.priceEur,
    sortOrder: t.sortOrder,
    updatedAt: t.updatedAt,
    active: spec.archivable ? sql<boolean>`${t.archivedAt} is null` : sql<boolean>`true`,
    countries: spec.hasCountries ? t.countries : sql<string[] | null>`null`,
    ships: sql<boolean>`${spec.hasCustoms ? sql`true` : sql`false`}`,
    commodityCode: customsColumn<string>(goods.commodityCode),
    originCountry: customsColumn<string>(goods.originCountry),
    netWeightGrams: customsColumn<number>(goods.netWeightGrams),
    grossWeightGrams: customsColumn<number>(goods.grossWeightGrams),
    customsValueGbp: customsColumn<number>(goods.customsValueGbp),
    customsValueEur: customsColumn<number>(goods.customsValueEur),
  };
  const customsSet = (values: CustomsValues | undefined) => (spec.hasCustoms ? definedCustoms(values) : {});
  const notArchived = spec.archivable ? isNull(t.archivedAt) : undefined;
  const withRow = (rows: CatalogueOption[]) => one(rows);
  return {
    list: (db, productId) =>
      db
        .select(columns)
        .from(t)
        .where(and(eq(t.productId, productId), spec.listsInactive ? undefined : notArchived))
        .orderBy(asc(t.sortOrder), asc(t.createdAt)),
    async find(db, productId, optionId, options = {}) {
      const query = db
        .select(columns)
        .from(t)
        .where(
          and(
            eq(t.productId, productId),
            eq(keyColumn, optionId),
            options.includeArchived || spec.listsInactive ? undefined : notArchived,
          ),
        );
      const [row] = options.lock ? await query.for('update') : await query;
      return row;
    },
    insert: async (db, productId, v) =>
      withRow(
        await db
          .insert(t)
          .values({
            productId,
            ...(spec.withKey(v.optionId) as { shippingId: string }),
            name: v.name,
            description: v.description,
            ...(v.translations ? { translations: cleanTranslations(v.translations) } : {}),
            priceGbp: v.priceGbp,
            priceEur: v.priceEur,
            sortOrder: v.sortOrder,
            ...(spec.hasCountries && v.countries !== undefined ? { countries: v.countries } : {}),
            ...customsSet(v.customs),
            createdAt: v.now,
            updatedAt: v.now,
          })
          .returning(columns),
      ),
    update: async (db, rowId, v) =>
      withRow(
        await db
          .update(t)
          .set({
            name: v.name,
            description: v.description,
            ...(v.translations ? { translations: cleanTranslations(v.translations) } : {}),
            priceGbp: v.priceGbp,
            priceEur: v.priceEur,
            ...(spec.hasCountries && v.countries !== undefined ? { countries: v.countries } : {}),
            ...(spec.archivable && v.active !== undefined ? { archivedAt: v.active ? null : v.now } : {}),
            ...customsSet(v.customs),
            updatedAt: v.now,
          })
          .where(eq(t.id, rowId))
          .returning(columns),
      ),
    async nextSortOrder(db, productId) {
      const [row] = await db
        .select({ max: sql<number | null>`max(${t.sortOrder})` })
        .from(t)
        .where(eq(t.productId, productId));
      return Number(row?.max ?? -1) + 1;
    },
    async isNamed(db, optionId) {
      const [quote] = await db.select({ id: quotes.id }).from(quotes).where(spec.inQuote(optionId)).limit(1);
      if (quote) return true;
      const [item] = await db
        .select({ id: orderItems.id })
        .from(orderItems)
        .where(and(eq(orderItems.itemType, spec.itemType), eq(orderItems.itemId, optionId)))
        .limit(1);
      return item !== undefined;
    },
    archive: async (db, rowId, now) => {
      await db.update(t).set({ archivedAt: now, updatedAt: now }).where(eq(t.id, rowId));
    },
    remove: async (db, rowId) => {
      await db.delete(t).where(eq(t.id, rowId));
    },
  };
}

export const accessoryOptions = optionRepository({
  table: productAccessories,
  key: productAccessories.accessoryId,
  withKey: (accessoryId) => ({ accessoryId }),
  itemType: 'accessory',
  inQuote: (optionId) => sql`${quotes.configuration} -> 'accessories' @> ${JSON.stringify([optionId])}::jsonb`,
  archivable: true,
  hasCustoms: true,
});

export const shippingOptions = optionRepository({
  table: productShippingOptions,
  key: productShippingOptions.shippingId,
  withKey: (shippingId) => ({ shippingId }),
  itemType: 'shipping',
  inQuote: (optionId) => sql`${quotes.configuration} ->> 'shipping' = ${optionId}`,
  archivable: true,
  listsInactive: true,
  hasCountries: true,
});

/**
 * Servicing plans, adaptors and syringe holders: their names and prices are edited like an
 * accessory's, but they are neither added nor removed in the admin (the configurator's steps are
 * built around them), so the repositories' add and delete are never routed.
 */
const editOnly = (table: OptionTable, key: PgColumn, keyName: string, hasCustoms: boolean) =>
  optionRepository({
    table,
    key,
    withKey: (optionId) => ({ [keyName]: optionId }),
    itemType: 'accessory',
    inQuote: () => sql`false`,
    archivable: false,
    hasCustoms,
  });

export const servicingOptions = editOnly(
  productServicingOptions,
  productServicingOptions.servicingId,
  'servicingId',
  false,
);
export const adaptorOptions = editOnly(productAdaptors, productAdaptors.adaptorId, 'adaptorId', true);
export const syringeHolderOptions = editOnly(productSyringeHolders, productSyringeHolders.holderId, 'holderId', true);

/** The admin API's view of an option: its customs data together, or null where it does not ship. */
export const toOption = (row: CatalogueOption) => {
  const {
    ships,
    commodityCode,
    originCountry,
    netWeightGrams,
    grossWeightGrams,
    customsValueGbp,
    customsValueEur,
    ...rest
  } = row;
  return {
    ...rest,
    updatedAt: row.updatedAt.toISOString(),
    customs: ships
      ? { commodityCode, originCountry, netWeightGrams, grossWeightGrams, customsValueGbp, customsValueEur }
      : null,
  };
};
export const optionAudit = (row: CatalogueOption) => {
  const { sortOrder: _sortOrder, ships: _ships, ...fields } = auditFields(row);
  return fields;
};
