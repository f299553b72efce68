// @engine: concurrent sign-ups on a unique key
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app';
import { mailOutbox, usaWaitlist } from '../db/schema';
import { waitlistUse } from '../../shared/waitlist';

describe('POST /api/waitlist', () => {
  const t = useTestApp();

  it('stores the e-mail trimmed and lower-cased', async () => {
    const response = await t.post('/api/waitlist', { email: '  Grace.Hopper@Example.COM ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ email: 'grace.hopper@example.com' });
    const rows = await t.db.select().from(usaWaitlist).where(eq(usaWaitlist.email, 'grace.hopper@example.com'));
    expect(rows).toHaveLength(1);
  });

  it('answers 409 already_signed_up for the same address in another case', async () => {
    await t.post('/api/waitlist', { email: 'ada@example.com' });
    const response = await t.post('/api/waitlist', { email: 'ADA@example.com' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: {
        code: 'already_signed_up',
        message: 'This email is already on our USA waitlist.',
        messageId: 'waitlist.alreadyText',
      },
    });
  });

  it('confirms by e-mail what the address is for, with a one-click leave link that works once without signing in', async () => {
    expect((await t.post('/api/waitlist', { email: 'leaver@example.com' })).statusCode).toBe(201);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'leaver@example.com'));
    expect(mail?.kind).toBe('waitlist_joined');
    expect(mail?.textBody).toContain(waitlistUse);
    expect(mail?.textBody).toContain(`${t.env.publicUrl}/privacy-policy`);
    const link = new URL(mail?.textBody.match(/https?:\/\/\S+\/waitlist\/leave\?token=\S+/)?.[0] ?? '');
    const token = link.searchParams.get('token') ?? '';
    const [stored] = await t.db.select().from(usaWaitlist).where(eq(usaWaitlist.email, 'leaver@example.com'));
    expect(stored?.leaveTokenHash).not.toContain(token);

    expect((await t.post('/api/waitlist/leave', { token: 'not-the-token' })).statusCode).toBe(404);
    const left = await t.post('/api/waitlist/leave', { token });
    expect(left.statusCode).toBe(200);
    const [after] = await t.db.select().from(usaWaitlist).where(eq(usaWaitlist.email, 'leaver@example.com'));
    expect(after?.leftAt).not.toBeNull();
    // Single-purpose and single-use.
    expect((await t.post('/api/waitlist/leave', { token })).statusCode).toBe(404);
    // Someone who left may join again.
    expect((await t.post('/api/waitlist', { email: 'leaver@example.com' })).statusCode).toBe(201);
    const [again] = await t.db.select().from(usaWaitlist).where(eq(usaWaitlist.email, 'leaver@example.com'));
    expect(again?.leftAt).toBeNull();
  });

  it('keeps one row per e-mail under concurrent sign-ups', async () => {
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => t.post('/api/waitlist', { email: 'race@example.com' })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(await t.db.select().from(usaWaitlist).where(eq(usaWaitlist.email, 'race@example.com'))).toHaveLength(1);
  });

  it.each([
    [{}, 'Email required', 'waitlist.emailMissing'],
    [{ email: '   ' }, 'Email required', 'waitlist.emailMissing'],
    [{ email: 'not-an-address' }, 'Please enter a valid email address', 'error.email'],
    [{ email: `${'a'.repeat(250)}@example.com` }, 'Email must be at most 254 characters', 'waitlist.emailTooLong'],
  ])('refuses %j with 400 and "%s", the English and its id (issue 53)', async (body, message, id) => {
    const response = await t.post('/api/waitlist', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'invalid_input',
      message,
      messageId: id,
      fields: { email: message },
      fieldMessageIds: { email: id },
    });
  });

  it('refuses a body that is not JSON', async () => {
    const response = await t.request('POST', '/api/waitlist', {
      body: 'email=a@example.com',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
  });
});
