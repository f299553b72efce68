import { and, asc, eq, sql } from 'drizzle-orm';
import { batchPlacesMessages, batchesWithRoom, type BatchPlaces } from '../../shared/batches/batch-places';
import { PRODUCT_KEY } from '../catalogue/catalogue-service';
import { bumpChangeVersion, raiseChangeVersionSql, raiseChangeVersionWith } from '../db/change-version';
import { type Db, queryRows } from '../db/client';
import { orderBatchChanges, orders, productBatches, products } from '../db/schema';
import { conflict, notFound } from '../http/http-error';
import { orderMessages } from '../../shared/orders/order-admin-contracts';
import { cleanLine } from '../../shared/clean-text';
import { offeredShipDate } from '../../shared/batches/ship-date';
import { enqueueMail } from '../mail/outbox';
import { documentFacts } from '../terms/terms-service';
import { batchMovedMail } from './batch-date-mail';
import { lockOrder, orderRecipient } from '../order-records/order-admin-context';

type OrderRow = typeof orders.$inferSelect;
type BatchRow = typeof productBatches.$inferSelect;

/**
 * Issue 26, decision 0042: a confirmed order holds places in its batch. Confirmation takes them with
 * ONE conditional update (`taken + n <= capacity`), so two processes can never oversell; cancelling,
 * deleting or moving the order gives them back. An order without a batch holds none.
 */

/** The order's batch option id (`configuration.batch`) and its instruments (`configuration.quantity`). */
export function orderBatchOf(order: Pick<OrderRow, 'configuration'>): { batch: string | null; quantity: number } {
  const configuration = order.configuration ?? {};
  const batch = typeof configuration.batch === 'string' && configuration.batch !== '' ? configuration.batch : null;
  const quantity =
    typeof configuration.quantity === 'number' && configuration.quantity > 0 ? configuration.quantity : 1;
  return { batch, quantity };
}

/** The product's batches in list order (the admin's order and the configurator's). */
export async function productBatchRows(db: Db): Promise<BatchRow[]> {
  return db
    .select({ batch: productBatches })
    .from(productBatches)
    .innerJoin(products, eq(products.id, productBatches.productId))
    .where(eq(products.productKey, PRODUCT_KEY))
    .orderBy(asc(productBatches.sortOrder), asc(productBatches.createdAt))
    .then((rows) => rows.map((row) => row.batch));
}

export const toBatchPlaces = (row: BatchRow): BatchPlaces => ({
  id: row.batchId,
  name: row.name,
  date: row.date,
  soldOut: row.soldOut,
  capacity: row.capacity,
  taken: row.taken,
  free: row.capacity === null ? null : Math.max(row.capacity - row.taken, 0),
});

/** The 409 of a batch without room for `quantity`, naming the next batch with room. */
function batchFull(row: BatchRow, quantity: number, all: BatchRow[]) {
  const places = toBatchPlaces(row);
  const next = batchesWithRoom(all.map(toBatchPlaces), quantity).find((batch) => batch.id !== row.batchId);
  const message = batchPlacesMessages.full(places, quantity, next ?? null);
  return conflict(message, { code: 'batch_full', fields: { batch: message } });
}

/**
 * Takes `quantity` places in the batch (option id), or throws 409 `batch_full` naming the next
 * batch with room. One conditional update: a concurrent taker in any process waits on the row and
 * then sees the raised `taken`.
 */
async function takeIn(
  tx: Db,
  batchId: string,
  quantity: number,
  full: (row: BatchRow, quantity: number, all: BatchRow[]) => Error = batchFull,
): Promise<BatchRow> {
  const [taken] = await tx
    .update(productBatches)
    .set({ taken: sql`${productBatches.taken} + ${quantity}` })
    .where(
      and(
        eq(productBatches.batchId, batchId),
        sql`${productBatches.productId} = (select id from ${products} where ${products.productKey} = ${PRODUCT_KEY})`,
        sql`(${productBatches.capacity} is null or ${productBatches.taken} + ${quantity} <= ${productBatches.capacity})`,
      ),
    )
    .returning();
  if (taken) return taken;
  const all = await productBatchRows(tx);
  const row = all.find((candidate) => candidate.batchId === batchId);
  if (!row) throw notFound(batchPlacesMessages.unknown(batchId));
  throw full(row, quantity, all);
}

