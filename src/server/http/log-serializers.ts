/**
 * What the logs may say about a request and an error (issue: secrets in logs). A database error's
 * message carries the query's parameters (a password hash, a TOTP secret, an address), and its
 * `detail` the offending values, so of a database error only its kind, SQLSTATE and the names of
 * the constraint, table and column are kept. Paths that carry a bearer reference are masked.
 */

interface SafeError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  cause?: SafeError;
}

const NAME_ONLY = /^[\w.$-]{1,120}$/;

function nameField(value: unknown): string | undefined {
  return typeof value === 'string' && NAME_ONLY.test(value) ? value : undefined;
}

/** PostgreSQL errors (pg's DatabaseError, PGlite's) carry a severity; drizzle's wrapper carries the query and its params. */
function isDatabaseError(error: object): boolean {
  return (
    'severity' in error || 'query' in error || 'params' in error || error.constructor?.name === 'DrizzleQueryError'
  );
}

/** Messages that quote a query or its values, whatever class the error is. */
const CARRIES_VALUES = /failed query|params:|key \(|\bvalues?\b.*\(/i;

export function safeError(error: unknown, depth = 0): SafeError {
  // Pino calls serializers with one argument; depth is for the cause chain.
  if (!(error instanceof Error) && (typeof error !== 'object' || error === null))
    return { type: typeof error, message: '', stack: '' };
  const object = error as Error & Record<string, unknown>;
  const type = nameField(object.name) ?? nameField(object.constructor?.name) ?? 'Error';
  const safe: SafeError = { type, message: '(withheld: it may quote values)', stack: '' };
  const code = nameField(object.code);
  if (code) safe.code = code;
  if (isDatabaseError(object)) {
    for (const key of ['constraint', 'table', 'column'] as const) {
      const value = nameField(object[key]);
      if (value) safe[key] = value;
    }
  } else if (typeof object.message === 'string' && !CARRIES_VALUES.test(object.message)) {
    safe.message = object.message.slice(0, 500);
    if (typeof object.stack === 'string')
      safe.stack = object.stack
        .split('\n')
        .filter((line) => !CARRIES_VALUES.test(line))
        .join('\n');
  }
  if (object.cause !== undefined && depth < 3) safe.cause = safeError(object.cause, depth + 1);
  return safe;
}

/** The path of a request, without its query string and with quote references masked. */
export function logPath(url: string): string {
  return (url.split('?')[0] ?? '').replace(/^(\/api\/quotes\/|\/quote\/)[^/]+/, '$1:reference');
}
