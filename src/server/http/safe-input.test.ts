import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { realDetails } from '../../../tests/support/business-profile';
import { createUser, guestBilling } from '../../../tests/support/factories';
import { signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { findUnsafeText, unsafeTextMessage } from './safe-input';

describe('text the database cannot hold is refused in one place (security finding 5)', () => {
  const t = useTestApp();

  it('finds NUL bytes and lone surrogates anywhere, and leaves paired surrogates (emoji) alone', () => {
    expect(findUnsafeText({ a: { b: ['ok', 'bad\u0000'] } }, '')).toBe('a.b.1');
    expect(findUnsafeText({ name: 'x\uD800' }, '')).toBe('name');
    expect(findUnsafeText({ name: '\uDC00x' }, '')).toBe('name');
    expect(findUnsafeText({ ['k\u0000']: 1 }, '')).toBe('k\u0000');
    expect(findUnsafeText({ name: 'Zoë 🧪 Smith & Sons' }, '')).toBeNull();
  });

  it('answers 400 naming the field, never 500, on every field the audit found', async () => {
    const { user } = await createUser(t.db);
    const cookie = await signIn(t, user.email);
    const bad = ['nul\u0000byte', 'lone\uD800surrogate', 'lone\uDFFFlow'];
    const cases: [string, string, (value: string) => unknown, string, string?][] = [
      [
        'POST',
        '/api/auth/signup',
        (v) => ({ email: 'x@example.com', password: 'secret-pw', firstName: v }),
        'firstName',
      ],
      ['POST', '/api/auth/signup', (v) => ({ email: 'x@example.com', password: 'secret-pw', lastName: v }), 'lastName'],
      ['POST', '/api/auth/factors', (v) => ({ friendlyName: v }), 'friendlyName', cookie],
      [
        'POST',
        '/api/orders',
        (v) => ({
          configuration: defaultSelection,
          billing: guestBilling(),
          idempotencyKey: randomUUID(),
          sessionId: v,
        }),
        'sessionId',
      ],
      [
        'POST',
        '/api/orders',
        (v) => ({ billing: guestBilling(), idempotencyKey: randomUUID(), quoteReference: v }),
        'quoteReference',
      ],
      ...(['firstName', 'lastName', 'company', 'phone', 'address', 'city', 'postalCode'] as const).map(
        (field): [string, string, (value: string) => unknown, string] => [
          'POST',
          '/api/orders',
          (v) => ({
            configuration: defaultSelection,
            billing: { ...guestBilling(), [field]: v },
            idempotencyKey: randomUUID(),
          }),
          `billing.${field}`,
        ],
      ),
    ];
    for (const value of bad) {
      for (const [method, url, body, field, withCookie] of cases) {
        const response = await t.request(method as 'POST', url, {
          body: body(value),
          ...(withCookie ? { cookie: withCookie } : {}),
        });
        expect(response.statusCode, `${url} ${field} ${JSON.stringify(value)}`).toBe(400);
        expect(response.json().error.fields).toEqual({ [field]: unsafeTextMessage });
      }
    }
    for (const path of ['/api/quotes/%00', '/api/quotes/a%00b/pdf', '/api/products/%00', '/api/quotes/%ED%A0%80']) {
      const response = await t.get(path);
      expect(response.statusCode, path).toBe(400);
      expect(response.body).not.toMatch(/stack|at .*\.ts/);
    }
  });

  it('F7: a billing field with U+FFFE or U+FFFF, at checkout or from staff, is refused with 400 naming the field', async () => {
    for (const value of ['Siemens\uFFFE AG', 'Siemens\uFFFF AG', 'Lab\u{1FFFE}', 'Lab\uFDD0', 'Lab\u0007']) {
      const order = await t.post('/api/orders', {
        configuration: defaultSelection,
        billing: { ...guestBilling(), company: value },
        idempotencyKey: randomUUID(),
      });
      expect(order.statusCode, JSON.stringify(value)).toBe(400);
      expect(order.json().error.fields).toEqual({ 'billing.company': unsafeTextMessage });
    }
    const query = await t.get(`/api/orders?search=${encodeURIComponent('x\uFFFF')}`);
    expect(query.statusCode).toBe(400);
    expect(query.json().error.fields).toEqual({ 'query.search': unsafeTextMessage });

    const admin = await createAdminSession(t);
    const profile = await t.put(
      '/api/admin/business-profile',
      { ...realDetails, legalName: 'Fjordlight\uFFFE Instruments Ltd' },
      { cookie: admin.cookie },
    );
    expect(profile.statusCode).toBe(400);
    expect(profile.json().error.fields).toEqual({ legalName: unsafeTextMessage });
  });
});
