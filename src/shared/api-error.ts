/** The error body of every 4xx/5xx answer of the API (docs/api/README.md, Errors). */
export interface ApiErrorBody {
  error: {
    code: string;
    /** The English, as before: for logs, scripts, and a page that does not know the id. */
    message: string;
    /** The message's id in the pages' catalogues (issue 53): the page renders the refusal by it. */
    messageId?: string;
    /** What fills the message's placeholders (`{minutes}`). */
    values?: Record<string, string | number>;
    fields?: Record<string, string>;
  };
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string';
}
