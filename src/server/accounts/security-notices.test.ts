import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/support/factories';
import { enrollVerifiedFactor, linkFromOutbox, signIn, totpCode } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { mailOutbox } from '../db/schema';

const start = new Date('2026-03-02T09:00:10.000Z');

describe('security notice e-mails', () => {
  const t = useTestApp({ now: start });

  const mailsTo = async (to: string, kind: string) =>
    t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind)));

  it('tells the owner when the password is changed in My Account, without the password', async () => {
    const { user } = await createUser(t.db);
    const cookie = await signIn(t, user.email);
    expect(await mailsTo(user.email, 'security_password_changed')).toHaveLength(0);
    const response = await t.put(
      '/api/auth/password',
      { currentPassword: 'correct-horse-1', password: 'new-battery-staple-9' },
      { cookie },
    );
    expect(response.statusCode, response.body).toBe(200);
    const [mail] = await mailsTo(user.email, 'security_password_changed');
    expect(mail?.subject).toBe('Your Dropwise password was changed');
    expect(mail?.textBody).toContain('2 March 2026');
    expect(mail?.textBody).not.toContain('new-battery-staple-9');
    expect(mail?.textBody).not.toContain('correct-horse-1');
  });

  it('sends no notice when the current password is wrong (nothing changed)', async () => {
    const { user } = await createUser(t.db);
    const cookie = await signIn(t, user.email);
    const response = await t.put(
      '/api/auth/password',
      { currentPassword: 'wrong-password-0', password: 'new-battery-staple-9' },
      { cookie },
    );
    expect(response.statusCode).toBe(400);
    expect(await mailsTo(user.email, 'security_password_changed')).toHaveLength(0);
  });

  it('tells the owner when the password is set from a reset link, without the link', async () => {
    const { user } = await createUser(t.db);
    expect((await t.post('/api/auth/recover', { email: user.email })).statusCode).toBe(200);
    const link = await linkFromOutbox(t, user.email, 'password_reset');
    const token = new URL(link).searchParams.get('token') ?? '';
    const response = await t.post('/api/auth/reset', { token, password: 'new-battery-staple-9' });
    expect(response.statusCode, response.body).toBe(200);
    const [mail] = await mailsTo(user.email, 'security_password_changed');
    expect(mail?.textBody).toContain('password of your Dropwise account was changed');
    expect(mail?.textBody).not.toContain(token);
    expect(mail?.textBody).not.toMatch(/https?:\/\//);
  });

  it('tells the owner when two-factor is turned on and off, with no secret or code in the mail', async () => {
    const { user } = await createUser(t.db);
    const cookie = await signIn(t, user.email);
    const { factorId, secret, cookie: aal2 } = await enrollVerifiedFactor(t, cookie);
    const [on] = await mailsTo(user.email, 'security_mfa_enabled');
    expect(on?.subject).toBe('Two-factor sign-in was turned on for your Dropwise account');
    expect(on?.textBody).not.toContain(secret);
    expect(on?.textBody).not.toContain(totpCode(secret, t.clock.now));
    expect(await mailsTo(user.email, 'security_mfa_disabled')).toHaveLength(0);

    const code = totpCode(secret, t.clock.now, 1); // the enrolment used this step's code
    const removed = await t.delete(`/api/auth/factors/${factorId}`, { code }, { cookie: aal2 });
    expect(removed.statusCode, removed.body).toBe(200);
    const [off] = await mailsTo(user.email, 'security_mfa_disabled');
    expect(off?.subject).toBe('Two-factor sign-in was turned off for your Dropwise account');
    expect(off?.textBody).not.toContain(secret);
    expect(off?.textBody).not.toContain(code);
  });

  it('sends no notice for discarding an authenticator that was never verified', async () => {
    const { user } = await createUser(t.db);
    const cookie = await signIn(t, user.email);
    const { id } = (await t.post('/api/auth/factors', {}, { cookie })).json() as { id: string };
    expect((await t.delete(`/api/auth/factors/${id}`, undefined, { cookie })).statusCode).toBe(200);
    expect(await mailsTo(user.email, 'security_mfa_disabled')).toHaveLength(0);
    expect(await mailsTo(user.email, 'security_mfa_enabled')).toHaveLength(0);
  });
});
