#!/usr/bin/env node
/**
 * Build check: the home page's first-load JavaScript stays within its budget (110 KB gzip, issue 27;
 * `homePageJsKbGzip` in scripts/budgets.json). Counted as `npm run lighthouse` counts what the browser fetched: the entry chunk the
 * boot script starts, the home page's own lazy chunk, every chunk either imports statically (each
 * gzipped at level 9, KB of 1,000 bytes), and the page's inline scripts. Run after the prerender;
 * exits 1 naming the chunks when the budget is exceeded.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const homeJsBudgetKb = JSON.parse(
  readFileSync(new URL('./budgets.json', import.meta.url), 'utf8'),
).homePageJsKbGzip;
const web = 'dist/web';
const page = readFileSync('dist/pages/index.html', 'utf8');

const entry = /<script data-entry="\/([^"]+)"/.exec(page)?.[1];
const homeChunk = readdirSync(join(web, 'assets')).filter((file) => /^home-page-[\w-]+\.js$/.test(file));
if (!entry || homeChunk.length !== 1) {
  console.error(`✗ cannot find the home page's entry (${entry}) and its one lazy chunk (${homeChunk.join(', ')})`);
  process.exit(1);
}

/** `import … from "./x.js"` and `import "./x.js"`, not `import("./x.js")` (a lazy chunk that loads later, if at all). */
const staticImport = /\bimport\s*(?:[\w$*{][^"'()]*?from\s*)?["']\.\/([^"']+\.js)["']/g;
const chunks = new Set();
const visit = (file) => {
  if (chunks.has(file)) return;
  chunks.add(file);
  const code = readFileSync(join(web, file), 'utf8');
  for (const [, name] of code.matchAll(staticImport)) visit(join('assets', name));
};
visit(entry);
visit(join('assets', homeChunk[0]));

const kb = (bytes) => Number((bytes / 1000).toFixed(1));
const rows = [...chunks].map((file) => {
  if (!existsSync(join(web, file))) throw new Error(`${file} is imported but was not built`);
  return { name: `/${file}`, kb: kb(gzipSync(readFileSync(join(web, file)), { level: 9 }).length) };
});
const inline = [...page.matchAll(/<script(?![^>]*\b(?:src=|type="application\/ld\+json"))[^>]*>([\s\S]*?)<\/script>/g)]
  .map((match) => match[1])
  .filter((code) => code.trim() !== '');
if (inline.length > 0)
  rows.push({ name: '(inline scripts of index.html)', kb: kb(gzipSync(inline.join('\n'), { level: 9 }).length) });
const total = Number(rows.reduce((sum, row) => sum + row.kb, 0).toFixed(1));

if (total > homeJsBudgetKb) {
  console.error(`✗ the home page's first-load JavaScript is ${total} KB gzip, over its ${homeJsBudgetKb} KB budget:`);
  for (const row of rows.sort((a, b) => b.kb - a.kb))
    console.error(`  ${row.kb.toFixed(1).padStart(6)} KB  ${row.name}`);
  process.exit(1);
}
console.log(
  `✓ the home page's first-load JavaScript is ${total} KB gzip (budget ${homeJsBudgetKb} KB, ${rows.length} files)`,
);
