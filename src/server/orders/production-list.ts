import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { catalogueMessages } from '../../shared/catalogue/catalogue-schemas';
import { deliveryCountry } from '../../shared/documents/order-documents';
import {
  type DispatchOrder,
  type ProductionList,
  type ProductionRow,
  nextDispatchStatuses,
} from '../../shared/orders/dispatch-contracts';
import { orderMessages } from '../../shared/orders/order-admin-contracts';
import { addressLines } from '../../shared/orders/order-lines';
import { paymentStatusLabelsOf } from '../../shared/orders/order-status';
import { PRODUCT_KEY } from '../catalogue/catalogue-service';
import type { Db } from '../db/client';
import { instruments, orderItems, orders, productBatches, products } from '../db/schema';
import { notFound } from '../http/http-error';
import { orderBatchOf } from './batch-places';
import { exportPapersOf } from '../customs/export-proof';
import { orderTestRecords } from './order-test-records';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

/** Lines that are not built or packed as options: the configuration and adaptor have their own columns, carriage none. */
const ownColumn = new Set(['base_configuration', 'power_adaptor', 'shipping']);

/** The batch of the product by its option id (`configuration.batch`), or null. */
async function batchById(db: Db, batchId: string) {
  const [row] = await db
    .select({ batch: productBatches })
    .from(productBatches)
    .innerJoin(products, eq(products.id, productBatches.productId))
    .where(and(eq(products.productKey, PRODUCT_KEY), eq(productBatches.batchId, batchId)));
  return row?.batch ?? null;
}

const itemsOf = async (db: Db, orderIds: string[]) => {
  const rows =
    orderIds.length === 0
      ? []
      : await db
          .select()
          .from(orderItems)
          .where(inArray(orderItems.orderId, orderIds))
          .orderBy(asc(orderItems.createdAt), asc(orderItems.id));
  const byOrder = new Map<string, ItemRow[]>();
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
  return byOrder;
};

/** What a build needs of an order, from its row and lines: never an amount. */
function buildFacts(row: OrderRow, items: ItemRow[], batchDate: string | null) {
  const base = items.find((item) => item.itemType === 'base_configuration');
  const adaptor = items.find((item) => item.itemType === 'power_adaptor');
  return {
    configuration: base?.itemName ?? '',
    options: items
      .filter((item) => !ownColumn.has(item.itemType))
      .map((item) => ({ type: item.itemType, name: item.itemName, quantity: item.quantity })),
    quantity: orderBatchOf(row).quantity,
    powerAdaptor: adaptor?.itemName ?? null,
    country: deliveryCountry(row) || null,
    // The batch's date in force: a re-dated batch ships on its new date, told to its holders or not yet.
    shipBy: batchDate,
    depositState: paymentStatusLabelsOf(row.kind)[row.paymentStatus],
  };
}

/**
 * Issue 54: a batch's production list: each order to build with its configuration, options,
 * quantity, delivery country, power adaptor, ship-by date and deposit state, ship-by first. `open`
 * leaves out the shipped and delivered ones; cancelled orders are never in it.
 */
export async function productionList(db: Db, batchId: string, status: 'open' | 'all'): Promise<ProductionList> {
  const batch = await batchById(db, batchId);
  if (!batch) throw notFound(catalogueMessages.batchNotFound);
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        sql`${orders.configuration}->>'batch' = ${batchId}`,
        ne(orders.status, 'cancelled'),
        status === 'open' ? sql`${orders.status} not in ('shipped', 'delivered')` : undefined,
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.orderNumber));
  const items = await itemsOf(
    db,
    rows.map((row) => row.id),
  );
  const list: ProductionRow[] = rows.map((row) => ({
    orderId: row.id,
    orderNumber: row.orderNumber,
    status: row.status,
    paymentStatus: row.paymentStatus,
    ...buildFacts(row, items.get(row.id) ?? [], batch.date),
  }));
  // Ship-by first (to be confirmed last), then in the order they were placed.
  const sorted = list
    .map((row, index) => ({ row, index }))
    .sort((a, b) => (a.row.shipBy ?? '9999-12-31').localeCompare(b.row.shipBy ?? '9999-12-31') || a.index - b.index)
    .map(({ row }) => row);
  return {
    batch: { id: batch.batchId, name: batch.name, date: batch.date },
    items: sorted,
    orders: sorted.length,
    instruments: sorted.reduce((sum, row) => sum + row.quantity, 0),
  };
}

/** Issue 54: an order as Operations sees it to build and ship it: no amount, no customer e-mail or phone. */
export async function dispatchOrder(db: Db, orderId: string): Promise<DispatchOrder> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw notFound(orderMessages.orderNotFound);
  const { batch: batchId } = orderBatchOf(row);
  const batch = batchId ? await batchById(db, batchId) : null;
  const [items, units, testRecords, exportPapers] = await Promise.all([
    itemsOf(db, [row.id]),
    db
      .select({ id: instruments.id, serialNumber: instruments.serialNumber, model: instruments.model })
      .from(instruments)
      .where(eq(instruments.orderId, row.id))
      .orderBy(asc(instruments.unitIndex)),
    orderTestRecords(db, row.id),
    exportPapersOf(db, row),
  ]);
  const facts = buildFacts(row, items.get(row.id) ?? [], batch?.date ?? null);
  const address = row.shippingAddress ?? row.billingAddress;
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    kind: row.kind,
    status: row.status,
    paymentStatus: row.paymentStatus,
    depositState: facts.depositState,
    placedOn: row.createdAt.toISOString(),
    batch: batch ? { id: batch.batchId, name: batch.name } : null,
    shipBy: facts.shipBy,
    quantity: facts.quantity,
    lines: (items.get(row.id) ?? [])
      .filter((item) => item.itemType !== 'shipping')
      .map((item) => ({ type: item.itemType, name: item.itemName, quantity: item.quantity })),
    shipTo: [
      ...(address?.name ? [address.name] : []),
      ...(address?.company ? [address.company] : []),
      ...addressLines(address ?? null),
    ],
    country: facts.country,
    poNumber: row.poNumber,
    trackingNumber: row.trackingNumber,
    carrier: row.carrier,
    estimatedDeliveryDate: row.estimatedDeliveryDate,
    instruments: units,
    testRecords,
    exportPapers,
    deliveryNoteUrl: `/api/admin/orders/${row.id}/packing-slip`,
    nextStatuses: nextDispatchStatuses(row.status),
  };
}
