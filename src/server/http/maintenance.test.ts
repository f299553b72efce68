import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createUser, guestOrderBody } from '../../../tests/support/factories';
import { signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import { defaultSystemSettings } from '../../shared/settings';
import {
  auditLog,
  incompleteOrders,
  incompleteRegistrations,
  mailOutbox,
  orders,
  profiles,
  quotes,
  usaWaitlist,
  users,
} from '../db/schema';
import { MAINTENANCE_MESSAGE } from './maintenance';

const isOpenWrite = (route: string) =>
  route.startsWith('/api/admin/') ||
  route.startsWith('/api/setup/') ||
  (route.startsWith('/api/auth/') && route !== '/api/auth/signup');

/** A body each storefront write would accept, so a request that got through would write. */
const bodies: Record<string, (email: string) => unknown> = {
  '/api/orders': (email) => guestOrderBody(email),
  '/api/quotes': (email) => ({
    configuration: defaultSelection,
    customerInfo: { email, firstName: 'Rosalind', lastName: 'Franklin', organization: 'Kings College' },
    flowType: 'quote',
  }),
  '/api/auth/signup': (email) => ({ email, password: 'correct-horse-1' }),
  '/api/waitlist': (email) => ({ email }),
  '/api/flows/email': (email) => ({ email, flowType: 'quote' }),
  '/api/flows/progress': (email) => ({ email, step: 'shipping', sessionId: randomUUID() }),
  '/api/account/profile': () => ({ firstName: 'Changed', lastName: 'During', company: '', phone: '', country: 'GB' }),
};

const hex = (character: string) => `%${character.charCodeAt(0).toString(16)}`;
/** Ways of writing one path that a router may read as the same route. */
const spellings = (path: string) => {
  const cut = path.lastIndexOf('/') + 1;
  return [
    path,
    `/${hex('a')}pi${path.slice('/api'.length)}`,
    `${path.slice(0, cut)}${hex(path[cut] ?? 'x')}${path.slice(cut + 1)}`,
    `/${path}`,
    path.replace('/api/', '/api//'),
    `${path}/`,
    `${path}.`,
  ];
};

describe('Maintenance Mode on every spelling of a path', () => {
  const t = useTestApp();

  const rowCounts = async () => {
    const tables = {
      users,
      profiles,
      quotes,
      orders,
      usaWaitlist,
      incompleteRegistrations,
      incompleteOrders,
      mailOutbox,
    };
    const counts: Record<string, number> = {};
    for (const [name, table] of Object.entries(tables)) {
      counts[name] = (await t.db.select({ n: count() }).from(table))[0]?.n ?? 0;
    }
    counts.auditLog = (await t.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0;
    return counts;
  };

  it('refuses every storefront write (503, nothing written) and page, however the path is written; admin and sign-in stay open', async () => {
    const admin = await createAdminSession(t);
    const customer = await createUser(t.db);
    const customerCookie = await signIn(t, customer.user.email);
    const saved = await t.put(
      '/api/admin/settings',
      { ...defaultSystemSettings, maintenanceMode: true },
      { cookie: admin.cookie },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const storefrontWrites = t.app.apiRoutes
        .map((route) => route.split(' ') as [string, string])
        .filter(([method, route]) => method !== 'GET' && !isOpenWrite(route))
        // The writes that store something first, so a failure names the worst case.
        .sort(([, a], [, b]) => Number(b in bodies) - Number(a in bodies));
      expect(storefrontWrites.map(([method, route]) => `${method} ${route}`)).toEqual(
        expect.arrayContaining([
          'POST /api/orders',
          'POST /api/quotes',
          'POST /api/auth/signup',
          'PUT /api/account/profile',
        ]),
      );

      const before = await rowCounts();
      let n = 0;
      for (const [method, route] of storefrontWrites) {
        for (const path of spellings(route.replaceAll(/\{\w+\}/g, randomUUID()))) {
          const body = (bodies[route] ?? (() => ({})))(`maint-${(n += 1)}@example.com`);
          const response = await t.request(method as 'POST', path, { body, cookie: customerCookie });
          expect(response.statusCode, `${method} ${path}`).toBe(503);
          expect(response.json().error, `${method} ${path}`).toMatchObject({
            code: 'maintenance',
            message: MAINTENANCE_MESSAGE,
          });
        }
      }
      expect(await rowCounts()).toEqual(before);
      const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, customer.user.id));
      expect(profile?.firstName).toBe('Ada');

      for (const path of [
        '/configure',
        '/%63onfigure',
        '//configure',
        '/configure/',
        '/%6frder-flow',
        '/quote-flow//',
      ]) {
        const page = await t.get(path);
        expect(page.statusCode, path).toBe(503);
        expect(page.body, path).toContain('Down for maintenance');
      }

      // Signing in and the admin portal stay open, however written.
      expect(
        (await t.post('/api/auth/signin', { email: customer.user.email, password: 'correct-horse-1' })).statusCode,
      ).toBe(200);
      for (const path of ['/api/admin/settings', '/api/%61dmin/settings']) {
        const response = await t.put(
          path,
          { ...defaultSystemSettings, maintenanceMode: true, siteName: 'Dropwise Labs' },
          { cookie: admin.cookie },
        );
        expect(response.statusCode, path).toBe(200);
      }
      for (const path of ['/login', '/%6cogin', '/admin/', '/%61dmin']) {
        expect((await t.get(path)).statusCode, path).not.toBe(503);
      }
    } finally {
      await t.put('/api/admin/settings', defaultSystemSettings, { cookie: admin.cookie });
    }
  });
});
