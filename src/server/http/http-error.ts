import { fieldRefusal } from '../../shared/field-messages';
import { englishText, isMessage, type Message, type MessageValues } from '../../shared/i18n/message';

/**
 * An error that the API answers with its own status and message (docs/api/README.md, Errors). Throw it
 * from a service or handler through one of the helpers below; the error handler turns it into
 * `{ error: { code, message, messageId, values, fields } }`. A refusal a customer can meet is given as a
 * message descriptor (`{ id, message, values }`, src/shared/i18n/message.ts), so the page shows it in
 * its own language by the id (issue 53); `message` is then its English, filled with the values.
 */
export class HttpError extends Error {
  /** The message's id in the pages' catalogues, when the refusal was given as a descriptor. */
  readonly messageId?: string;
  readonly values?: MessageValues;
  /** The English of each refused field (`fields` of the body). */
  readonly fields?: Record<string, string>;
  /** A refused field's message id, where it is a shared field message (src/shared/field-messages.ts). */
  readonly fieldMessageIds?: Record<string, string>;

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string | Message,
    /** Per field: a descriptor, a shared field message's id (a zod issue's) or English text. */
    fields?: Record<string, string | Message>,
    /** Extra response headers, e.g. `Retry-After`. */
    readonly headers?: Record<string, string>,
  ) {
    super(isMessage(message) ? englishText(message) : message);
    this.name = 'HttpError';
    if (isMessage(message)) {
      this.messageId = message.id;
      if (message.values) this.values = message.values;
    }
    if (fields) {
      const refusal = fieldRefusal(fields);
      this.fields = refusal.fields;
      if (Object.keys(refusal.fieldMessageIds).length > 0) this.fieldMessageIds = refusal.fieldMessageIds;
    }
  }
}

export { withValues } from '../../shared/i18n/message';

/** What an answer may add to its message: its own code instead of the status's, field messages, headers. */
export interface HttpErrorDetails {
  code?: string;
  fields?: Record<string, string | Message>;
  headers?: Record<string, string>;
}

const httpError =
  (statusCode: number, defaultCode: string) =>
  (message: string | Message, details: HttpErrorDetails = {}) =>
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
