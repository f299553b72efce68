import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createOrder, createQuote, createUser } from '../../../tests/support/factories';
import {
  classics,
  deepJson,
  nastyKey,
  nastyValue,
  type Operation,
  operations,
  urlPart,
} from '../../../tests/support/hostile-values';
import { useTestApp } from '../../../tests/support/test-app';
import { orderStatuses, paymentStatuses, quoteStatuses } from '../../shared/orders/order-status';
import { incompleteOrders, paymentTransactions } from '../db/schema';
import type { OpenApiDocument } from './openapi.test';

/**
 * Values that pass a loose check and then break a database, sent one field at a time (the other
 * fields left out, so nothing else refuses the request first): impossible days, out-of-range years,
 * another list's statuses, integers beyond a column's range, NUL.
 */
const eachField = [
  '2026-02-30',
  '9999-12-31',
  'bogus',
  'pending',
  'expired',
  99_999_999_999,
  2 ** 31,
  -1,
  1.5,
  null,
  '\u0000',
];
/** Values sent in every field at once: a lone surrogate, huge text, SQL, empty, an overflowing number, a wrong type. */
const allFields = ['\ud800', 'x'.repeat(70_000), "' or 1=1 --", '', '1e309', true];
const pad = (n: number) => String(n).padStart(2, '0');
const dateLike = fc
  .tuple(fc.integer({ min: 0, max: 12000 }), fc.integer({ min: 0, max: 19 }), fc.integer({ min: 0, max: 39 }))
  .map(([year, month, day]) => `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`);
const statusWord = fc.constantFrom(
  ...orderStatuses,
  ...paymentStatuses,
  ...quoteStatuses,
  'admin',
  'customer',
  'contacted',
  'open',
  'deposit',
  'balance',
  'credit',
  'bogus',
);
const edgeNumber = fc.oneof(
  fc.constantFrom(0, -1, 1, 2 ** 31 - 1, 2 ** 31, 2 ** 53, 1e21, 0.5, 100_000_000, 100_000_001),
  fc.integer(),
);

