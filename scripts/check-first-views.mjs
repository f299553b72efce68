#!/usr/bin/env node
/**
 * Build check (decision 0087): what the first view of a public page loads holds no zod, no language
 * catalogue and no Lingui. Zod builds its schemas as their modules load, and the configurator's first
 * view once loaded zod's core (26 KB gzip, a long task on a phone) for one import; an English visitor
 * loads no catalogue at all, and a German or French one loads only the catalogue, after the entry.
 *
 * For each page below, the entry the boot script starts and the page's own lazy chunk are followed
 * through their static imports (as scripts/check-home-budget.mjs follows them; a dynamic `import()`
 * loads later, if at all). The sign-in page is not listed: its form checks its fields with zod.
 * Exits 1 naming the page and the chunk.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const web = 'dist/web';
const pages = [
  'home-page',
  'configure-page',
  'about-page',
  'automation-page',
  'careers-page',
  'contact-page',
  'coming-soon-page',
  'privacy-policy-page',
  'terms-of-sale-page',
  'not-found-page',
];
/** What a first view must not load, by what the built chunk says or is called. */
const forbidden = [
  { what: 'zod', test: (file, code) => code.includes('$ZodType') },
  { what: 'a language catalogue', test: (file) => /^assets\/(messages|catalogue)-[\w-]+\.js$/.test(file) },
  { what: 'Lingui', test: (file, code) => code.includes('__lingui_') },
];

const entry = /<script data-entry="\/([^"]+)"/.exec(readFileSync('dist/pages/index.html', 'utf8'))?.[1];
const assets = readdirSync(join(web, 'assets'));
const staticImport = /\bimport\s*(?:[\w$*{][^"'()]*?from\s*)?["']\.\/([^"']+\.js)["']/g;

const problems = [];
for (const page of pages) {
  const own = assets.filter((file) => new RegExp(`^${page}-[\\w-]{8}\\.js$`).test(file));
  if (!entry || own.length !== 1) {
    problems.push(`${page}: cannot find the entry (${entry}) and the page's one lazy chunk (${own.join(', ')})`);
    continue;
  }
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(join(web, file), 'utf8');
    for (const { what, test } of forbidden) if (test(file, code)) problems.push(`${page} loads ${what} in /${file}`);
    for (const [, name] of code.matchAll(staticImport)) visit(join('assets', name));
  };
  visit(entry);
  visit(join('assets', own[0]));
}

if (problems.length > 0) {
  console.error(`✗ a public page's first view loads what it does not need:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`✓ no zod, catalogue or Lingui in the first view of ${pages.length} public pages`);