async function releaseIn(tx: Db, rowId: string, quantity: number): Promise<void> {
  await tx
    .update(productBatches)
    .set({ taken: sql`greatest(${productBatches.taken} - ${quantity}, 0)` })
    .where(eq(productBatches.id, rowId));
}

/**
 * The order (locked by the caller) takes its places as it is confirmed; nothing when it has no batch
 * or already holds places. Throws 409 `batch_full` when they do not fit: the caller's transaction
 * rolls back and the order stays pending.
 */
export async function takeOrderPlaces(tx: Db, order: OrderRow): Promise<void> {
  const { batch, quantity } = orderBatchOf(order);
  if (order.placesBatchId) {
    // Held since it was placed (issue 38): confirmed, the places are its for good and the hold no longer lapses.
    if (order.placesHeldUntil) {
      await tx.update(orders).set({ placesHeldUntil: null }).where(eq(orders.id, order.id));
      order.placesHeldUntil = null;
    }
    return;
  }
  if (!batch) return;
  const row = await takeIn(tx, batch, quantity);
  await tx.update(orders).set({ placesBatchId: row.id, placesTaken: quantity }).where(eq(orders.id, order.id));
  order.placesBatchId = row.id;
  order.placesTaken = quantity;
  await bumpChangeVersion(tx, 'batches');
}

/**
 * The order (just placed, in the placing transaction) holds its places until `until` (issue 38), so
 * "N places left" on the storefront counts it; nothing when it has no batch. A batch filled since the
 * buyer's price was made is a 409 `batch_full` in the buyer's words, and the order is not placed.
 */
export async function holdOrderPlaces(tx: Db, order: OrderRow, until: Date): Promise<void> {
  const { batch, quantity } = orderBatchOf(order);
  if (!batch) return;
  // One statement (decision 0083): the conditional take, the order's hold and the raised version.
  let held: { id: string } | undefined;
  await raiseChangeVersionWith('batches', async () => {
    const [row] = await queryRows<{ id: string; version: string | number }>(
      tx,
      sql`with taken as (
          update ${productBatches} set taken = ${productBatches.taken} + ${quantity}
          where ${productBatches.batchId} = ${batch}
            and ${productBatches.productId} = (select id from ${products} where ${products.productKey} = ${PRODUCT_KEY})
            and (${productBatches.capacity} is null or ${productBatches.taken} + ${quantity} <= ${productBatches.capacity})
          returning ${productBatches.id}
        ), placed as (
          update ${orders} set places_batch_id = taken.id, places_taken = ${quantity}, places_held_until = ${until.toISOString()}::timestamptz
          from taken where ${orders.id} = ${order.id}
        ), raised as (${raiseChangeVersionSql('batches')})
        select taken.id, raised.version from taken, raised`,
    );
    held = row;
    return row?.version;
  });
  if (!held) {
    const all = await productBatchRows(tx);
    const row = all.find((candidate) => candidate.batchId === batch);
    if (!row) throw notFound(batchPlacesMessages.unknown(batch));
    const message = batchPlacesMessages.fullAtOrder(row.name, quantity);
    throw conflict(message, { code: 'batch_full', fields: { 'configuration.batch': message } });
  }
  order.placesBatchId = held.id;
  order.placesTaken = quantity;
  order.placesHeldUntil = until;
}

/** Gives the order's places back (cancellation, deletion, a lapsed hold); nothing when it holds none. */
export async function releaseOrderPlaces(tx: Db, order: OrderRow): Promise<void> {
  if (!order.placesBatchId) return;
  await releaseIn(tx, order.placesBatchId, order.placesTaken);
  await tx
    .update(orders)
    .set({ placesBatchId: null, placesTaken: 0, placesHeldUntil: null })
    .where(eq(orders.id, order.id));
  order.placesBatchId = null;
  order.placesTaken = 0;
  order.placesHeldUntil = null;
  await bumpChangeVersion(tx, 'batches');
}