// Generated hostile requests to every /api/admin route the app registered, as an admin at aal2 who
// has just passed step-up (so the ⚿ routes reach their handlers), rate limits off so every request
// is served: no 5xx, no stack trace, and the admin session still works afterwards.
describe('hostile input to every admin route', () => {
  const t = useTestApp({ now: new Date('2026-03-02T09:00:10.000Z'), env: { RATE_LIMITS: 'off' } });

  it('answers every generated admin request with a clean 4xx (or a 2xx), never a 5xx or a stack trace', async () => {
    const documented = operations((await t.get('/api/openapi.json')).json() as OpenApiDocument);
    const ops: Operation[] = t.app.apiRoutes
      .map((route) => route.split(' ') as [string, string])
      .filter(([, path]) => path.startsWith('/api/admin/'))
      .map(([method, path]) => {
        const op = documented.find((candidate) => candidate.method === method && candidate.path === path);
        return { method, path, bodyKeys: op?.bodyKeys ?? [], queryKeys: op?.queryKeys ?? [] };
      });
    expect(ops.length).toBeGreaterThan(30);

    const admin = await createAdminSession(t);
    const customer = await createUser(t.db);
    const order = await createOrder(t.db, { userId: customer.user.id });
    const paid = await createOrder(t.db, { totalAmount: 682000, depositAmount: 341000 });
    const [payment] = await t.db
      .insert(paymentTransactions)
      .values({ orderId: paid.id, transactionType: 'deposit', amount: 341000, currency: 'GBP', status: 'completed' })
      .returning();
    await createQuote(t.db);
    const [abandoned] = await t.db
      .insert(incompleteOrders)
      .values({ email: 'fuzz@example.com', stepReached: 'review', lastActivityAt: new Date('2026-03-01T09:00:00Z') })
      .returning();
    await admin.stepUp();
    const issued = await t.post(`/api/admin/orders/${paid.id}/invoices`, { kind: 'deposit' }, { cookie: admin.cookie });
    expect(issued.statusCode).toBe(201);
    const firstOf = async (url: string, key: string) =>
      String(((await t.get(url, { cookie: admin.cookie })).json().items as Record<string, unknown>[])[0]?.[key] ?? '');
    // A real id for each path parameter, by the collection it follows, so hostile bodies meet real rows.
    const realIds: Record<string, string[]> = {
      orders: [order.id, paid.id],
      payments: [payment?.id ?? ''],
      invoices: [issued.json().invoice.id as string],
      users: [customer.user.id],
      abandoned: [abandoned?.id ?? ''],
      accessories: [await firstOf('/api/admin/accessories', 'optionId')],
      shipping: [await firstOf('/api/admin/shipping', 'optionId')],
      batches: [await firstOf('/api/admin/batches', 'batchId')],
      'product-configurations': [await firstOf('/api/admin/product-configurations', 'configId')],
    };
    const realPath = (path: string, pick = 0) =>
      path.replace(/\/([\w-]+)\/\{\w+\}/g, (_, collection: string) => {
        const ids = realIds[collection] ?? ['00000000-0000-4000-8000-000000000000'];
        return `/${collection}/${ids[pick % ids.length]}`;
      });
    expect(
      Object.values(realIds)
        .flat()
        .every((id) => id !== ''),
    ).toBe(true);

    let sent = 0;
    const statuses = new Map<number, number>();
    const send = async (method: string, url: string, payload: string | undefined) => {
      const hasBody = method !== 'GET' && method !== 'DELETE';
      const response = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), cookie: admin.cookie },
        ...(hasBody ? { payload: payload ?? '{}' } : {}),
      });
      sent += 1;
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      const failure = `${method} ${url.slice(0, 120)} ${payload?.slice(0, 200) ?? ''} → ${response.statusCode} ${response.body.slice(0, 300)}`;
      expect(response.statusCode, failure).toBeLessThan(500);
      expect(response.body, failure).not.toMatch(/\n\s+at |\.ts:\d+|node_modules/);
    };

    // First the sweep: each value on real rows, one field at a time or in every field, and in every path parameter.
    for (const op of ops) {
      const fields = [
        ...op.queryKeys.map((key) => ({ key, inQuery: true })),
        ...op.bodyKeys.map((key) => ({ key, inQuery: false })),
      ];
      const requests: { query: Record<string, unknown>; body: Record<string, unknown> }[] = [];
      for (const value of eachField)
        for (const { key, inQuery } of fields)
          requests.push(inQuery ? { query: { [key]: value }, body: {} } : { query: {}, body: { [key]: value } });
      for (const value of allFields)
        requests.push({
          query: Object.fromEntries(op.queryKeys.map((key) => [key, value])),
          body: Object.fromEntries(op.bodyKeys.map((key) => [key, value])),
        });
      for (const { query, body } of requests) {
        const search = Object.entries(query)
          .map(([key, value]) => `${key}=${urlPart(value)}`)
          .join('&');
        await send(op.method, `${realPath(op.path)}${search ? `?${search}` : ''}`, JSON.stringify(body));
      }
      if (op.path.includes('{'))
        for (const value of [...allFields, ...eachField])
          await send(
            op.method,
            op.path.replace(/\{\w+\}/g, () => urlPart(value)),
            '{}',
          );
    }

    const fieldValue = fc.oneof(
      { arbitrary: dateLike, weight: 3 },
      { arbitrary: statusWord, weight: 3 },
      { arbitrary: edgeNumber, weight: 2 },
      { arbitrary: nastyValue, weight: 2 },
      { arbitrary: fc.constantFrom(...eachField, ...allFields, ...classics), weight: 1 },
    );
    const request = fc.record({
      op: fc.constantFrom(...ops),
      realRow: fc.boolean(),
      pick: fc.nat({ max: 3 }),
      params: fc.array(nastyValue, { minLength: 2, maxLength: 2 }),
      fields: fc.array(fieldValue, { minLength: 16, maxLength: 16 }),
      extraQuery: fc.dictionary(nastyKey, nastyValue, { maxKeys: 2 }),
      body: fc.oneof(
        { arbitrary: fc.constant('fields'), weight: 6 },
        { arbitrary: nastyValue.map((value) => JSON.stringify(value) ?? 'null'), weight: 1 },
        { arbitrary: deepJson, weight: 1 },
        { arbitrary: fc.constantFrom('{"__proto__":{"isAdmin":true}}', '{', 'not json', '\u0000'), weight: 1 },
      ),
    });
    const result = await fc.check(
      fc.asyncProperty(request, async ({ op, realRow, pick, params, fields, extraQuery, body }) => {
        let index = 0;
        const path = realRow
          ? realPath(op.path, pick)
          : op.path.replace(/\{\w+\}/g, () => urlPart(params[index++ % params.length]));
        const search = Object.entries({
          ...Object.fromEntries(op.queryKeys.map((key, i) => [key, fields[i % fields.length]])),
          ...extraQuery,
        })
          .map(([key, value]) => `${urlPart(key)}=${urlPart(value)}`)
          .join('&');
        const payload =
          body === 'fields'
            ? JSON.stringify(Object.fromEntries(op.bodyKeys.map((key, i) => [key, fields[i % fields.length]])))
            : body;
        await send(op.method, `${path}${search ? `?${search}` : ''}`, payload);
      }),
      {
        numRuns: Number(process.env.FUZZ_RUNS ?? 150),
        endOnFailure: true,
        seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
      },
    );
    const error = result.errorInstance instanceof Error ? result.errorInstance.message.slice(0, 600) : '';
    expect(result.failed, `seed ${result.seed}: ${error}`).toBe(false);

    // The session stayed an admin's at aal2 throughout, so the requests reached the routes.
    const refused = (statuses.get(401) ?? 0) + (statuses.get(403) ?? 0);
    expect(refused / sent).toBeLessThan(0.05);
    expect((await t.get('/api/admin/dashboard', { cookie: admin.cookie })).statusCode).toBe(200);
    expect((await t.get('/api/health')).statusCode).toBe(200);
    console.log(
      `admin hostile input: ${sent} requests to ${ops.length} admin operations, 0 answers of 5xx (${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}×${n}`)
        .join(', ')})`,
    );
  }, 180_000);
});
