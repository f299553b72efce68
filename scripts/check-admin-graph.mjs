#!/usr/bin/env node
/**
 * Build check: no src/web/admin module is in the static import graph of a storefront entry
 * (src/web/entry-client.tsx, src/web/entry-server.tsx). Static `import … from` and `export … from`
 * edges are followed; a dynamic `import()` is where a lazy chunk starts, so it is not. Type-only
 * imports are erased by the compiler and are not followed either. Exits 1 naming the chain.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const entries = ['src/web/entry-client.tsx', 'src/web/entry-server.tsx'].map((file) => join(root, file));
const adminDir = join(root, 'src/web/admin');
const staticImport = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function resolveModule(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const parent = new Map();
const seen = new Set();
const stack = [...entries];
for (const entry of entries) parent.set(entry, null);
let offender = null;
while (stack.length > 0 && !offender) {
  const file = stack.pop();
  if (seen.has(file)) continue;
  seen.add(file);
  if (file.startsWith(adminDir)) {
    offender = file;
    break;
  }
  if (!/\.(tsx?|mjs|js)$/.test(file)) continue;
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(staticImport)) {
    const target = resolveModule(file, match[1]);
    if (target && !seen.has(target)) {
      if (!parent.has(target)) parent.set(target, file);
      stack.push(target);
    }
  }
}

if (offender) {
  const chain = [];
  for (let at = offender; at; at = parent.get(at)) chain.unshift(relative(root, at));
  console.error(`✗ an admin module is in a storefront entry's static import graph:\n  ${chain.join('\n  → ')}`);
  process.exit(1);
}
console.log(
  `✓ no src/web/admin module in the static import graph of the storefront entries (${seen.size} modules checked)`,
);
