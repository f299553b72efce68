import { asc, eq, inArray } from 'drizzle-orm';
import type { Instrument } from '../../shared/instruments/instrument-schemas';
import type { Db } from '../db/client';
import { instruments, orders } from '../db/schema';

type InstrumentRow = typeof instruments.$inferSelect;

/** The instrument as the customer's pages, the API and the admin show it. */
export const toInstrument = (row: InstrumentRow, orderNumber: string): Instrument => ({
  id: row.id,
  orderId: row.orderId,
  orderNumber,
  unitIndex: row.unitIndex,
  serialNumber: row.serialNumber,
  model: row.model,
  warrantyYears: row.warrantyYears,
  deliveredOn: row.deliveredOn,
  warrantyEndsOn: row.warrantyEndsOn,
  servicePlanEndsOn: row.servicePlanEndsOn,
  nextServiceOn: row.nextServiceOn,
});

/** The instruments of some orders, in unit order. */
export async function instrumentsOfOrders(db: Db, orderIds: string[]): Promise<Instrument[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({ instrument: instruments, orderNumber: orders.orderNumber })
    .from(instruments)
    .innerJoin(orders, eq(orders.id, instruments.orderId))
    .where(inArray(instruments.orderId, orderIds))
    .orderBy(asc(orders.createdAt), asc(instruments.unitIndex));
  return rows.map((row) => toInstrument(row.instrument, row.orderNumber));
}
