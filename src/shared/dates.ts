/**
 * Dates as a UK company writes them: "22 November 2026", the calendar day in UTC so that the server
 * (PDFs, e-mails) and the browser (pages) agree. A `YYYY-MM-DD` date is that day; text that is not a
 * date is returned as it is rather than shown as "Invalid Date".
 */
// Made once: building an Intl formatter costs far more than formatting with one (it showed in the write bench's profile).
const ukDate = /* @__PURE__ */ new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

export function formatUkDate(date: Date | string): string {
  const value =
    typeof date === 'string' ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00Z` : date) : date;
  if (Number.isNaN(value.getTime())) return typeof date === 'string' ? date : '';
  return ukDate.format(value);
}
