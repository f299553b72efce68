import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The longest test files start first, so the last minutes of a run are not one long file on one
 * core while the other idles. A file's time is vitest's own from the last run on this checkout
 * (its results cache) or, in a clean clone that has none, the committed `tests/durations.json`
 * (`npm run test:durations` writes it); a new file counts as long until it has run once. Files
 * with no time yet (all of them while `tests/durations.json` is empty) go largest first: the longest
 * files (the authorization matrix, document language, the lifecycle) are among the largest.
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const file = join(root, 'tests/durations.json');
    const committed = (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}) as Record<string, number>;
    const longest = Math.max(0, ...Object.values(committed));
    const duration = (spec: TestSpecification) => {
      const path = relative(root, spec.moduleId);
      return this.ctx.cache.getFileTestResults(`${spec.project.name}:${path}`)?.duration ?? committed[path] ?? longest;
    };
    const size = (spec: TestSpecification) => statSync(spec.moduleId).size;
    return [...files].sort((a, b) => duration(b) - duration(a) || size(b) - size(a));
  }
}
