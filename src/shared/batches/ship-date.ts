import { formatUkMonth } from '../dates';
import { ukDayOf } from '../orders/estimated-delivery';

/**
 * What the shop may say about a production batch's ship date. A date that has passed is not offered
 * as that date (issue 23): the storefront, quotes and confirmations say "date to be confirmed"
 * until staff set a new one, and the batch takes no new quotes or orders meanwhile (issue 38).
 * "Today" is the server's clock (`app.now()`), as a UK calendar day.
 */
export const SHIP_DATE_TO_BE_CONFIRMED = 'date to be confirmed';

/** The calendar day (YYYY-MM-DD) in the UK of an instant. */
export const calendarDay = (now: Date) => ukDayOf(now);

/** The batch's date while it is today or later, else null (to be confirmed). */
export function offeredShipDate(date: string | null | undefined, now: Date): string | null {
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  return date >= calendarDay(now) ? date : null;
}

/** Whether a batch's date has passed (issue 38): it takes no new quotes or orders until staff re-date it. */
export const batchDatePassed = (date: string | null | undefined, now: Date) =>
  typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) && date < calendarDay(now);

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

/**
 * "Batch 2. Ships in August 2027, estimated" or "Batch 2, ship date to be confirmed" (the quote and
 * order pages; the documents add "Production batch: " and a full stop). The month, not the day: the
 * batch's date is an estimate (issue 38).
 */
export function batchShipText(batch: Pick<BatchShip, 'name' | 'shipDate'>): string {
  return batch.shipDate
    ? `${batch.name}. ${shipMonthText(batch.shipDate)}`
    : `${batch.name}, ship ${SHIP_DATE_TO_BE_CONFIRMED}`;
}

/** The documents' batch line: "Production batch: Batch 2. Ships in March 2027, estimated." */
export const batchDocumentLine = (batch: Pick<BatchShip, 'name' | 'shipDate'> | null) =>
  batch ? `Production batch: ${batchShipText(batch)}.` : 'Production batch: to be allocated.';

/** "Ships in March 2027, estimated" (issue 38), or "Ship date to be confirmed" without a date. */
export function shipMonthText(shipDate: string | null | undefined): string {
  return shipDate ? `Ships in ${formatUkMonth(shipDate)}, estimated` : `Ship ${SHIP_DATE_TO_BE_CONFIRMED}`;
}
