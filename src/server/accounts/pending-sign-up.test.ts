import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { confirmationLinks, linkFromOutbox } from '../../../tests/support/sessions';
import { cookiesFrom, useTestApp } from '../../../tests/support/test-app';
import { users } from '../db/schema';
import { verifyPassword } from './password';

const start = new Date('2026-05-04T09:00:00.000Z');

describe('a pending sign-up cannot be taken over (security finding 1)', () => {
  const t = useTestApp({ now: start });

  const sentLinks = (email: string) => confirmationLinks(t, email);

  it('the victim’s own link confirms the victim’s password; the attacker’s second sign-up changes nothing', async () => {
    const email = 'victim@example.com';
    expect((await t.post('/api/auth/signup', { email, password: 'victim-password' })).statusCode).toBe(201);
    t.clock.now = new Date(start.getTime() + 1000);
    const attacker = await t.post('/api/auth/signup', { email, password: 'attacker-password' });
    // The same answer as for a new address: a probe cannot tell that the address was pending.
    expect(attacker.statusCode).toBe(201);
    expect(attacker.json()).toEqual({ confirmationSent: true });

    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(await verifyPassword(user?.passwordHash ?? '', 'victim-password')).toBe(true);

    const [victimLink, attackerLink] = await sentLinks(email);
    expect(attackerLink).toBeDefined();
    const confirmed = await t.get(victimLink ?? '');
    expect(confirmed.headers.location).toBe('/login?confirmed=1');

    expect((await t.post('/api/auth/signin', { email, password: 'victim-password' })).statusCode).toBe(200);
    expect((await t.post('/api/auth/signin', { email, password: 'attacker-password' })).statusCode).toBe(400);
    // Using one link voids the others.
    expect((await t.get(attackerLink ?? '')).headers.location).toBe('/login?confirmed=0');
    expect((await t.post('/api/auth/signin', { email, password: 'attacker-password' })).statusCode).toBe(400);
  });

  it('a later sign-up’s link, used first, confirms that sign-up’s password and voids the earlier link', async () => {
    const email = 'changed-mind@example.com';
    await t.post('/api/auth/signup', { email, password: 'first-password' });
    t.clock.now = new Date(start.getTime() + 2000);
    await t.post('/api/auth/signup', { email, password: 'second-password' });
    const [firstLink, secondLink] = await sentLinks(email);
    expect((await t.get(secondLink ?? '')).headers.location).toBe('/login?confirmed=1');
    expect((await t.get(firstLink ?? '')).headers.location).toBe('/login?confirmed=0');
    expect((await t.post('/api/auth/signin', { email, password: 'second-password' })).statusCode).toBe(200);
    expect((await t.post('/api/auth/signin', { email, password: 'first-password' })).statusCode).toBe(400);
  });

  it('a password reset of a pending account voids its confirmation links', async () => {
    const email = 'reset-pending@example.com';
    await t.post('/api/auth/signup', { email, password: 'attacker-password' });
    await t.post('/api/auth/recover', { email });
    const reset = new URL(await linkFromOutbox(t, email, 'password_reset'));
    expect(
      (await t.post('/api/auth/reset', { token: reset.searchParams.get('token'), password: 'owner-password' }))
        .statusCode,
    ).toBe(200);
    const [link] = await sentLinks(email);
    expect((await t.get(link ?? '')).headers.location).toBe('/login?confirmed=0');
    const signIn = await t.post('/api/auth/signin', { email, password: 'owner-password' });
    expect(signIn.statusCode).toBe(200);
    expect((await t.get('/api/auth/session', { cookie: cookiesFrom(signIn) })).json().user.email).toBe(email);
  });
});
