import { describe, expect, it } from 'vitest';
import { ukDayOf } from './estimated-delivery';

describe('ukDayOf', () => {
  it("issue 55: formatted once per UTC hour, it is Intl's UK day at the start, middle and end of every hour of two years, across each clock change", () => {
    const intl = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    const hour = 60 * 60 * 1000;
    const start = Date.UTC(2026, 0, 1);
    const end = Date.UTC(2028, 0, 1);
    let checked = 0;
    for (let at = start; at < end; at += hour) {
      for (const offset of [0, 30 * 60 * 1000, hour - 1]) {
        const instant = new Date(at + offset);
        expect(ukDayOf(instant)).toBe(intl.format(instant));
        checked += 1;
      }
      // Back to an earlier hour and forward again: the kept answer is for one hour only.
      expect(ukDayOf(new Date(at - 12 * hour))).toBe(intl.format(new Date(at - 12 * hour)));
    }
    expect(checked).toBe(3 * 2 * 8760);
  });
});
