import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/support/factories';
import { cookiesFrom, useTestApp } from '../../../tests/support/test-app';
import { profiles, setupTokens, users } from '../db/schema';
import { issueSetupToken } from './first-admin-setup';
import { hashToken } from './tokens';

const start = new Date('2026-03-02T09:00:00.000Z');

describe('the first admin from the one-time set-up link', () => {
  const t = useTestApp({ now: start });
  beforeEach(async () => {
    t.clock.now = start;
    await t.db.update(profiles).set({ isAdmin: false });
  });
  const create = (token: string, email = `first-${Math.random().toString(36).slice(2, 8)}@example.com`) =>
    t.post('/api/setup/admin', { token, email, password: 'admin-pass-123' });

  it('works once: creates a confirmed admin, signs them in at aal1 to set up an authenticator, and stores only the hash', async () => {
    const token = await issueSetupToken(t.db, t.clock.now);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await t.db
      .select()
      .from(setupTokens)
      .where(eq(setupTokens.tokenHash, hashToken(token ?? '')));
    expect(stored?.expiresAt.toISOString()).toBe('2026-03-02T10:00:00.000Z');
    expect(JSON.stringify(await t.db.select().from(setupTokens))).not.toContain(token);
    expect((await t.get(`/api/setup/status?token=${token}`)).json()).toEqual({ valid: true });

    const created = await create(token ?? '', ' First.Admin@Example.com ');
    expect(created.statusCode).toBe(201);
    expect(created.json().user.email).toBe('first.admin@example.com');
    const session = (await t.get('/api/auth/session', { cookie: cookiesFrom(created) })).json();
    expect(session).toMatchObject({
      user: { email: 'first.admin@example.com' },
      aal: 'aal1',
      nextAal: 'aal1',
      factors: [],
      profile: { isAdmin: true, emailVerified: true },
    });
    const signin = await t.post('/api/auth/signin', { email: 'first.admin@example.com', password: 'admin-pass-123' });
    expect(signin.statusCode).toBe(200);

    await t.db.update(profiles).set({ isAdmin: false });
    expect((await t.get(`/api/setup/status?token=${token}`)).json()).toEqual({ valid: false });
    const again = await create(token ?? '');
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({
      code: 'invalid_setup_link',
      message:
        'This set-up link is invalid, has expired or has already been used. Restart the shop to print a new one.',
      messageId: 'auth.invalidSetupLink',
    });
  });

  it('does not work once an admin exists, and no link is issued then', async () => {
    const token = await issueSetupToken(t.db, t.clock.now);
    await createUser(t.db, { isAdmin: true });
    expect((await t.get(`/api/setup/status?token=${token}`)).json()).toEqual({ valid: false });
    const refused = await create(token ?? '');
    expect(refused.statusCode).toBe(400);
    expect(await issueSetupToken(t.db, t.clock.now)).toBeNull();
  });

  it('does not work after an hour, and a restart a minute later revokes the earlier link', async () => {
    const older = await issueSetupToken(t.db, t.clock.now);
    t.clock.now = new Date(start.getTime() + 61 * 1000);
    const token = await issueSetupToken(t.db, t.clock.now);
    expect((await create(older ?? '')).statusCode).toBe(400);
    t.clock.now = new Date(start.getTime() + 61 * 1000 + 60 * 60 * 1000);
    expect((await t.get(`/api/setup/status?token=${token}`)).json()).toEqual({ valid: false });
    expect((await create(token ?? '')).statusCode).toBe(400);
  });

  it('two processes that start together each print a link that works, until one creates the admin', async () => {
    const first = await issueSetupToken(t.db, t.clock.now);
    const second = await issueSetupToken(t.db, new Date(t.clock.now.getTime() + 2_000));
    expect((await t.get(`/api/setup/status?token=${first}`)).json()).toEqual({ valid: true });
    expect((await t.get(`/api/setup/status?token=${second}`)).json()).toEqual({ valid: true });
    expect((await create(first ?? '')).statusCode).toBe(201);
    expect((await t.get(`/api/setup/status?token=${second}`)).json()).toEqual({ valid: false });
    expect((await create(second ?? '', 'second@example.com')).statusCode).toBe(400);
  });

  it('refuses a registered e-mail without using the link, and checks the form like sign-up', async () => {
    const token = await issueSetupToken(t.db, t.clock.now);
    const { user } = await createUser(t.db);
    const taken = await create(token ?? '', user.email);
    expect(taken.statusCode).toBe(409);
    const [customer] = await t.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(customer?.isAdmin).toBe(false);
    const invalid = await t.post('/api/setup/admin', { token, email: 'not-an-email', password: '123' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields).toMatchObject({
      email: 'Please enter a valid email address.',
      password: 'Password must be at least 6 characters long.',
    });
    const ok = await create(token ?? '');
    expect(ok.statusCode).toBe(201);
    expect(await t.db.select().from(users).where(eq(users.email, ok.json().user.email))).toHaveLength(1);
  });
});
