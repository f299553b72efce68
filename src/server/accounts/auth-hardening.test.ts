import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/support/factories';
import { enrollVerifiedFactor, signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { profiles, users } from '../db/schema';
import { SIGN_IN_PER_CLIENT } from './auth-routes';

describe('sign-in and session hardening (security findings 4, 6, 7)', () => {
  const t = useTestApp();

  it('stops one client spraying one password across many addresses, and keeps the per-e-mail limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= SIGN_IN_PER_CLIENT.max; i += 1) {
      statuses.push(
        (await t.post('/api/auth/signin', { email: `sprayed-${i}@example.com`, password: 'Summer2026!' })).statusCode,
      );
    }
    expect(statuses.slice(0, SIGN_IN_PER_CLIENT.max).every((status) => status === 400)).toBe(true);
    const last = await t.post('/api/auth/signin', { email: 'one-more@example.com', password: 'Summer2026!' });
    expect(last.statusCode).toBe(429);
    expect(last.json().error.message).toBe('Too many login attempts. Please wait a moment before trying again.');
  });

  it('cleans sign-up names like the profile form: no angle brackets reach the profile or the session', async () => {
    const email = 'xss-name@example.com';
    const response = await t.post('/api/auth/signup', {
      email,
      password: 'secret-pw',
      firstName: '<script>alert(1)</script>',
      lastName: '<img src=x onerror=alert(2)>',
    });
    expect(response.statusCode).toBe(201);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    const [profile] = await t.db
      .select()
      .from(profiles)
      .where(eq(profiles.id, user?.id ?? ''));
    expect(profile?.firstName).toBe('scriptalert(1)/script');
    expect(profile?.lastName).toBe('img src=x onerror=alert(2)');
    expect(JSON.stringify(user?.userMetadata)).not.toMatch(/[<>]/);
    // A name of nothing but brackets and spaces is no name.
    await t.post('/api/auth/signup', { email: 'blank-name@example.com', password: 'secret-pw', firstName: ' <> ' });
    const [blank] = await t.db.select().from(profiles).where(eq(profiles.email, 'blank-name@example.com'));
    expect(blank?.firstName).toBeNull();
  });
});

describe('a password-only session of an MFA user reads no profile (security finding 7)', () => {
  const t = useTestApp();

  it('answers aal1 with only what the challenge screen needs', async () => {
    const { user } = await createUser(t.db, { firstName: 'Private', company: 'Secret Labs' });
    const first = await signIn(t, user.email);
    const { factorId } = await enrollVerifiedFactor(t, first);
    const aal1 = await signIn(t, user.email);
    const session = await t.get('/api/auth/session', { cookie: aal1 });
    const body = session.json();
    expect(body).toMatchObject({ user: { id: user.id, email: user.email }, aal: 'aal1', nextAal: 'aal2' });
    expect(body.profile).toBeUndefined();
    expect(body.factors).toEqual([expect.objectContaining({ id: factorId, status: 'verified' })]);
    expect(session.body).not.toContain('Secret Labs');
    expect((await t.get('/api/account/profile', { cookie: aal1 })).statusCode).toBe(403);
  });
});
