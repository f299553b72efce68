import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { ModelDocumentLink } from '../../shared/instruments/model-documents';
import type { Db } from '../db/client';
import { batchDateChanges, orders, productBatches, productConfigurations, products } from '../db/schema';
import { PRODUCT_KEY } from './catalogue-service';

/** The catalogue's rows as the admin editors read and write them (the storefront reads catalogue-service.ts). */

export type ConfigurationRow = typeof productConfigurations.$inferSelect;
export type BatchRow = typeof productBatches.$inferSelect;

/** The product's row id, or undefined before the catalogue is seeded. */
export async function productIdOf(db: Db): Promise<string | undefined> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.productKey, PRODUCT_KEY));
  return product?.id;
}

export const listConfigurations = (db: Db, productId: string) =>
  db
    .select()
    .from(productConfigurations)
    .where(eq(productConfigurations.productId, productId))
    .orderBy(asc(productConfigurations.sortOrder), asc(productConfigurations.createdAt));

export async function findConfiguration(
  db: Db,
  productId: string,
  configId: string,
  lock = false,
): Promise<ConfigurationRow | undefined> {
  const query = db
    .select()
    .from(productConfigurations)
    .where(and(eq(productConfigurations.productId, productId), eq(productConfigurations.configId, configId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updateConfiguration(
  db: Db,
  rowId: string,
  values: Pick<ConfigurationRow, 'name' | 'description' | 'priceGbp' | 'priceEur' | 'features' | 'updatedAt'> &
    Partial<Pick<ConfigurationRow, 'softwareVersion' | 'translations'>> &
    Partial<
      Pick<
        ConfigurationRow,
        | 'commodityCode'
        | 'originCountry'
        | 'netWeightGrams'
        | 'grossWeightGrams'
        | 'customsValueGbp'
        | 'customsValueEur'
      >
    >,
): Promise<ConfigurationRow> {
  const [row] = await db
    .update(productConfigurations)
    .set(values)
    .where(eq(productConfigurations.id, rowId))
    .returning();
  if (!row) throw new Error('configuration update returned no row');
  return row;
}

/** The product's batches in list order; `lock` locks every row, as a reorder renumbers them all. */
export function listBatches(db: Db, productId: string, options: { lock?: boolean } = {}): Promise<BatchRow[]> {
  const query = db
    .select()
    .from(productBatches)
    .where(eq(productBatches.productId, productId))
    .orderBy(asc(productBatches.sortOrder), asc(productBatches.createdAt));
  return options.lock ? query.for('update') : query;
}

export async function insertBatch(
  db: Db,
  values: Pick<
    BatchRow,
    'productId' | 'batchId' | 'name' | 'date' | 'soldOut' | 'capacity' | 'sortOrder' | 'createdAt' | 'updatedAt'
  >,
): Promise<BatchRow> {
  const [row] = await db.insert(productBatches).values(values).returning();
  if (!row) throw new Error('batch insert returned no row');
  return row;
}

/**
 * Changes a batch's name, date, sold-out flag or capacity and, with `position`, moves it there in
 * the list. The caller holds the rows locked, so `taken` cannot move under a capacity check. A new
 * date is recorded (old, new) for the holders' e-mail: while the last change is not yet e-mailed,
 * it is folded into that one, so customers hear once from the date they were last told.
 */
export async function updateBatch(
  db: Db,
  batches: BatchRow[],
  before: BatchRow,
  change: {
    name?: string;
    date?: string | null;
    soldOut?: boolean;
    capacity?: number | null;
    position?: number;
    now: Date;
    changedBy: string;
  },
): Promise<BatchRow> {
  const { name, date, soldOut, capacity, position, now } = change;
  const [updated] = await db
    .update(productBatches)
    .set({
      ...(name !== undefined ? { name } : {}),
      ...(date !== undefined ? { date } : {}),
      ...(soldOut !== undefined ? { soldOut } : {}),
      ...(capacity !== undefined ? { capacity } : {}),
      updatedAt: now,
    })
    .where(eq(productBatches.id, before.id))
    .returning();
  if (!updated) throw new Error('batch update returned no row');
  if (date !== undefined && date !== before.date) await recordDateChange(db, before, date, change.changedBy, now);
  if (position === undefined) return updated;
  const others = batches.filter((batch) => batch.id !== before.id);
  const ordered = [...others.slice(0, position), before, ...others.slice(position)];
  for (const [index, batch] of ordered.entries()) {
    if (batch.sortOrder !== index || batch.id === before.id)
      await db.update(productBatches).set({ sortOrder: index }).where(eq(productBatches.id, batch.id));
  }
  return { ...updated, sortOrder: ordered.indexOf(before) };
}

/** The admin API's view of a row, and what its audit entry records. */
export const toConfiguration = (row: ConfigurationRow, documents: ModelDocumentLink[] = []) => ({
  id: row.id,
  configId: row.configId,
  name: row.name,
  description: row.description,
  priceGbp: row.priceGbp,
  priceEur: row.priceEur,
  features: row.features,
  translations: row.translations,
  sortOrder: row.sortOrder,
  updatedAt: row.updatedAt.toISOString(),
  customs: {
    commodityCode: row.commodityCode,
    originCountry: row.originCountry,
    netWeightGrams: row.netWeightGrams,
    grossWeightGrams: row.grossWeightGrams,
    customsValueGbp: row.customsValueGbp,
    customsValueEur: row.customsValueEur,
  },
  softwareVersion: row.softwareVersion,
  documents,
});
/** What an audit entry records of a row: its editable fields, not the row id or the time stamp. */
export function auditFields<Row extends { id: string; updatedAt: Date }>(row: Row): Omit<Row, 'id' | 'updatedAt'> {
  const { id: _id, updatedAt: _updatedAt, ...fields } = row;
  return fields;
}

export const configurationAudit = (row: ConfigurationRow) => {
  const { productId: _productId, sortOrder: _sortOrder, createdAt: _createdAt, ...fields } = auditFields(row);
  return fields;
};

async function recordDateChange(db: Db, batch: BatchRow, date: string | null, changedBy: string, now: Date) {
  const [open] = await db
    .select()
    .from(batchDateChanges)
    .where(and(eq(batchDateChanges.batchId, batch.id), isNull(batchDateChanges.notifiedAt)))
    .orderBy(desc(batchDateChanges.createdAt))
    .limit(1)
    .for('update');
  if (!open) {
    await db
      .insert(batchDateChanges)
      .values({ batchId: batch.id, oldDate: batch.date, newDate: date, changedBy, createdAt: now });
  } else if (open.oldDate === date) {
    // Back to the date the customers were told: nothing to tell them.
    await db.delete(batchDateChanges).where(eq(batchDateChanges.id, open.id));
  } else {
    await db
      .update(batchDateChanges)
      .set({ newDate: date, changedBy, createdAt: now })
      .where(eq(batchDateChanges.id, open.id));
  }
}

/** Orders holding places in a batch that has not shipped yet: the ones a date change is told to. */
export const holdingOrders = (batchRowIds: string[]) =>
  and(inArray(orders.placesBatchId, batchRowIds), inArray(orders.status, ['confirmed', 'processing']));

/** Each batch's date change not yet e-mailed, with how many orders hold places in it. */
export async function pendingDateChanges(db: Db, rows: BatchRow[]) {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return new Map<string, PendingDateChange>();
  const [open, holders] = await Promise.all([
    db
      .select()
      .from(batchDateChanges)
      .where(and(inArray(batchDateChanges.batchId, ids), isNull(batchDateChanges.notifiedAt))),
    db
      .select({ batchId: orders.placesBatchId, holders: count() })
      .from(orders)
      .where(holdingOrders(ids))
      .groupBy(orders.placesBatchId),
  ]);
  const pending = new Map<string, PendingDateChange>();
  for (const change of open) {
    const held = holders.find((row) => row.batchId === change.batchId)?.holders ?? 0;
    pending.set(change.batchId, { id: change.id, oldDate: change.oldDate, newDate: change.newDate, holders: held });
  }
  return pending;
}
interface PendingDateChange {
  id: string;
  oldDate: string | null;
  newDate: string | null;
  holders: number;
}

export const toBatch = (row: BatchRow, pending: Map<string, PendingDateChange> = new Map()) => ({
  id: row.id,
  batchId: row.batchId,
  name: row.name,
  date: row.date,
  soldOut: row.soldOut,
  sortOrder: row.sortOrder,
  updatedAt: row.updatedAt.toISOString(),
  capacity: row.capacity,
  taken: row.taken,
  free: row.capacity === null ? null : Math.max(row.capacity - row.taken, 0),
  pendingDateChange: pending.get(row.id) ?? null,
});
export const batchAudit = (row: BatchRow) => {
  const { productId: _productId, createdAt: _createdAt, ...fields } = auditFields(row);
  return fields;
};

/** Issue 51: whether every model has its software version (each instrument shipped records it): the set-up checklist asks. */
export async function everyModelHasSoftwareVersion(db: Db): Promise<boolean> {
  const models = await db
    .select({ softwareVersion: productConfigurations.softwareVersion })
    .from(productConfigurations);
  return models.every((model) => Boolean(model.softwareVersion?.trim()));
}
