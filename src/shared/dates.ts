/** How a UK company writes a date: "22 November 2026" (the calendar day in UTC, so server and browser agree). */
export function formatUkDate(date: Date | string): string {
  const value = typeof date === 'string' ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00Z` : date) : date;
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(value);
}
