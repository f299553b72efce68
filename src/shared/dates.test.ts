import { describe, expect, it } from 'vitest';
import { formatUkDate } from './dates';

describe('formatUkDate', () => {
  it('writes the day, the month in words and the year', () => {
    expect(formatUkDate(new Date('2026-11-22T10:00:00Z'))).toBe('22 November 2026');
    expect(formatUkDate('2026-03-09T23:30:00.000Z')).toBe('9 March 2026');
  });
});
