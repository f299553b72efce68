import { formatUkDate } from '../dates';

let ukDay: Intl.DateTimeFormat | undefined;

/** The calendar day in the UK ("YYYY-MM-DD") at `now`: what staff and buyers call today. */
export function ukDayOf(now: Date): string {
  // en-CA writes dates as YYYY-MM-DD. Built on first use, not on load (see dates.ts on Intl's cost in
  // pages), and kept: building it cost more than the rest of a product read or a price (decision 0074).
  ukDay ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return ukDay.format(now);
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
