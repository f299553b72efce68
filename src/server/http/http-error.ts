/**
 * An error that the API answers with its own status and message (docs/api.md, Errors). Throw it
 * from a service or handler; the error handler turns it into `{ error: { code, message, fields } }`.
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

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, 'invalid_input', message, fields);
export const unauthorized = (message = 'No active session found') => new HttpError(401, 'unauthorized', message);
export const forbidden = (message: string, code = 'forbidden') => new HttpError(403, code, message);
export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);
export const conflict = (code: string, message: string, fields?: Record<string, string>) => new HttpError(409, code, message, fields);
export const tooManyRequests = (message: string) => new HttpError(429, 'rate_limited', message);
