import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/support/factories';
import { linkFromOutbox, signIn } from '../../../tests/support/sessions';
import { cookiesFrom, useTestApp } from '../../../tests/support/test-app';
import { authTokens, mailOutbox, profiles, sessions, users } from '../db/schema';
import { updateSettings } from '../settings/settings-service';
import { verifyPassword } from './password';
import { hashToken } from './tokens';

const start = new Date('2026-03-02T09:00:00.000Z');

describe('accounts: sign-up, confirmation, sign-in, sessions, reset', () => {
  const t = useTestApp({ now: start });

  it('signs up, refuses sign-in until the e-mailed link confirms the address, then signs in', async () => {
    const email = 'new.customer@example.com';
    const signup = await t.post('/api/auth/signup', {
      email: ' New.Customer@Example.com ',
      password: 'secret-pw',
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    expect(signup.statusCode).toBe(201);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user?.emailConfirmedAt).toBeNull();
    const [profile] = await t.db
      .select()
      .from(profiles)
      .where(eq(profiles.id, user?.id ?? ''));
    expect(profile).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', isAdmin: false });

    const early = await t.post('/api/auth/signin', { email, password: 'secret-pw' });
    expect(early.statusCode).toBe(403);
    expect(early.json().error.message).toBe(
      'Please check your email and click the confirmation link before signing in.',
    );

    const link = await linkFromOutbox(t, email, 'signup_confirmation');
    expect(link.startsWith(`${t.env.publicUrl}/api/auth/confirm?token=`)).toBe(true);
    const token = new URL(link).searchParams.get('token') ?? '';
    // Only the hash is kept.
    const [stored] = await t.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hashToken(token)));
    expect(stored?.kind).toBe('email_confirmation');
    expect(stored?.expiresAt.getTime()).toBe(start.getTime() + 24 * 3600_000);

    const confirm = await t.get(new URL(link).pathname + new URL(link).search);
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe('/login?confirmed=1');
    const again = await t.get(new URL(link).pathname + new URL(link).search);
    expect(again.headers.location).toBe('/login?confirmed=0');

    const signin = await t.post('/api/auth/signin', { email, password: 'secret-pw' });
    expect(signin.statusCode).toBe(200);
    expect(signin.json()).toMatchObject({ aal: 'aal1', mfaRequired: false });
    const cookie = signin.cookies.find((c) => c.name === 'dropwise_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.maxAge).toBeUndefined();
    const session = await t.get('/api/auth/session', { cookie: cookiesFrom(signin) });
    expect(session.json()).toMatchObject({
      user: { email },
      aal: 'aal1',
      nextAal: 'aal1',
      profile: { firstName: 'Grace', emailVerified: true },
    });
  });

  it('expires confirmation links after 24 hours', async () => {
    const email = 'late@example.com';
    await t.post('/api/auth/signup', { email, password: 'secret-pw' });
    const link = new URL(await linkFromOutbox(t, email, 'signup_confirmation'));
    t.clock.now = new Date(start.getTime() + 24 * 3600_000 + 1000);
    try {
      expect((await t.get(link.pathname + link.search)).headers.location).toBe('/login?confirmed=0');
    } finally {
      t.clock.now = start;
    }
  });

  it('answers an unknown e-mail and a wrong password alike', async () => {
    const { user } = await createUser(t.db, { email: 'known@example.com' });
    const unknown = await t.post('/api/auth/signin', { email: 'nobody@example.com', password: 'whatever-1' });
    const wrong = await t.post('/api/auth/signin', { email: user.email, password: 'whatever-1' });
    expect(unknown.statusCode).toBe(400);
    expect(wrong.statusCode).toBe(400);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.json().error.message).toBe('Invalid email or password');
  });

  it('refuses sign-up of a confirmed address, re-sends confirmation to an unconfirmed one', async () => {
    await createUser(t.db, { email: 'taken@example.com' });
    const taken = await t.post('/api/auth/signup', { email: 'taken@example.com', password: 'secret-pw' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('User already registered');

    await createUser(t.db, { email: 'pending@example.com', confirmed: false });
    const pending = await t.post('/api/auth/signup', { email: 'pending@example.com', password: 'secret-pw' });
    const fresh = await t.post('/api/auth/signup', { email: 'fresh@example.com', password: 'secret-pw' });
    expect(pending.statusCode).toBe(201);
    expect(pending.body).toBe(fresh.body);
    expect(await linkFromOutbox(t, 'pending@example.com', 'signup_confirmation')).toContain('/api/auth/confirm?token=');
  });

  it('validates sign-up input with the specification messages', async () => {
    const bad = await t.post('/api/auth/signup', { email: 'not-an-email', password: '123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      email: 'Please enter a valid email address.',
      password: 'Password must be at least 6 characters long.',
    });
  });

  it('refuses sign-up when registration is off', async () => {
    await updateSettings(t.db, { allowRegistration: false });
    try {
      const refused = await t.post('/api/auth/signup', { email: 'closed@example.com', password: 'secret-pw' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe('Account registration is currently disabled. Please contact support.');
      expect(await t.db.select().from(users).where(eq(users.email, 'closed@example.com'))).toHaveLength(0);
    } finally {
      await updateSettings(t.db, { allowRegistration: true });
    }
  });

  it('gives the 6th sign-in attempt within 60 s a 429', async () => {
    const { user } = await createUser(t.db);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push(
        (
          await t.post('/api/auth/signin', {
            email: i % 2 ? user.email.toUpperCase() : user.email,
            password: 'wrong-password',
          })
        ).statusCode,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const sixth = await t.post('/api/auth/signin', { email: user.email, password: 'correct-horse-1' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.message).toBe('Too many login attempts. Please wait a moment before trying again.');
    // Another address is counted on its own.
    const other = await createUser(t.db);
    expect(
      (await t.post('/api/auth/signin', { email: other.user.email, password: 'correct-horse-1' })).statusCode,
    ).toBe(200);
  });

  it('refuses a 24-hour-old session and deletes it', async () => {
    const { user } = await createUser(t.db);
    const cookie = await signIn(t, user.email, 'correct-horse-1', true);
    t.clock.now = new Date(start.getTime() + 24 * 3600_000 - 1000);
    try {
      expect((await t.get('/api/account/profile', { cookie })).statusCode).toBe(200);
      t.clock.now = new Date(start.getTime() + 24 * 3600_000);
      const old = await t.get('/api/account/profile', { cookie });
      expect(old.statusCode).toBe(401);
      expect(old.json().error.message).toBe('Session too old, re-authentication required');
      expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
      expect((await t.get('/api/auth/session', { cookie })).json()).toEqual({ user: null });
    } finally {
      t.clock.now = start;
    }
  });

  it('gives a remembered session a cookie that lasts to the 24-hour end, and ends it at sign-out', async () => {
    const { user } = await createUser(t.db);
    const signin = await t.post('/api/auth/signin', { email: user.email, password: 'correct-horse-1', remember: true });
    expect(signin.cookies.find((c) => c.name === 'dropwise_session')?.maxAge).toBe(24 * 3600);
    const cookie = cookiesFrom(signin);
    const out = await t.post('/api/auth/signout', {}, { cookie });
    expect(out.statusCode).toBe(200);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect((await t.get('/api/account/profile', { cookie })).statusCode).toBe(401);
  });

  it('issues a new token at every sign-in', async () => {
    const { user } = await createUser(t.db);
    const first = await signIn(t, user.email);
    const second = await t.post(
      '/api/auth/signin',
      { email: user.email, password: 'correct-horse-1' },
      { cookie: first },
    );
    expect(cookiesFrom(second)).not.toBe(first);
    expect((await t.get('/api/account/profile', { cookie: first })).statusCode).toBe(401);
    expect((await t.get('/api/account/profile', { cookie: cookiesFrom(second) })).statusCode).toBe(200);
  });

  it('resets a password with a single-use one-hour link, the same answer for unknown addresses', async () => {
    const { user } = await createUser(t.db, { email: 'forgetful@example.com' });
    const cookie = await signIn(t, user.email);
    const known = await t.post('/api/auth/recover', { email: 'Forgetful@example.com' });
    const unknown = await t.post('/api/auth/recover', { email: 'ghost@example.com' });
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'ghost@example.com'))).toHaveLength(0);

    const link = new URL(await linkFromOutbox(t, user.email, 'password_reset'));
    expect(link.pathname).toBe('/login');
    expect(link.searchParams.get('type')).toBe('recovery');
    const token = link.searchParams.get('token') ?? '';
    expect((await t.post('/api/auth/reset', { token, password: '123' })).statusCode).toBe(400);
    const reset = await t.post('/api/auth/reset', { token, password: 'brand-new-pw' });
    expect(reset.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(row?.passwordHash ?? '', 'brand-new-pw')).toBe(true);
    // Sessions end with the old password, and the link works once.
    expect((await t.get('/api/account/profile', { cookie })).statusCode).toBe(401);
    expect((await t.post('/api/auth/reset', { token, password: 'another-pw' })).statusCode).toBe(400);
  });

  it('expires a reset link after one hour', async () => {
    const { user } = await createUser(t.db);
    await t.post('/api/auth/recover', { email: user.email });
    const token = new URL(await linkFromOutbox(t, user.email, 'password_reset')).searchParams.get('token') ?? '';
    t.clock.now = new Date(start.getTime() + 3600_000);
    try {
      const late = await t.post('/api/auth/reset', { token, password: 'brand-new-pw' });
      expect(late.statusCode).toBe(400);
    } finally {
      t.clock.now = start;
    }
  });

  it('changes the password only with the current one', async () => {
    const { user } = await createUser(t.db);
    const cookie = await signIn(t, user.email);
    const wrong = await t.put(
      '/api/auth/password',
      { currentPassword: 'nope-nope', password: 'next-password' },
      { cookie },
    );
    expect(wrong.statusCode).toBe(400);
    const ok = await t.put(
      '/api/auth/password',
      { currentPassword: 'correct-horse-1', password: 'next-password' },
      { cookie },
    );
    expect(ok.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(row?.passwordHash ?? '', 'next-password')).toBe(true);
  });
});
