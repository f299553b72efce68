import { isApiErrorBody } from '../../shared/api-error';
import type { MessageValues } from '../../shared/i18n/message';

/**
 * An API answer other than 2xx, with the server's code, message and field messages, and, for a refusal
 * a customer can meet, its message id and values (issue 53): `useT().said(error)` renders it by the id.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly messageId?: string,
    /** A country or an amount comes raw (`{ country: 'DE' }`), for the page to write in its language. */
    readonly values?: MessageValues,
    /** A refused field's message id, where the server gave one (a shared field message, issue 53). */
    readonly fieldMessageIds: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** A refused field's message for `useT().said`: its id where it has one, else the server's English. */
  fieldError(name: string): string | undefined {
    return this.fieldMessageIds[name] ?? this.fields[name];
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * The reads (GET requests) in flight. Signing out aborts them first: a read the server answered
 * after the session had ended would be refused (401), and the browser logs each refusal as an error.
 */
const readsInFlight = new Set<AbortController>();

/** Aborts every read in flight (its query waits to retry; leaving the page removes it). */
export function abortReads(): void {
  for (const read of readsInFlight) read.abort();
  readsInFlight.clear();
}

/**
 * Calls the shop's API with JSON in and out. Mutations always send a JSON body (the server's
 * CSRF rule); the session cookie goes along on its own. Network failures and non-2xx answers throw
 * an ApiError whose message is the server's (or, offline, a network message the UI can map).
 */
export async function api<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const method = request.method ?? (request.body === undefined ? 'GET' : 'POST');
  const init: RequestInit = { method, credentials: 'same-origin', headers: { accept: 'application/json' } };
  const read = method === 'GET' ? new AbortController() : undefined;
  if (read) {
    readsInFlight.add(read);
    request.signal?.addEventListener('abort', () => read.abort(), { once: true });
    if (request.signal?.aborted) read.abort();
    init.signal = read.signal;
  } else {
    if (request.signal) init.signal = request.signal;
    init.headers = { accept: 'application/json', 'content-type': 'application/json' };
    init.body = JSON.stringify(request.body ?? {});
  }
  try {
    return await send<T>(path, init);
  } finally {
    if (read) readsInFlight.delete(read);
  }
}

async function send<T>(path: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', 'Failed to fetch: network error');
  }
  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (!response.ok) {
    if (isApiErrorBody(data))
      throw new ApiError(
        response.status,
        data.error.code,
        data.error.message,
        data.error.fields,
        data.error.messageId,
        data.error.values,
        data.error.fieldMessageIds,
      );
    throw new ApiError(response.status, 'http_error', `Request failed with status ${response.status}`);
  }
  return data as T;
}
