import { describe, expect, it, vi } from 'vitest';
import { numberSeparators } from '../../shared/i18n/formats';
import { calculateRoi, formatHours } from './roi';

describe('calculateRoi', () => {
  it('follows the section 9 formula for the defaults (4 minutes, 4 procedures)', () => {
    const roi = calculateRoi(4, 4);
    expect(roi.hoursSaved).toBeCloseTo((3.5 * 4 * 320) / 60, 10);
    expect(formatHours(roi.hoursSaved)).toBe('74.7');
    expect(roi.savingGbp).toBeCloseTo(3360, 10);
  });

  it('gives 1,546.7 hours and £69,600 a year for 15 minutes and 20 procedures', () => {
    const roi = calculateRoi(15, 20);
    expect(formatHours(roi.hoursSaved)).toBe('1,546.7');
    expect(roi.savingGbp).toBeCloseTo(69_600, 10);
    expect(roi.manualHours - roi.automatedHours).toBeCloseTo(roi.hoursSaved, 10);
  });

  it('writes hours as Intl would (one decimal at most, US grouping), without building a formatter', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
    for (const hours of [0, 0.04, 0.05, 0.1, 1, 9.95, 12, 74.66, 999.96, 1546.666, 12345.67, 1234567.89]) {
      expect(formatHours(hours), String(hours)).toBe(intl.format(Math.round(hours * 10) / 10));
    }
  });

  it('writes hours in German and French as Intl does, with their separators and without building a formatter', () => {
    const hours = [0, 0.04, 0.1, 1, 9.95, 12, 74.66, 999.96, 1546.666, 12345.67, 1234567.89];
    for (const [language, locale] of [
      ['de', 'de-DE'],
      ['fr', 'fr-FR'],
    ] as const) {
      const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
      const constructed = vi.spyOn(Intl, 'NumberFormat');
      const written = hours.map((value) => formatHours(value, numberSeparators(language)));
      expect(constructed).not.toHaveBeenCalled();
      constructed.mockRestore();
      expect(written).toEqual(hours.map((value) => intl.format(Math.round(value * 10) / 10)));
    }
    expect(formatHours(1546.666, numberSeparators('de'))).toBe('1.546,7');
    expect(formatHours(1546.666, numberSeparators('fr'))).toBe('1\u202f546,7');
  });
});
