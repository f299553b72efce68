import { describe, expect, it } from 'vitest';
import { cleanLine, cleanText } from './clean-text';

describe('cleanText', () => {
  it('trims, removes angle brackets and control characters, keeps apostrophes and ampersands, caps at 1000', () => {
    expect(cleanText('  <b>"Tom" & Jerry\'s</b>  ')).toBe('b"Tom" & Jerry\'s/b');
    expect(cleanText("O'Brien\u0000\u0007")).toBe("O'Brien");
    expect(cleanText('Smith & Sons (Lab) Ltd.')).toBe('Smith & Sons (Lab) Ltd.');
    expect(cleanText('x'.repeat(1200))).toHaveLength(1000);
  });

  it('keeps the lines of multi-line text, each break written as a line feed', () => {
    expect(cleanText('one\r\ntwo\rthree\nfour\u2028five\u2029six\u0085seven')).toBe(
      'one\ntwo\nthree\nfour\nfive\nsix\nseven',
    );
  });
});

describe('cleanLine', () => {
  it.each([
    ['CR', 'Smith\rIMPORTANT'],
    ['LF', 'Smith\nIMPORTANT'],
    ['CRLF', 'Smith\r\nIMPORTANT'],
    ['blank lines', 'Smith\r\n\r\nIMPORTANT'],
    ['tab', 'Smith\tIMPORTANT'],
    ['line separator U+2028', 'Smith\u2028IMPORTANT'],
    ['paragraph separator U+2029', 'Smith\u2029IMPORTANT'],
    ['next line U+0085', 'Smith\u0085IMPORTANT'],
    ['NUL', 'Smith\u0000IMPORTANT'],
    ['DEL', 'Smith\u007fIMPORTANT'],
    ['vertical tab and form feed', 'Smith\u000b\u000cIMPORTANT'],
  ])('turns %s into one space', (_name, value) => {
    expect(cleanLine(value)).toBe('Smith IMPORTANT');
  });

  it('trims, removes angle brackets and bidirectional overrides, keeps apostrophes and ampersands, caps at 1000', () => {
    expect(cleanLine('  \r\n O\u2019Brien & Sons <Lab>\u202e Ltd. \n')).toBe('O\u2019Brien & Sons Lab Ltd.');
    expect(cleanLine("O'Brien")).toBe("O'Brien");
    expect(cleanLine('x'.repeat(1200))).toHaveLength(1000);
    expect(cleanLine('\r\n\t')).toBe('');
  });
});
