import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createOrder, createUser } from '../../../tests/support/factories';
import { enrollVerifiedFactor, signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { type HttpError } from '../http/http-error';
import { type RequestAuth, requireAdmin } from './request-auth';

type Caller = 'anonymous' | 'customerA' | 'customerB' | 'mfaPending';
const callers: Caller[] = ['anonymous', 'customerA', 'customerB', 'mfaPending'];

interface Case {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
  /** The status each caller must get. */
  expect: Record<Caller, number>;
}

describe('authorization over every account route', () => {
  const t = useTestApp({ now: new Date('2026-03-02T09:00:10.000Z') });

  it('lets each caller reach only what is theirs: 0 unexpected successes', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const c = await createUser(t.db);
    const orderA = await createOrder(t.db, { userId: a.user.id });
    const orderC = await createOrder(t.db, { userId: c.user.id });
    const cookieA = await signIn(t, a.user.email);
    const cookieB = await signIn(t, b.user.email);
    const factorA = (await t.post('/api/auth/factors', {}, { cookie: cookieA })).json().id as string;
    // C has a verified factor and signs in again with the password only: an aal1 session that needs MFA.
    const { factorId: factorC } = await enrollVerifiedFactor(t, await signIn(t, c.user.email));
    const cookieC = await signIn(t, c.user.email);
    const cookies: Record<Caller, string | undefined> = {
      anonymous: undefined,
      customerA: cookieA,
      customerB: cookieB,
      mfaPending: cookieC,
    };

    const profile = { firstName: 'X', lastName: 'Y', phone: null, company: null, country: null };
    const allowOwn = { anonymous: 401, customerA: 200, customerB: 200, mfaPending: 403 };
    const cases: Case[] = [
      { method: 'GET', url: '/api/account/profile', expect: allowOwn },
      { method: 'PUT', url: '/api/account/profile', body: profile, expect: allowOwn },
      { method: 'GET', url: '/api/account/orders', expect: allowOwn },
      {
        method: 'GET',
        url: `/api/account/orders/${orderA.id}`,
        expect: { anonymous: 401, customerA: 200, customerB: 404, mfaPending: 403 },
      },
      {
        method: 'GET',
        url: `/api/account/orders/${orderC.id}`,
        expect: { anonymous: 401, customerA: 404, customerB: 404, mfaPending: 403 },
      },
      {
        method: 'GET',
        url: '/api/account/orders/not-a-uuid',
        expect: { anonymous: 401, customerA: 404, customerB: 404, mfaPending: 403 },
      },
      { method: 'GET', url: '/api/auth/factors', expect: allowOwn },
      {
        method: 'PUT',
        url: '/api/auth/password',
        body: { currentPassword: 'correct-horse-1', password: 'correct-horse-1' },
        expect: allowOwn,
      },
      {
        method: 'POST',
        url: `/api/auth/factors/${factorA}/challenge`,
        expect: { anonymous: 401, customerA: 200, customerB: 404, mfaPending: 404 },
      },
      {
        method: 'POST',
        url: `/api/auth/factors/${factorC}/challenge`,
        expect: { anonymous: 401, customerA: 404, customerB: 404, mfaPending: 200 },
      },
      {
        method: 'POST',
        url: `/api/auth/factors/${factorA}/verify`,
        body: { challengeId: '00000000-0000-4000-8000-000000000000', code: '123456' },
        expect: { anonymous: 401, customerA: 404, customerB: 404, mfaPending: 404 },
      },
      {
        method: 'DELETE',
        url: `/api/auth/factors/${factorC}`,
        expect: { anonymous: 401, customerA: 404, customerB: 404, mfaPending: 403 },
      },
      {
        method: 'DELETE',
        url: `/api/auth/factors/${factorA}`,
        expect: { anonymous: 401, customerA: 200, customerB: 404, mfaPending: 403 },
      },
      {
        method: 'POST',
        url: '/api/auth/factors',
        expect: { anonymous: 401, customerA: 201, customerB: 201, mfaPending: 403 },
      },
    ];

    // customerA runs last on each route, so A's own successful DELETE cannot hide B's attempt.
    const order: Caller[] = ['anonymous', 'customerB', 'mfaPending', 'customerA'];
    const outcomes: string[] = [];
    let unexpectedSuccesses = 0;
    let checked = 0;
    for (const route of cases) {
      for (const caller of order) {
        const cookie = cookies[caller];
        const response = await t.request(route.method, route.url, { body: route.body, ...(cookie ? { cookie } : {}) });
        const expected = route.expect[caller];
        checked += 1;
        if (response.statusCode < 300 && expected >= 300) unexpectedSuccesses += 1;
        if (response.statusCode !== expected)
          outcomes.push(`${caller} ${route.method} ${route.url}: ${response.statusCode}, expected ${expected}`);
      }
    }
    expect(checked).toBe(cases.length * callers.length);
    expect(unexpectedSuccesses).toBe(0);
    expect(outcomes).toEqual([]);

    // Lists hold only the caller's own orders.
    const listA = (await t.get('/api/account/orders', { cookie: cookieA })).json().orders as { id: string }[];
    const listB = (await t.get('/api/account/orders', { cookie: cookieB })).json().orders as { id: string }[];
    expect(listA.map((o) => o.id)).toEqual([orderA.id]);
    expect(listB).toEqual([]);
    // The session route answers everyone, but only about themselves.
    expect((await t.get('/api/auth/session')).json()).toEqual({ user: null });
    expect((await t.get('/api/auth/session', { cookie: cookieC })).json()).toMatchObject({
      user: { id: c.user.id },
      aal: 'aal1',
      nextAal: 'aal2',
    });
  });

  it('guards admin operations with is_admin and aal2', async () => {
    const base: RequestAuth = {
      userId: 'u',
      sessionId: 's',
      email: 'e@example.com',
      aal: 'aal2',
      isAdmin: true,
      roles: ['owner'],
      hasVerifiedFactor: true,
    };
    const guard = (auth: RequestAuth | null) => requireAdmin({ auth, authProblem: null } as unknown as FastifyRequest);
    await expect(guard(base)).resolves.toEqual(base);
    const failures = await Promise.all(
      [null, { ...base, isAdmin: false }, { ...base, aal: 'aal1' as const }].map((auth) =>
        guard(auth).catch((error: HttpError) => [error.statusCode, error.message]),
      ),
    );
    expect(failures).toEqual([
      [401, 'No active session found'],
      [403, 'Insufficient privileges - admin access required'],
      [403, 'Multi-factor authentication required for admin operations'],
    ]);
  });
});
