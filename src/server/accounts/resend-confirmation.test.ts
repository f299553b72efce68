import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/support/factories';
import { confirmationLinks } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { users } from '../db/schema';

const start = new Date('2026-05-04T09:00:00.000Z');

describe('POST /api/auth/resend-confirmation', () => {
  const t = useTestApp({ now: start });

  const sentLinks = (email: string) => confirmationLinks(t, email);
  const resend = (email: string) => t.post('/api/auth/resend-confirmation', { email });
  const resendFrom = (email: string, remoteAddress: string) =>
    t.post('/api/auth/resend-confirmation', { email }, { remoteAddress });

  it('answers the same 200 for an unknown, a confirmed and a pending address, and mails only the pending one', async () => {
    const { user: confirmed } = await createUser(t.db, { email: 'confirmed@example.com' });
    expect(
      (await t.post('/api/auth/signup', { email: 'pending@example.com', password: 'pending-password' })).statusCode,
    ).toBe(201);

    const answers = await Promise.all(['nobody@example.com', confirmed.email, 'Pending@Example.com'].map(resend));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ sent: true });
    }
    expect(await sentLinks('nobody@example.com')).toHaveLength(0);
    expect(await sentLinks(confirmed.email)).toHaveLength(0);
    expect(await sentLinks('pending@example.com')).toHaveLength(2);
  });

  it('sends a fresh link that confirms with the sign-up’s own password and never sets one of its own', async () => {
    const email = 'once@example.com';
    expect((await t.post('/api/auth/signup', { email, password: 'first-password' })).statusCode).toBe(201);
    t.clock.now = new Date(start.getTime() + 1000);
    // A password in the body is not part of the route: it cannot be used to choose one.
    expect((await t.post('/api/auth/resend-confirmation', { email, password: 'stranger-password' })).statusCode).toBe(
      200,
    );

    const links = await sentLinks(email);
    expect(links).toHaveLength(2);
    const resent = links[1] ?? '';
    expect(resent).not.toBe(links[0]);
    const confirmedAnswer = await t.get(resent);
    expect(confirmedAnswer.statusCode).toBe(303);
    expect(confirmedAnswer.headers.location).toBe('/login?confirmed=1');
    expect((await t.post('/api/auth/signin', { email, password: 'first-password', remember: false })).statusCode).toBe(
      200,
    );
    expect(
      (await t.post('/api/auth/signin', { email, password: 'stranger-password', remember: false })).statusCode,
    ).toBe(400);

    // Confirmed now: a further resend sends nothing, with the same answer.
    const after = await resend(email);
    expect(after.statusCode).toBe(200);
    expect(await sentLinks(email)).toHaveLength(2);
  });

  it('sends nothing while two sign-ups with different passwords are pending: it cannot know whose the address is', async () => {
    const email = 'twice@example.com';
    expect((await t.post('/api/auth/signup', { email, password: 'owner-password' })).statusCode).toBe(201);
    t.clock.now = new Date(start.getTime() + 1000);
    expect((await t.post('/api/auth/signup', { email, password: 'stranger-password' })).statusCode).toBe(201);
    t.clock.now = new Date(start.getTime() + 2000);
    const answer = await resend(email);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ sent: true });
    expect(await sentLinks(email)).toHaveLength(2);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailConfirmedAt).toBeNull();
  });

  it('is limited to 5 per 15 minutes per e-mail, like sign-up', async () => {
    const email = 'limited@example.com';
    // From two clients, each under its own limit: the e-mail's limit is the one reached.
    for (let i = 0; i < 5; i += 1) expect((await resendFrom(email, `198.51.100.${i % 2}`)).statusCode).toBe(200);
    const sixth = await resendFrom(email, '198.51.100.0');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.message).toBe('Too many requests. Please wait a few minutes before trying again.');
    expect((await resendFrom('someone-else@example.com', '198.51.100.0')).statusCode).toBe(200);
  });

  it('answers 400 with the field for an invalid e-mail', async () => {
    const response = await resend('not-an-email');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('email');
  });
});
