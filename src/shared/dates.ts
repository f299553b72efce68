/**
 * Dates as a UK company writes them: "22 November 2026", the calendar day in UTC so that the server
 * (PDFs, e-mails) and the browser (pages) agree. A `YYYY-MM-DD` date is that day; text that is not a
 * date is returned as it is rather than shown as "Invalid Date".
 *
 * Written out rather than through Intl.DateTimeFormat: building the first Intl formatter on a page
 * is a long task (about 110 ms at Lighthouse's mobile CPU on /login, when this file built it as it
 * loaded). dates.test.ts holds the text equal to Intl's en-GB over many dates.
 */
const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const asDate = (date: Date | string) =>
  typeof date === 'string' ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00Z` : date) : date;

/** "22 November 2026". */
export function formatUkDate(date: Date | string): string {
  const value = asDate(date);
  if (Number.isNaN(value.getTime())) return typeof date === 'string' ? date : '';
  return `${value.getUTCDate()} ${monthNames[value.getUTCMonth()]} ${value.getUTCFullYear()}`;
}

/** "November 2026" (a batch's estimated ship month). */
export function formatUkMonth(date: Date | string): string {
  const value = asDate(date);
  if (Number.isNaN(value.getTime())) return typeof date === 'string' ? date : '';
  return `${monthNames[value.getUTCMonth()]} ${value.getUTCFullYear()}`;
}

/** Built on first use, never as the module loads (see the header; dates.test.ts guards it). */
let ukDateTime: Intl.DateTimeFormat | undefined;

/** "28 November 2026 at 01:20 GMT": a moment in UK time, for texts where the time matters. */
export function formatUkDateTime(date: Date): string {
  ukDateTime ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  });
  const parts = Object.fromEntries(ukDateTime.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.day} ${parts.month} ${parts.year} at ${parts.hour}:${parts.minute} ${parts.timeZoneName}`;
}
