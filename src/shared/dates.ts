/** Dates as a UK company writes them: '22 November 2026' (the calendar day in UTC, so server and browser agree). */
export function formatUkDate(date: Date | string): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(value);
}
