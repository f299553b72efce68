import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { enrolledUser, totpCode } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { auditLog, mailOutbox, mfaFactors, sessions } from '../db/schema';

// On a TOTP step boundary plus 10 s, so ±1 step is unambiguous.
const start = new Date('2026-03-02T09:00:10.000Z');

/** DELETE /api/admin/users/{id}/factors (issue 34, F5): a lost phone, never a way around the account's fresh code. */
describe("an Owner resets a user's second factors", () => {
  const t = useTestApp({ now: start });
  const later = (seconds: number) => {
    t.clock.now = new Date(t.clock.now.getTime() + seconds * 1000);
  };
  const factorsOf = (userId: string) => t.db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId));
  const mailsTo = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
  const reset = (id: string, cookie: string, body?: unknown) =>
    t.delete(`/api/admin/users/${id}/factors`, body, { cookie });

  it("refuses the caller's own account, even within a step-up and with a fresh code: 409 own_factors, factors intact, no e-mail", async () => {
    const owner = await createAdminSession(t);
    await owner.stepUp();
    later(30);
    const refused = await reset(owner.user.id, owner.cookie, { code: totpCode(owner.secret, t.clock.now) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'own_factors',
      message: 'Change your own second factors in My Account, Settings, with a fresh code.',
    });
    expect(await factorsOf(owner.user.id)).toHaveLength(1);
    expect((await mailsTo(owner.user.email)).map((mail) => mail.kind)).not.toContain('security_mfa_reset');
  });

  it("another user's factors need the caller's fresh code on the call itself: a step-up minutes before is not enough (403 fresh_code_required), a wrong code is 400", async () => {
    later(60);
    const owner = await createAdminSession(t);
    const user = await enrolledUser(t);
    await owner.stepUp();
    const bare = await reset(user.user.id, owner.cookie);
    expect(bare.statusCode).toBe(403);
    expect(bare.json().error.code).toBe('fresh_code_required');
    const wrong = await reset(user.user.id, owner.cookie, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('invalid_code');
    // The user's own code is not the caller's.
    later(30);
    const theirs = await reset(user.user.id, owner.cookie, { code: totpCode(user.secret, t.clock.now) });
    expect(theirs.json().error.code).toBe('invalid_code');
    expect(await factorsOf(user.user.id)).toHaveLength(1);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.user.id))).not.toHaveLength(0);
  });

  it("with a fresh code, the user's factors are removed, every session of theirs ends, they are e-mailed, and it is audited", async () => {
    later(60);
    const owner = await createAdminSession(t);
    const user = await enrolledUser(t);
    expect((await t.get('/api/auth/session', { cookie: user.aal2 })).json().user).not.toBeNull();
    later(30);
    const done = await reset(user.user.id, owner.cookie, { code: totpCode(owner.secret, t.clock.now) });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ removed: 1 });
    expect(await factorsOf(user.user.id)).toHaveLength(0);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.user.id))).toHaveLength(0);
    expect((await t.get('/api/auth/session', { cookie: user.aal2 })).json().user).toBeNull();

    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, user.user.email), eq(mailOutbox.kind, 'security_mfa_reset')));
    expect(mail?.subject).toBe('Two-factor sign-in was reset for your Dropwise account');
    expect(mail?.textBody).toContain('every session of the account was signed out');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.reset_factors'), eq(auditLog.entityId, user.user.id)));
    expect(entry?.adminId).toBe(owner.user.id);
    expect(entry?.after).toMatchObject({ factors: 0, sessionsEnded: 1 });
  });
});
