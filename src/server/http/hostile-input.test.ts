import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/support/factories';
import { classics, deepJson, nastyKey, nastyValue, operations, urlPart } from '../../../tests/support/hostile-values';
import { signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import type { OpenApiDocument } from './openapi.test';

// Generated hostile requests to every route of the OpenAPI document, signed out and signed in:
// no 5xx, no stack trace, and health still answers afterwards. Each run draws a new seed, so 2,000 random
// requests a run add up across runs; the time limit is a safety net for a loaded machine, not a measure.
describe('hostile input to every route', () => {
  const t = useTestApp();
  let sent = 0;

  it('answers every generated request with a clean 4xx (or a 2xx), never a 5xx or a stack trace', async () => {
    const document = (await t.get('/api/openapi.json')).json() as OpenApiDocument;
    const ops = operations(document);
    expect(ops.length).toBeGreaterThan(20);
    const { user } = await createUser(t.db);
    const cookie = await signIn(t, user.email);

    // First every classic string in every path parameter, query and body field of every route.
    for (const op of ops) {
      for (const value of classics) {
        const path = op.path.replace(/\{\w+\}/g, () => urlPart(value));
        const search = [...op.queryKeys, 'q'].map((key) => `${key}=${urlPart(value)}`).join('&');
        const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
        const response = await t.app.inject({
          method: op.method as 'GET',
          url: `${path}?${search}`,
          headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), cookie },
          ...(hasBody ? { payload: JSON.stringify(Object.fromEntries(op.bodyKeys.map((key) => [key, value]))) } : {}),
        });
        sent += 1;
        const failure = `${op.method} ${path.slice(0, 80)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
        expect(response.statusCode, failure).toBeLessThan(500);
        expect(response.body, failure).not.toMatch(/\n\s+at |\.ts:\d+|node_modules/);
      }
    }

    const request = fc.record({
      op: fc.constantFrom(...ops),
      params: fc.array(nastyValue, { minLength: 3, maxLength: 3 }),
      query: fc.dictionary(fc.oneof(nastyKey, fc.constantFrom('token', 'email', 'q')), nastyValue, { maxKeys: 3 }),
      body: fc.oneof(
        { arbitrary: fc.constant('keys'), weight: 3 },
        { arbitrary: nastyValue.map((value) => JSON.stringify(value) ?? 'null'), weight: 2 },
        { arbitrary: deepJson, weight: 1 },
        { arbitrary: fc.constantFrom('{"__proto__":{"isAdmin":true}}', '{', 'not json', '\u0000'), weight: 1 },
      ),
      keyValues: fc.array(nastyValue, { minLength: 12, maxLength: 12 }),
      signedIn: fc.boolean(),
    });

    const result = await fc.check(
      fc.asyncProperty(request, async ({ op, params, query, body, keyValues, signedIn }) => {
        let index = 0;
        const path = op.path.replace(/\{\w+\}/g, () => urlPart(params[index++ % params.length]));
        const search = Object.entries({
          ...Object.fromEntries(op.queryKeys.map((key, i) => [key, keyValues[i]])),
          ...query,
        })
          .map(([key, value]) => `${urlPart(key)}=${urlPart(value)}`)
          .join('&');
        const payload =
          body === 'keys'
            ? `{${op.bodyKeys.map((key, i) => `${JSON.stringify(key)}:${JSON.stringify(keyValues[i % keyValues.length]) ?? 'null'}`).join(',')}}`
            : body;
        const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
        const response = await t.app.inject({
          method: op.method as 'GET',
          url: `${path}${search ? `?${search}` : ''}`,
          headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...(signedIn ? { cookie } : {}) },
          ...(hasBody ? { payload } : {}),
        });
        sent += 1;
        const failure = `${op.method} ${path} → ${response.statusCode} ${response.body.slice(0, 300)}`;
        expect(response.statusCode, failure).toBeLessThan(500);
        expect(response.body, failure).not.toMatch(/\n\s+at |\.ts:\d+|node_modules/);
      }),
      {
        numRuns: Number(process.env.FUZZ_RUNS ?? 2000),
        endOnFailure: true,
        seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
      },
    );
    // The failing request, without fast-check's full counterexample (it can hold 300 kB strings).
    const error = result.errorInstance instanceof Error ? result.errorInstance.message.slice(0, 600) : '';
    expect(result.failed, `seed ${result.seed}: ${error}`).toBe(false);
    expect((await t.get('/api/health')).statusCode).toBe(200);
    console.log(`hostile input: ${sent} requests to ${ops.length} operations, 0 answers of 5xx`);
  }, 300_000);
});
