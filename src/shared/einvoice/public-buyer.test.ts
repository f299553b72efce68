import { describe, expect, it } from 'vitest';
import { leitwegIdProblem, publicBuyerMessages, siretProblem } from './public-buyer';

describe('public buyers’ references', () => {
  it('accepts Leitweg-IDs whose MOD 97-10 check digits match, with or without a fine address', () => {
    // The format specification's worked example, and KoSIT's test Leitweg-ID.
    expect(leitwegIdProblem('04011000-1234512345-06')).toBeNull();
    expect(leitwegIdProblem('991-33333TEST-33')).toBeNull();
    expect(leitwegIdProblem(' 991-33333test-33 ')).toBeNull();
  });

  it('refuses a Leitweg-ID with a typing error in it (check digits) or of the wrong form', () => {
    expect(leitwegIdProblem('04011000-1234512345-07')).toBe(publicBuyerMessages.leitwegIdCheck);
    expect(leitwegIdProblem('04011000-1234521345-06')).toBe(publicBuyerMessages.leitwegIdCheck);
    expect(leitwegIdProblem('08111-12345-67')).toBe(publicBuyerMessages.leitwegIdCheck);
    expect(leitwegIdProblem('0401100012345')).toBe(publicBuyerMessages.leitwegId);
    expect(leitwegIdProblem('ABC-123-45')).toBe(publicBuyerMessages.leitwegId);
  });

  it('checks a SIRET by Luhn (14 digits), La Poste’s by its digit sum', () => {
    expect(siretProblem('110 002 011 00044')).toBeNull();
    expect(siretProblem('73282932000074')).toBeNull();
    expect(siretProblem('73282932000075')).toBe(publicBuyerMessages.siretCheck);
    expect(siretProblem('7328293200007')).toBe(publicBuyerMessages.siret);
    expect(siretProblem('35600000049837')).toBeNull();
  });
});
