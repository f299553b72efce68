import type { FastifyReply, FastifyRequest } from 'fastify';
import { contentDisposition } from './content-disposition';
import { rateLimit } from './rate-limit';

/** PDF downloads per client on each PDF route: far more than a person opens, far fewer than a render loop. */
export const PDF_DOWNLOADS_PER_CLIENT = { max: 60, timeWindow: '10 minutes' } as const;
export const pdfDownloadsLimited = 'Too many downloads. Please wait a few minutes before trying again.';

/** The route config of a PDF download: PDF_DOWNLOADS_PER_CLIENT per IP address. */
export const pdfDownloadLimit = () => rateLimit({ ...PDF_DOWNLOADS_PER_CLIENT, message: pdfDownloadsLimited });

/** A PDF that never changes once stored (a quote, an issued invoice or credit note). */
export interface StoredPdfFile {
  pdf: Buffer;
  /** The SHA-256 of the bytes (hex), kept with them. */
  pdfSha256: string;
  filename: string;
}

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for it). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const tags = ifNoneMatch.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  return tags.includes('*') || tags.includes(etag);
}

/**
 * Sends a stored PDF with its fingerprint as a strong ETag, or 304 when the client says it holds
 * it. `no-store` all the same: the document carries personal data, and every answer that does is
 * kept out of caches (security audit L3); the stored bytes make a repeat download cheap anyway.
 */
export function sendStoredPdf(request: FastifyRequest, reply: FastifyReply, file: StoredPdfFile) {
  const etag = `"${file.pdfSha256}"`;
  reply.header('etag', etag).header('cache-control', 'private, no-store');
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition(file.filename))
    .send(file.pdf);
}

/** A PDF someone uploaded (a model's datasheet, a supplier certificate): shown, never trusted. */
export interface UploadedPdfFile {
  bytes: Buffer;
  sha256?: string;
  filename: string;
}

/**
 * Sends an uploaded PDF inline, to the browser's viewer: never sniffed as another type, and sandboxed
 * (its scripts and forms do nothing). With its SHA-256 it is revalidated by ETag (`cacheControl` says
 * for how long it may be reused: public documents), without one it is never kept (`private, no-store`).
 */
export function sendUploadedPdf(
  request: FastifyRequest,
  reply: FastifyReply,
  file: UploadedPdfFile,
  cacheControl = 'private, no-store',
) {
  reply
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', 'sandbox');
  if (file.sha256) {
    const etag = `"${file.sha256}"`;
    reply.header('etag', etag);
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
  }
  return reply
    .type('application/pdf')
    .header('content-disposition', contentDisposition(file.filename, 'inline'))
    .send(file.bytes);
}
