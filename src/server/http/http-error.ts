/**
 * An error that the API answers with its own status and message (docs/api/README.md, Errors). Throw it
 * from a service or handler through one of the helpers below; the error handler turns it into
 * `{ error: { code, message, fields } }`.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** Extra response headers, e.g. `Retry-After`. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** What an answer may add to its message: its own code instead of the status's, field messages, headers. */
export interface HttpErrorDetails {
  code?: string;
  fields?: Record<string, string>;
  headers?: Record<string, string>;
}

const httpError =
  (statusCode: number, defaultCode: string) =>
  (message: string, details: HttpErrorDetails = {}) =>
    new HttpError(statusCode, details.code ?? defaultCode, message, details.fields, details.headers);

export const badRequest = httpError(400, 'invalid_input');
export const unauthorized = httpError(401, 'unauthorized');
export const forbidden = httpError(403, 'forbidden');
export const notFound = httpError(404, 'not_found');
export const conflict = httpError(409, 'conflict');
export const unsupportedMediaType = httpError(415, 'unsupported_media_type');
export const unprocessable = httpError(422, 'unprocessable');
export const tooManyRequests = httpError(429, 'rate_limited');
export const serviceUnavailable = httpError(503, 'unavailable');
