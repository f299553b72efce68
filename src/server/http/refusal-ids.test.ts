import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One message model (issue 53): a refusal a customer can meet carries its message id, so the page shows
 * it in the customer's language. A refusal is thrown through the helpers of http-error.ts or given to a
 * rate limit; its message must be a descriptor (`authRefusals.x`, `withValues(…)`), never English text
 * (a string or template literal, or an English map such as `quoteActionMessages.x`).
 *
 * The staff's own routes stay English by design (staff accounts read English, decision 0082) and are
 * not scanned. `notYetById` lists the customer-facing files whose refusals are still English text: the
 * list may only shrink (the test fails when a listed file has none left), and a file not listed fails.
 * That each descriptor's id has German and French is src/web/i18n/catalogue.test.ts's.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const helpers =
  'badRequest|unauthorized|forbidden|notFound|conflict|unsupportedMediaType|unprocessable|tooManyRequests|serviceUnavailable';
/**
 * A helper whose first argument is English: a string or template literal, an English map's entry, or
 * an English constant (`ALREADY_SIGNED_UP`).
 */
const englishRefusal = new RegExp(String.raw`\b(?:${helpers})\(\s*(?:['"\x60]|\w+Messages\.\w+|[A-Z][A-Z_]+\b)`, 'g');
/** A rate limit whose message is English. */
const englishLimit =
  /\b(?:rateLimit|perClientAndEmail|extraRateLimit)\((?:[^()]|\([^()]*\))*?\bmessage:\s*(?:['"\x60]|\w+Messages\.\w+)/g;

/** Staff-only code: its refusals read English by design. */
const staffOnly = (path: string) =>
  /^src\/server\/(admin|staff|reporting|metrics|jobs|workflows)\//.test(path) ||
  /(admin-|-admin|production-list|batch-places|record-payment|account-receipts|invoices|reminder|peppol|vat-number-evidence|export-proof|delivery-note|order-pro-forma|einvoices|test-records|exchange-rates|first-admin-setup|move-service-request|update-order|quote-admin|extend-quote-validity|batch-date-mail|po-document|pdf-upload|statement-mail|customer-statement|instrument-life|supplier-pack\.ts|customers\.ts|maintenance|metrics|admin-route-config)/.test(
    path,
  );

/** Customer-facing files whose refusals are still English text (issue 53, to be moved to descriptors). */
const notYetById = new Set<string>([]);

function* serverFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* serverFiles(path);
    else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) yield path;
  }
}

function englishRefusals() {
  const found = new Map<string, string[]>();
  for (const file of serverFiles(join(root, 'src/server'))) {
    const path = relative(root, file).replaceAll('\\', '/');
    if (staffOnly(path) || path === 'src/server/http/http-error.ts') continue;
    const code = readFileSync(file, 'utf8');
    const hits = [...code.matchAll(englishRefusal), ...code.matchAll(englishLimit)].map((match) => {
      const line = code.slice(0, match.index).split('\n').length;
      return `${path}:${line}: ${code.slice(match.index, match.index + 70).split('\n')[0]}`;
    });
    if (hits.length > 0) found.set(path, hits);
  }
  return found;
}

describe('server refusals carry a message id (issue 53)', () => {
  it('no customer-facing refusal is English text outside the listed files', () => {
    const unlisted = [...englishRefusals()].filter(([path]) => !notYetById.has(path)).flatMap(([, hits]) => hits);
    expect(unlisted).toEqual([]);
  });

  it('the list of files still to move only shrinks: each listed file still has an English refusal', () => {
    const found = englishRefusals();
    expect([...notYetById].filter((path) => !found.has(path))).toEqual([]);
  });
});