/** An order that has shipped (or is cancelled) stays with the batch it had. */
const movableStatuses = new Set(['pending', 'confirmed', 'processing']);

/**
 * Moves the order (locked here, 404 when gone) to another batch: an order holding places gives back
 * the old ones and takes the new ones in the same transaction (409 `batch_full` when the new batch
 * has no room); `configuration.batch` and `batchName` follow, and a history row is written with the
 * reason (one line; none when blank).
 */
export async function moveOrderBatch(
  tx: Db,
  orderId: string,
  input: { toBatch: string; reason: string | undefined; adminId: string; now: Date; publicUrl: string },
) {
  const order = await lockOrder(tx, orders, orderId);
  if (!order) throw notFound(orderMessages.orderNotFound);
  const cleaned = input.reason ? cleanLine(input.reason) : '';
  const reason = cleaned === '' ? null : cleaned;
  const { batch: from, quantity } = orderBatchOf(order);
  if (!movableStatuses.has(order.status)) throw conflict(batchPlacesMessages.notMovable, { code: 'batch_not_movable' });
  const all = await productBatchRows(tx);
  const target = all.find((row) => row.batchId === input.toBatch);
  if (!target) throw notFound(batchPlacesMessages.unknown(input.toBatch));
  if (from === target.batchId) throw conflict(batchPlacesMessages.sameBatch(target.name), { code: 'same_batch' });
  const fromName =
    typeof order.configuration?.batchName === 'string'
      ? order.configuration.batchName
      : (all.find((row) => row.batchId === from)?.name ?? from);
  const toShipDate = offeredShipDate(target.date, input.now);
  const set: Partial<typeof orders.$inferInsert> = {
    configuration: { ...order.configuration, batch: target.batchId, batchName: target.name },
    updatedAt: input.now,
    // The customer is told the new batch's date below (issue 38): the "Before" of its next change.
    shipDateTold: toShipDate,
  };
  if (order.placesBatchId) {
    // Both rows are written in id order, so two moves in opposite directions cannot deadlock; a
    // full target throws and the transaction gives nothing back.
    const held = { id: order.placesBatchId, taken: order.placesTaken };
    if (held.id < target.id) await releaseIn(tx, held.id, held.taken);
    await takeIn(tx, target.batchId, quantity);
    if (held.id > target.id) await releaseIn(tx, held.id, held.taken);
    set.placesBatchId = target.id;
    set.placesTaken = quantity;
    await bumpChangeVersion(tx, 'batches');
  }
  const [after] = await tx.update(orders).set(set).where(eq(orders.id, order.id)).returning();
  if (!after) throw notFound('Order not found');
  const [change] = await tx
    .insert(orderBatchChanges)
    .values({
      orderId: order.id,
      fromBatch: from,
      fromName,
      toBatch: target.batchId,
      toName: target.name,
      reason,
      changedBy: input.adminId,
      createdAt: input.now,
    })
    .returning();
  // The customer hears of the move (issue 38), with the date they were last told for the old batch.
  const recipient = await orderRecipient(tx, order, input.publicUrl);
  if (recipient) {
    const fromRow = all.find((row) => row.batchId === from);
    const fromShipDate = order.shipDateTold ?? offeredShipDate(fromRow?.date, input.now);
    await enqueueMail(
      tx,
      batchMovedMail({
        order,
        from: { name: fromName ?? 'no batch', shipDate: fromShipDate },
        to: { name: target.name, shipDate: toShipDate },
        recipient,
        facts: await documentFacts(tx, input.publicUrl),
      }),
    );
  }
  return {
    before: { batch: from, batchName: fromName, placesTaken: order.placesTaken },
    after: { batch: target.batchId, batchName: target.name, placesTaken: after.placesTaken, reason },
    change,
  };
}
