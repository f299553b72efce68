import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { csvCell } from '../../shared/csv';
import { contentDisposition } from '../http/content-disposition';

/**
 * Streams CSV from batches of rows: a UTF-8 byte-order mark and a header line, then one line per row, never the whole file in
 * memory. The first batch is fetched before the stream is handed over, so a query that fails does so
 * before anything is sent and is answered as a normal JSON error (not a 200, or a gzip header over
 * a broken body).
 */
export async function csvStream<T>(
  header: string[],
  batches: AsyncGenerator<T[]>,
  toCells: (row: T) => (string | number | null)[],
): Promise<Readable> {
  const first = await batches.next();
  const linesOf = (batch: T[]) => batch.map((row) => `${toCells(row).map(csvCell).join(',')}\r\n`).join('');
  async function* lines() {
    // A UTF-8 byte-order mark first: Excel then reads "Universität" as written.
    yield `\uFEFF${header.map(csvCell).join(',')}\r\n`;
    if (first.done) return;
    yield linesOf(first.value);
    for await (const batch of batches) yield linesOf(batch);
  }
  return Readable.from(lines());
}

/** Sends a CSV download; its headers are set only once the first batch is in (see csvStream). */
export async function sendCsv<T>(
  reply: FastifyReply,
  filename: string,
  header: string[],
  batches: AsyncGenerator<T[]>,
  toCells: (row: T) => (string | number | null)[],
) {
  const stream = await csvStream(header, batches, toCells);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', contentDisposition(filename))
    .header('cache-control', 'no-store')
    .send(stream);
}
