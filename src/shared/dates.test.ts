import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
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

describe('loading dates.ts', () => {
  it('builds no Intl formatter until a UK date and time is first written (issue 49: /login and /configure paid 18-32 ms)', () => {
    // A fresh process, so the module is loaded for the first time under a counting Intl.DateTimeFormat.
    const script = `
      const Original = Intl.DateTimeFormat;
      let built = 0;
      Intl.DateTimeFormat = class extends Original { constructor(...args) { super(...args); built += 1; } };
      const dates = await import(${JSON.stringify(pathToFileURL(join(import.meta.dirname, 'dates.ts')).href)});
      dates.formatUkDate('2026-12-07');
      dates.formatUkMonth('2026-12-07');
      const atLoad = built;
      const text = dates.formatUkDateTime(new Date('2026-12-07T10:05:00Z'));
      dates.formatUkDateTime(new Date('2026-07-07T10:05:00Z'));
      console.log(JSON.stringify({ atLoad, afterUse: built, text }));
    `;
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(JSON.parse(output)).toEqual({ atLoad: 0, afterUse: 1, text: '7 December 2026 at 10:05 GMT' });
  });
});
