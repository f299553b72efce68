import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import { createUser } from '../../../tests/support/factories';
import { enrollVerifiedFactor, signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { queryRows } from '../db/client';

const CANARY = 'canary7f3a9c';
const lines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});

/**
 * Every write route meets a real database error (a trigger refuses every insert and update), with
 * a canary in what it writes; the captured log must name the failure but carry no value: no
 * canary, no query parameters, no password hash, no TOTP secret, no token (security finding 2).
 */
describe('no secret or personal value reaches the logs when the database fails', () => {
  const t = useTestApp({ logStream });

  it('logs each failed write without its values', async () => {
    const { user } = await createUser(t.db, { email: `${CANARY}-owner@example.com` });
    const cookie = await signIn(t, user.email);
    const mfaUser = await createUser(t.db, { email: 'mfa-owner@example.com' });
    const mfa = await enrollVerifiedFactor(t, await signIn(t, mfaUser.user.email));

    // From here on, every insert or update in the shop's tables fails inside PostgreSQL.
    const tables = await queryRows<{ tablename: string }>(
      t.db,
      sql`select tablename from pg_tables where schemaname = 'public'`,
    );
    await t.db.execute(
      sql.raw(
        `create function refuse_writes() returns trigger language plpgsql as $$ begin raise exception 'writes refused for this test'; end $$`,
      ),
    );
    for (const { tablename } of tables) {
      await t.db.execute(
        sql.raw(
          `create trigger refuse_writes before insert or update on "${tablename}" for each row execute function refuse_writes()`,
        ),
      );
    }

    const billing = {
      firstName: `Ada${CANARY}`,
      lastName: 'Lovelace',
      company: `Labs ${CANARY}`,
      email: `${CANARY}@example.com`,
      phone: '+44 20 7946 0000',
      address: `1 ${CANARY} Street`,
      city: 'London',
      state: '',
      postalCode: 'SW1Y 4JH',
      country: 'GB',
    };
    const writes: [string, string, unknown, string?][] = [
      [
        'POST',
        '/api/auth/signup',
        { email: `${CANARY}-new@example.com`, password: `pw-${CANARY}`, firstName: `N${CANARY}` },
      ],
      ['POST', '/api/auth/signin', { email: user.email, password: 'correct-horse-1' }],
      ['POST', '/api/auth/recover', { email: user.email }],
      ['PUT', '/api/auth/password', { currentPassword: 'correct-horse-1', password: `new-${CANARY}` }, cookie],
      ['POST', '/api/auth/factors', { friendlyName: `Phone ${CANARY}` }, cookie],
      ['POST', `/api/auth/factors/${mfa.factorId}/challenge`, {}, mfa.cookie],
      [
        'PUT',
        '/api/account/profile',
        { firstName: `F${CANARY}`, lastName: null, phone: CANARY, company: null, country: null },
        cookie,
      ],
      ['POST', '/api/waitlist', { email: `${CANARY}-wait@example.com` }],
      ['POST', '/api/flows/email', { email: `${CANARY}-flow@example.com`, flowType: 'quote' }],
      [
        'POST',
        '/api/flows/progress',
        { email: `${CANARY}-progress@example.com`, step: 'shipping', sessionId: randomUUID(), firstName: CANARY },
      ],
      [
        'POST',
        '/api/quotes',
        {
          configuration: defaultSelection,
          customerInfo: {
            email: `${CANARY}-quote@example.com`,
            firstName: 'Ada',
            lastName: 'Lovelace',
            organization: `Org ${CANARY}`,
          },
          flowType: 'quote',
        },
      ],
      [
        'POST',
        '/api/orders',
        {
          configuration: defaultSelection,
          billing,
          notes: `Note ${CANARY}`,
          idempotencyKey: randomUUID(),
          acceptTerms: true,
        },
      ],
    ];
    for (const [method, url, body, withCookie] of writes) {
      const response = await t.request(method as 'POST', url, { body, ...(withCookie ? { cookie: withCookie } : {}) });
      // The write failed for real (or its failure was swallowed where the route says so), and no internals leaked.
      expect(response.body, `${method} ${url}`).not.toContain(CANARY);
      expect(response.body).not.toMatch(/refuse_writes|Failed query|params/i);
    }

    const log = lines.join('');
    expect(log).toContain('request failed');
    expect(log).toContain('P0001'); // the SQLSTATE of the trigger's exception is kept
    expect(log).not.toContain(CANARY);
    expect(log).not.toMatch(/Failed query|params:|\$argon2/i);
    expect(log).not.toContain(mfa.secret);
    expect(log).not.toMatch(/[A-Z2-7]{32}/); // no TOTP secret of the factor being enrolled
    expect(log).not.toContain(cookie.split('=')[1] ?? 'no-cookie');
  });
});
