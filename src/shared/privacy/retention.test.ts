import { describe, expect, it } from 'vitest';
import { financialHoldUntil, financialPurgeCutoff, financialYearEnd, requestDeadline } from './retention';

describe('retention periods', () => {
  it('holds a financial record to 31 March seven years after the end of its financial year', () => {
    expect(financialYearEnd(new Date('2026-03-31T23:59:59Z'))).toBe('2026-03-31');
    expect(financialYearEnd(new Date('2026-04-01T00:00:00Z'))).toBe('2027-03-31');
    expect(financialHoldUntil(new Date('2019-11-26T12:00:00Z'))).toBe('2027-03-31');
  });

  it('purges from 1 April after the hold ends, not a day before', () => {
    const madeOn = new Date('2019-03-31T12:00:00Z');
    expect(financialHoldUntil(madeOn)).toBe('2026-03-31');
    expect(madeOn <= financialPurgeCutoff(new Date('2026-03-31T23:00:00Z'))).toBe(false);
    expect(madeOn <= financialPurgeCutoff(new Date('2026-04-01T00:30:00Z'))).toBe(true);
  });

  it('gives a request one calendar month, to the last day of a shorter month', () => {
    expect(requestDeadline('2026-11-20')).toBe('2026-12-20');
    expect(requestDeadline('2026-01-31')).toBe('2026-02-28');
    expect(requestDeadline('2026-12-15')).toBe('2027-01-15');
  });
});
