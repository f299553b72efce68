import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { committedDir, expectedCompiledCopies } from '../../../tests/support/einvoice-rules';

// The compiled rules the repository carries are those of the vendored sources as they are now: a changed
// stylesheet, Schematron or transpiler is a new key, and this fails until `npm run einvoice:compile` runs.
describe('the committed compiled e-invoice rules', () => {
  it('hold each syntax compiled from the vendored sources as they are now, and nothing stale', () => {
    const expected = expectedCompiledCopies().map((file) => path.basename(file));
    expect(expected).toHaveLength(4);
    for (const file of expected)
      expect(existsSync(path.join(committedDir, file)), `${file}: run npm run einvoice:compile`).toBe(true);
    expect(readdirSync(committedDir).sort()).toEqual([...expected].sort());
  });
});
