/**
 * How long the shop keeps personal data: the one place the retention job, account closing, the
 * export link and the privacy page read (docs/decisions/0038-retention-and-financial-year.md).
 */
export const retention = {
  /** Forms started but not completed, unconfirmed sign-ups, expired sessions and tokens, left waitlist entries, sent e-mail copies. */
  shortLivedDays: 90,
  /** Orders with invoices or payments, invoices and credit notes: years after the end of their financial year. */
  financialRecordYears: 7,
  /** The UK financial year ends on 31 March (month 3, day 31). */
  financialYearEnd: { month: 3, day: 31 },
  /** A data export's download link. */
  exportLinkHours: 24,
  /** A data-subject request is answered within one month of receipt. */
  requestDeadlineMonths: 1,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment before which a short-lived record (last touched then) is past its period. */
export function shortLivedCutoff(now: Date): Date {
  return new Date(now.getTime() - retention.shortLivedDays * DAY_MS);
}

/** The last day (UTC, YYYY-MM-DD) of the financial year that holds `at`. */
export function financialYearEnd(at: Date): string {
  const { month, day } = retention.financialYearEnd;
  const year = at.getUTCFullYear();
  const endThisYear = Date.UTC(year, month - 1, day, 23, 59, 59, 999);
  const endYear = at.getTime() <= endThisYear ? year : year + 1;
  return `${endYear}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The last day (YYYY-MM-DD) a financial record made at `at` is held: 7 years after its financial year's end. */
export function financialHoldUntil(at: Date): string {
  const end = financialYearEnd(at);
  return `${Number(end.slice(0, 4)) + retention.financialRecordYears}${end.slice(4)}`;
}

/** The day a request received on `receivedOn` (YYYY-MM-DD) must be answered by: one calendar month later. */
export function requestDeadline(receivedOn: string): string {
  const [y, m, d] = receivedOn.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + retention.requestDeadlineMonths, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

/** The retention periods as the privacy policy states them. */
export const retentionSentences = {
  financial: `Orders, invoices, payments and related correspondence: ${retention.financialRecordYears} years after the end of the financial year (31 March) they belong to, as tax and company law require. When you close your account they are kept under legal hold for that time, then deleted.`,
  shortLived: `Details from quote or order forms you started but did not complete, unconfirmed sign-ups, expired sign-in sessions and links, waitlist entries of people who left, copies of e-mails sent, and server logs: ${retention.shortLivedDays} days.`,
  export: `A copy of your data is ready within a minute and its download link works for ${retention.exportLinkHours} hours.`,
};

/**
 * The end (UTC) of the last financial year whose records are past their hold on `now`'s day: a
 * financial record made at or before it may be purged. The hold of a record made in the year ending
 * 31 March Y lasts to 31 March Y+7 inclusive.
 */
export function financialPurgeCutoff(now: Date): Date {
  const { month, day } = retention.financialYearEnd;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  // The latest financial-year end strictly before today.
  let endYear = now.getUTCFullYear();
  if (Date.UTC(endYear, month - 1, day) >= today) endYear -= 1;
  return new Date(Date.UTC(endYear - retention.financialRecordYears, month - 1, day, 23, 59, 59, 999));
}
