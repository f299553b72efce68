import { describe, expect, it } from 'vitest';
import { formatUkDate, formatUkMonth } from './dates';

describe('formatUkDate', () => {
  it('writes the day, the month in words and the year', () => {
    expect(formatUkDate(new Date('2026-11-22T10:00:00Z'))).toBe('22 November 2026');
    expect(formatUkDate('2026-03-09T23:30:00.000Z')).toBe('9 March 2026');
    expect(formatUkDate('2027-08-29')).toBe('29 August 2027');
    expect(formatUkMonth('2027-08-29')).toBe('August 2027');
    expect(formatUkDate('not a date')).toBe('not a date');
  });

  it('writes what Intl writes in en-GB, in UTC, over a century of days', () => {
    const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    const month = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    for (let time = Date.UTC(1990, 0, 1, 23, 59); time < Date.UTC(2100, 0, 1); time += 13 * 86_400_000 + 3_600_000) {
      const date = new Date(time);
      expect(formatUkDate(date)).toBe(day.format(date));
      expect(formatUkMonth(date)).toBe(month.format(date));
    }
  });
});
