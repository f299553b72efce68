import fc from 'fast-check';
import type { OpenApiDocument } from '../../src/server/http/openapi.test';

/** Strings that have broken servers: NUL, lone surrogates, huge, path and SQL tricks, prototype keys. */
export const classics = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  "' or 1=1 --",
  '%00',
  '%',
  '<script>alert(1)</script>',
  '',
  ' ',
  '-1',
  '1e309',
  'NaN',
  'x'.repeat(70_000),
];
export const nastyString = fc.oneof(
  fc.constantFrom(...classics),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.nat({ max: 300_000 }).map((n) => 'x'.repeat(n)),
);
export const nastyKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', '\u0000', '\ud800'),
  fc.string({ maxLength: 12 }),
);
export const { value: nastyValue } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(nastyKey, tie('value'), { maxKeys: 4 }),
  ),
}));
/** An object nested thousands deep, as a JSON text (a JS value that deep would not stringify). */
export const deepJson = fc
  .integer({ min: 100, max: 5000 })
  .map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);

export interface Operation {
  method: string;
  path: string;
  bodyKeys: string[];
  queryKeys: string[];
}

/** Each operation of the OpenAPI document with the names of its body properties and query parameters. */
export function operations(document: OpenApiDocument): Operation[] {
  const found: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const body = JSON.stringify(operation.requestBody ?? {});
      const bodyKeys = [...body.matchAll(/"properties":\{"(\w+)"/g)].map((match) => match[1] ?? '');
      const queryKeys = ((operation.parameters ?? []) as { in?: string; name?: string }[])
        .filter((p) => p.in === 'query')
        .map((p) => p.name ?? '');
      found.push({ method: method.toUpperCase(), path, bodyKeys, queryKeys });
    }
  }
  return found;
}

/** A value as it may travel in a URL: lone surrogates cannot be encoded, so they go as raw invalid UTF-8. */
export function urlPart(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}
