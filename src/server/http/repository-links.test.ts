import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rootDir } from '../config/paths';

/** The repository's tracked files (and new ones not ignored), as a clone has them. */
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: rootDir,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file && existsSync(join(rootDir, file)));
const markdown = files.filter((file) => file.endsWith('.md') && !file.startsWith('vendor/'));
const ownText = files.filter(
  (file) => /\.(md|ts|tsx|mjs|js|json|sh)$|^\.ci\/run$/.test(file) && !file.startsWith('vendor/'),
);

// Issue 49: a clone made anywhere has everything the README and the docs link to.
describe('a fresh clone', () => {
  it('has the specification and the architecture note in docs/', () => {
    for (const file of ['docs/spec/storefront.md', 'docs/spec/accounts-and-admin.md', 'docs/architecture.md'])
      expect(files).toContain(file);
  });

  it('has no link or path out of the repository (../shared or this machine’s /work)', () => {
    const outside = ownText.filter((file) =>
      /(?<![./\w])\.\.\/shared\/(spec|docs|einvoice|hooks)|\/work\/shared/.test(
        readFileSync(join(rootDir, file), 'utf8'),
      ),
    );
    expect(outside).toEqual([]);
  });

  it('resolves every relative link in the README and docs to a file of the repository', () => {
    const broken: string[] = [];
    for (const file of markdown) {
      const text = readFileSync(join(rootDir, file), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
        if (!target || /^[a-z]+:/i.test(target)) continue;
        const path = resolve(rootDir, dirname(file), target);
        if (relative(rootDir, path).startsWith('..') || !existsSync(path)) broken.push(`${file}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
