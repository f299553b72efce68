/** What every CSV export writes its cells with: on the server's exports and in tests that read them back. */

/** Neutralises a CSV cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) and quotes it. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text.startsWith("'") ? `"${text.replaceAll('"', '""')}"` : text;
}

/** An amount in minor units as a CSV cell: major units with two decimals ("1234.50"), empty when there is none. */
export const csvMoney = (minor: number | null) => (minor === null ? null : (minor / 100).toFixed(2));
