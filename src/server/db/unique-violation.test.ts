import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from './unique-violation';

const databaseError = (code: string, constraint?: string) =>
  Object.assign(new Error('database error'), { code, constraint });
const wrapped = (cause: unknown) => new Error('Failed query', { cause });

describe('isUniqueViolation', () => {
  it('finds the 23505 code on the error or in its causes, as drizzle wraps it', () => {
    expect(isUniqueViolation(databaseError('23505'))).toBe(true);
    expect(isUniqueViolation(wrapped(wrapped(databaseError('23505'))))).toBe(true);
  });

  it('is false for another code, no cause, or a value that is not an error', () => {
    expect(isUniqueViolation(wrapped(databaseError('23503')))).toBe(false);
    expect(isUniqueViolation(new Error('plain'))).toBe(false);
    expect(isUniqueViolation('23505')).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });

  it('with a constraint, is true only for a violation of that constraint, at any depth', () => {
    expect(isUniqueViolation(wrapped(databaseError('23505', 'orders_quote_id_key')), 'orders_quote_id_key')).toBe(true);
    expect(isUniqueViolation(wrapped(databaseError('23505', 'orders_pkey')), 'orders_quote_id_key')).toBe(false);
    const outerOtherInnerNamed = Object.assign(wrapped(databaseError('23505', 'orders_quote_id_key')), {
      code: '23505',
      constraint: 'orders_pkey',
    });
    expect(isUniqueViolation(outerOtherInnerNamed, 'orders_quote_id_key')).toBe(true);
  });
});
