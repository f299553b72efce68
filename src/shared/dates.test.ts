import { describe, expect, it } from 'vitest';
import { formatUkDate, formatUkDateTime, formatUkMonth } from './dates';

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

describe('formatUkDateTime', () => {
  it('gives the time in UK time: GMT in winter, BST in summer, on the UK day (23:30 UTC on 30 June is 1 July)', () => {
    expect(formatUkDateTime(new Date('2026-11-28T01:20:12.748Z'))).toBe('28 November 2026 at 01:20 GMT');
    expect(formatUkDateTime(new Date('2026-06-30T23:30:00Z'))).toBe('1 July 2026 at 00:30 BST');
  });
});
