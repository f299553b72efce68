import { formatUkDate } from '../dates';

let ukDay: Intl.DateTimeFormat | undefined;
const HOUR_MS = 60 * 60 * 1000;
/** The last answer and the UTC hour it is for. */
let lastDay: { hour: number; day: string } | undefined;

/** The calendar day in the UK ("YYYY-MM-DD") at `now`: what staff and buyers call today. */
export function ukDayOf(now: Date): string {
  // The UK's day starts at 00:00 or 23:00 UTC (GMT or BST) and its clocks change on a UTC hour, so
  // the day is the same for every instant of one UTC hour: formatted once per hour, not per call
  // (every product read and price asks for it; decision 0074).
  const hour = Math.floor(now.getTime() / HOUR_MS);
  if (lastDay?.hour === hour) return lastDay.day;
  // en-CA writes dates as YYYY-MM-DD. Built on first use, not on load (see dates.ts on Intl's cost in
  // pages), and kept: building it cost more than the rest of a product read or a price.
  ukDay ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const day = ukDay.format(now);
  if (!Number.isNaN(hour)) lastDay = { hour, day };
  return day;
}

/**
 * Why an estimated delivery date is refused (issue 38): a date before today in the UK was e-mailed
 * to a buyer as a promise. Today is allowed (delivery today). Null when the date may be saved.
 */
export function estimatedDeliveryRefusal(date: string, now: Date): string | null {
  const today = ukDayOf(now);
  return date < today
    ? `The estimated delivery date cannot be before today (${formatUkDate(today)}). Choose today or a later date.`
    : null;
}
