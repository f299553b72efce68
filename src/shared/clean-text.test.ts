import { describe, expect, it } from 'vitest';
import { cleanText } from './clean-text';

describe('cleanText', () => {
  it('trims, removes angle brackets and control characters, keeps apostrophes and ampersands, caps at 1000', () => {
    expect(cleanText('  <b>"Tom" & Jerry\'s</b>  ')).toBe('b"Tom" & Jerry\'s/b');
    expect(cleanText("O'Brien\u0000\u0007")).toBe("O'Brien");
    expect(cleanText('Smith & Sons (Lab) Ltd.')).toBe('Smith & Sons (Lab) Ltd.');
    expect(cleanText('x'.repeat(1200))).toHaveLength(1000);
  });
});
