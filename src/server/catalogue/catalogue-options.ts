import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditFields } from './catalogue-editing';
import { orderItems, productAccessories, productShippingOptions, quotes } from '../db/schema';

/** An accessory or shipping option as the admin edits it; `optionId` is its specification id. */
export interface CatalogueOption {
  id: string;
  optionId: string;
  name: string;
  description: string | null;
  priceGbp: number;
  priceEur: number;
  sortOrder: number;
  updatedAt: Date;
}

export interface OptionValues {
  name: string;
  description: string | null;
  priceGbp: number;
  priceEur: number;
}

/**
 * The catalogue options the admin adds, edits and deletes (archives, once a quote or order names
 * one): accessories and shipping options, the same fields under their own id column. One
 * repository, made per table.
 */
export interface CatalogueOptionRepository {
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
    values: OptionValues & { optionId: string; sortOrder: number; now: Date },
  ): Promise<CatalogueOption>;
  update(db: Db, rowId: string, values: OptionValues & { now: Date }): Promise<CatalogueOption>;
  nextSortOrder(db: Db, productId: string): Promise<number>;
  /** True when an issued quote or a placed order names the option. */
  isNamed(db: Db, optionId: string): Promise<boolean>;
  archive(db: Db, rowId: string, now: Date): Promise<void>;
  remove(db: Db, rowId: string): Promise<void>;
}

type OptionTable = typeof productAccessories | typeof productShippingOptions;

const one = <T>(rows: T[]): T => {
  const [row] = rows;
  if (!row) throw new Error('write returned no row');
  return row;
};

interface OptionTableSpec {
  table: OptionTable;
  /** The specification id's column (`accessory_id`, `shipping_id`). */
  key: typeof productAccessories.accessoryId | typeof productShippingOptions.shippingId;
  /** The insert's values with the id under the table's own key. */
  withKey: (optionId: string) => { accessoryId: string } | { shippingId: string };
  /** Where an order line names the option, and how a quote's configuration does. */
  itemType: 'accessory' | 'shipping';
  inQuote: (optionId: string) => ReturnType<typeof sql>;
}

function optionRepository(spec: OptionTableSpec): CatalogueOptionRepository {
  // The shared columns have the same types in both tables; Drizzle cannot type one query over a
  // union of tables, so the queries below are written against the accessories' column types.
  const t = spec.table as typeof productAccessories;
  const keyColumn = spec.key as typeof productAccessories.accessoryId;
  const columns = {
    id: t.id,
    optionId: keyColumn,
    name: t.name,
    description: t.description,
    priceGbp: t.priceGbp,
    priceEur: t.priceEur,
    sortOrder: t.sortOrder,
    updatedAt: t.updatedAt,
  };
  return {
    list: (db, productId) =>
      db
        .select(columns)
        .from(t)
        .where(and(eq(t.productId, productId), isNull(t.archivedAt)))
        .orderBy(asc(t.sortOrder), asc(t.createdAt)),
    async find(db, productId, optionId, options = {}) {
      const query = db
        .select(columns)
        .from(t)
        .where(
          and(
            eq(t.productId, productId),
            eq(keyColumn, optionId),
            options.includeArchived ? undefined : isNull(t.archivedAt),
          ),
        );
      const [row] = options.lock ? await query.for('update') : await query;
      return row;
    },
    insert: async (db, productId, v) =>
      one(
        await db
          .insert(t)
          .values({
            productId,
            ...(spec.withKey(v.optionId) as { accessoryId: string }),
            name: v.name,
            description: v.description,
            priceGbp: v.priceGbp,
            priceEur: v.priceEur,
            sortOrder: v.sortOrder,
            createdAt: v.now,
            updatedAt: v.now,
          })
          .returning(columns),
      ),
    update: async (db, rowId, v) =>
      one(
        await db
          .update(t)
          .set({
            name: v.name,
            description: v.description,
            priceGbp: v.priceGbp,
            priceEur: v.priceEur,
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
});

export const shippingOptions = optionRepository({
  table: productShippingOptions,
  key: productShippingOptions.shippingId,
  withKey: (shippingId) => ({ shippingId }),
  itemType: 'shipping',
  inQuote: (optionId) => sql`${quotes.configuration} ->> 'shipping' = ${optionId}`,
});

export const toOption = (row: CatalogueOption) => ({ ...row, updatedAt: row.updatedAt.toISOString() });
export const optionAudit = (row: CatalogueOption) => {
  const { sortOrder: _sortOrder, ...fields } = auditFields(row);
  return fields;
};
