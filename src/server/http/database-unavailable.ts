/** What a customer reads when the database is away for a moment (the order was not placed). */
export const SERVICE_UNAVAILABLE_MESSAGE = 'Service temporarily unavailable. Please try again.';

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * Whether an error (or one of its causes: drizzle wraps the driver's) means the database could
 * not be reached or dropped the connection: SQLSTATE class 08 (connection exception), 57P01-57P03
 * (terminated by the administrator, crash shutdown, cannot connect now), 53300 (too many
 * connections), a refused or reset socket, or node-postgres's "Connection terminated".
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as Error & { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      (code.startsWith('08') || /^57P0[123]$/.test(code) || code === '53300' || NETWORK_CODES.has(code))
    )
      return true;
    if (/Connection terminated|connection timeout|Client has encountered a connection error/i.test(current.message))
      return true;
    current = current.cause;
  }
  return false;
}
