/**
 * How every CSV is written and read: the server's exports write their cells with `csvCell` and
 * `csvMoney`; a file staff upload, and the tests that read an export back, are read with `parseCsv`.
 */

/** Neutralises a CSV cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) and quotes it. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text.startsWith("'") ? `"${text.replaceAll('"', '""')}"` : text;
}

/** An amount in minor units as a CSV cell: major units with two decimals ("1234.50"), empty when there is none. */
export const csvMoney = (minor: number | null) => (minor === null ? null : (minor / 100).toFixed(2));

/**
 * Reads CSV text as RFC 4180 does (quoted cells with doubled quotes and line breaks), rows ending in
 * CRLF or LF: for files staff upload (HMRC's monthly rates) and for the tests that read the shop's
 * exports back. A byte-order mark is dropped.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i];
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || (char === '\r' && source[i + 1] === '\n')) {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      if (char === '\r') i += 1;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}
