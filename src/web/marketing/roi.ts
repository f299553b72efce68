import { groupThousands } from '../../shared/money';
/** ROI calculator constants (storefront spec, section 9). */
export const roiConstants = {
  automatedMinutes: 0.5,
  hourlyRateGbp: 45,
  workingDays: 320,
  minutes: { min: 1, max: 15, step: 0.5, default: 4 },
  procedures: { min: 1, max: 20, step: 1, default: 4 },
} as const;

export interface RoiResult {
  /** Hours a year spent on manual additions. */
  manualHours: number;
  /** Hours a year the instrument takes for the same additions. */
  automatedHours: number;
  /** Hours saved = (minutes − 0.5) × procedures per day × 320 / 60. */
  hoursSaved: number;
  /** Saving per year in pounds = hours saved × £45. */
  savingGbp: number;
}

export function calculateRoi(minutesPerAddition: number, proceduresPerDay: number): RoiResult {
  const { automatedMinutes, workingDays, hourlyRateGbp } = roiConstants;
  const perYear = (minutes: number) => (minutes * proceduresPerDay * workingDays) / 60;
  const hoursSaved = perYear(minutesPerAddition - automatedMinutes);
  return {
    manualHours: perYear(minutesPerAddition),
    automatedHours: perYear(automatedMinutes),
    hoursSaved,
    savingGbp: hoursSaved * hourlyRateGbp,
  };
}

/**
 * Hours with at most one decimal, US-English grouping: 1,546.7; in German and French with their
 * separators (`numberSeparators`): 1.546,7 and 1 546,7. Written out rather than through
 * Intl.NumberFormat, whose first construction on the home page was a 100 ms task at Lighthouse's
 * mobile CPU; roi.test.ts holds the text equal to Intl's in the three languages.
 */
export function formatHours(
  hours: number,
  separators: { decimal: string; group: string } = { decimal: '.', group: ',' },
): string {
  const tenths = Math.round(Math.abs(hours) * 10);
  const whole = groupThousands(String(Math.floor(tenths / 10)), separators.group);
  const sign = hours < 0 && tenths > 0 ? '-' : '';
  return `${sign}${whole}${tenths % 10 === 0 ? '' : `${separators.decimal}${tenths % 10}`}`;
}
