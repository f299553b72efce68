/**
 * Whether `error` is a unique violation (PostgreSQL's `23505`), of `constraint` when one is named,
 * however the driver wraps it (drizzle puts the database's error in `cause`).
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: name, cause } = error as { code?: unknown; constraint?: unknown; cause?: unknown };
  return (
    (code === '23505' && (constraint === undefined || name === constraint)) || isUniqueViolation(cause, constraint)
  );
}
