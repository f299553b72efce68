import { Readable } from 'node:stream';
import { csvCell } from '../../shared/admin/admin-schemas';

/** Streams CSV from batches of rows: a header line, then one line per row, never the whole file in memory. */
export function csvStream<T>(
  header: string[],
  batches: AsyncGenerator<T[]>,
  toCells: (row: T) => (string | number | null)[],
): Readable {
  async function* lines() {
    yield `${header.map(csvCell).join(',')}\r\n`;
    for await (const batch of batches) {
      yield batch.map((row) => `${toCells(row).map(csvCell).join(',')}\r\n`).join('');
    }
  }
  return Readable.from(lines());
}
