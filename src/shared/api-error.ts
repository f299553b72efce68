import { defineMessages, type MessageValues } from './i18n/message';

/** The error body of every 4xx/5xx answer of the API (docs/api/README.md, Errors). */
export interface ApiErrorBody {
  error: {
    code: string;
    /** The English, as before: for logs, scripts, and a page that does not know the id. */
    message: string;
    /** The message's id in the pages' catalogues (issue 53): the page renders the refusal by it. */
    messageId?: string;
    /** What fills the message's placeholders (`{minutes}`); a country or an amount raw, for the page to write. */
    values?: MessageValues;
    /** The English of each refused field, by its path (`billing.email`). */
    fields?: Record<string, string>;
    /** A refused field's message id, where it has one (a shared field message, src/shared/field-messages.ts). */
    fieldMessageIds?: Record<string, string>;
  };
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string';
}

/** The API's own refusals of a request, before any route reads it (same-origin.ts), by id (issue 53). */
export const requestRefusals = defineMessages({
  jsonRequired: { id: 'requestRefusal.jsonRequired', message: 'Content-Type must be application/json' },
  crossSite: { id: 'requestRefusal.crossSite', message: 'Cross-site request refused' },
});
