import { formatUkDate } from '../dates';

/**
 * What the shop may say about a production batch's ship date. A date that has passed is not offered
 * as that date (issue 23): the storefront, quotes and confirmations say "date to be confirmed"
 * until staff set a new one. "Today" is the server's clock (`app.now()`), as a UTC calendar day.
 */
export const SHIP_DATE_TO_BE_CONFIRMED = 'date to be confirmed';

/** The calendar day (YYYY-MM-DD, UTC) of an instant. */
export const calendarDay = (now: Date) => now.toISOString().slice(0, 10);

/** The batch's date while it is today or later, else null (to be confirmed). */
export function offeredShipDate(date: string | null | undefined, now: Date): string | null {
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  return date >= calendarDay(now) ? date : null;
}

/** Whether staff must change a batch's date: it has one, it has passed, and the batch is still offered. */
export const shipDatePassed = (batch: { date: string | null; soldOut: boolean }, now: Date) =>
  !batch.soldOut && batch.date !== null && offeredShipDate(batch.date, now) === null;

/**
 * A quote's or order's batch as the API gives it: `shipDate` null means "date to be confirmed"
 * (its schema, for the API contracts, is `batchShipSchema` in batch-ship-schema.ts: the configurator
 * reads this file without loading zod).
 */
export interface BatchShip {
  id: string;
  name: string;
  shipDate: string | null;
}

/** "Batch 2, estimated ship date 29 August 2027" or "Batch 2, ship date to be confirmed" (quotes, confirmations). */
export function batchShipText(batch: Pick<BatchShip, 'name' | 'shipDate'>): string {
  return batch.shipDate
    ? `${batch.name}, estimated ship date ${formatUkDate(batch.shipDate)}`
    : `${batch.name}, ship ${SHIP_DATE_TO_BE_CONFIRMED}`;
}
