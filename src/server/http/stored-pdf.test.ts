import { describe, expect, it } from 'vitest';
import { etagMatches } from './stored-pdf';

describe('etagMatches', () => {
  const etag = '"abc123"';

  it('matches the tag itself, in a list, weak or not, and *', () => {
    expect(etagMatches('"abc123"', etag)).toBe(true);
    expect(etagMatches('"other", "abc123"', etag)).toBe(true);
    expect(etagMatches('W/"abc123"', etag)).toBe(true);
    expect(etagMatches('*', etag)).toBe(true);
  });

  it('does not match another tag, an unquoted one or no header', () => {
    expect(etagMatches('"abc1234"', etag)).toBe(false);
    expect(etagMatches('abc123', etag)).toBe(false);
    expect(etagMatches(undefined, etag)).toBe(false);
    expect(etagMatches('', etag)).toBe(false);
  });
});
