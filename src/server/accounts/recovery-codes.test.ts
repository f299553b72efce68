import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/support/factories';
import { enrolledUser, signIn, totpCode } from '../../../tests/support/sessions';
import { cookiesFrom, type TestApp, useTestApp } from '../../../tests/support/test-app';
import { mailOutbox, mfaFactors, mfaRecoveryCodes } from '../db/schema';

// On a step boundary plus 10 s, so ±1 step is unambiguous.
const start = new Date('2026-03-02T09:00:10.000Z');

const mailsTo = (t: TestApp, to: string, kind: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind)));

describe('MFA recovery codes', () => {
  const t = useTestApp({ now: start });
  const later = (seconds: number) => {
    t.clock.now = new Date(t.clock.now.getTime() + seconds * 1000);
  };

  it('shows 10 codes once at enrolment, stores only their hashes, and signs in with one exactly once, e-mailing the owner', async () => {
    later(60);
    const { user, recoveryCodes } = await enrolledUser(t);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[2-9a-hjkmnp-z]{4}(-[2-9a-hjkmnp-z]{4}){3}$/);
    const stored = await t.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    const storedText = JSON.stringify(stored);
    for (const code of recoveryCodes) expect(storedText).not.toContain(code.replaceAll('-', ''));

    const aal1 = await signIn(t, user.email);
    expect((await t.get('/api/account/profile', { cookie: aal1 })).statusCode).toBe(403);
    // Typed in capitals with spaces, as read from paper.
    const used = await t.post(
      '/api/auth/recovery-codes/verify',
      { code: ` ${recoveryCodes[3]?.toUpperCase().replaceAll('-', ' ')} ` },
      { cookie: aal1 },
    );
    expect(used.statusCode).toBe(200);
    expect(used.json()).toEqual({ aal: 'aal2', remaining: 9 });
    const raised = cookiesFrom(used);
    expect((await t.get('/api/auth/session', { cookie: raised })).json()).toMatchObject({ aal: 'aal2' });
    expect((await t.get('/api/account/profile', { cookie: raised })).statusCode).toBe(200);
    const [mail] = await mailsTo(t, user.email, 'mfa_recovery_code_used');
    expect(mail?.subject).toBe('A recovery code was used to sign in to Dropwise');
    expect(mail?.textBody).toContain('You have 9 unused recovery codes left');

    const again = await signIn(t, user.email);
    const reused = await t.post('/api/auth/recovery-codes/verify', { code: recoveryCodes[3] }, { cookie: again });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toMatchObject({
      code: 'invalid_recovery_code',
      message: 'Invalid recovery code. Please check it and try again.',
    });
    expect((await t.get('/api/auth/session', { cookie: again })).json()).toMatchObject({ aal: 'aal1' });
    expect(await mailsTo(t, user.email, 'mfa_recovery_code_used')).toHaveLength(1);
    expect((await t.get('/api/auth/recovery-codes', { cookie: raised })).json()).toMatchObject({ remaining: 9 });
  });

  it("refuses another user's code and a user without an authenticator", async () => {
    later(60);
    const first = await enrolledUser(t);
    later(60);
    const second = await enrolledUser(t);
    const aal1 = await signIn(t, second.user.email);
    expect(
      (await t.post('/api/auth/recovery-codes/verify', { code: first.recoveryCodes[0] }, { cookie: aal1 })).statusCode,
    ).toBe(400);
    const { user } = await createUser(t.db);
    const plain = await signIn(t, user.email);
    expect(
      (await t.post('/api/auth/recovery-codes/verify', { code: first.recoveryCodes[0] }, { cookie: plain })).statusCode,
    ).toBe(400);
    expect((await t.post('/api/auth/recovery-codes', {}, { cookie: plain })).json().error.code).toBe(
      'mfa_not_enrolled',
    );
    // The first user's code was not used up by those attempts.
    const own = await signIn(t, first.user.email);
    expect(
      (await t.post('/api/auth/recovery-codes/verify', { code: first.recoveryCodes[0] }, { cookie: own })).statusCode,
    ).toBe(200);
  });

  it('makes a new set only at aal2, and the new set voids the old one', async () => {
    later(60);
    const { user, secret, recoveryCodes, aal2 } = await enrolledUser(t);
    const aal1 = await signIn(t, user.email);
    expect((await t.post('/api/auth/recovery-codes', {}, { cookie: aal1 })).json().error.code).toBe('mfa_required');

    later(30);
    const code = totpCode(secret, t.clock.now);
    const regenerated = await t.post('/api/auth/recovery-codes', { code }, { cookie: aal2 });
    expect(regenerated.statusCode).toBe(201);
    const fresh = (regenerated.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => recoveryCodes.includes(code))).toBe(false);
    expect(await mailsTo(t, user.email, 'mfa_recovery_codes_regenerated')).toHaveLength(1);

    const old = await t.post('/api/auth/recovery-codes/verify', { code: recoveryCodes[0] }, { cookie: aal1 });
    expect(old.statusCode).toBe(400);
    const ok = await t.post('/api/auth/recovery-codes/verify', { code: fresh[0] }, { cookie: aal1 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().remaining).toBe(9);
  });
});

describe('MFA lockout after failed codes', () => {
  const t = useTestApp({ now: start });
  const later = (seconds: number) => {
    t.clock.now = new Date(t.clock.now.getTime() + seconds * 1000);
  };
  /** An enrolled user signed in again, at the challenge: the aal1 cookie and a challenge. */
  const atChallenge = async () => {
    later(60);
    const enrolled = await enrolledUser(t);
    later(30);
    const cookie = await signIn(t, enrolled.user.email);
    const { challengeId } = (
      await t.post(`/api/auth/factors/${enrolled.factorId}/challenge`, {}, { cookie })
    ).json() as { challengeId: string };
    return { ...enrolled, cookie, challengeId };
  };
  const wrong = (secret: string) => {
    const codes = [-1, 0, 1].map((offset) => totpCode(secret, t.clock.now, offset));
    return ['000000', '111111', '222222', '333333'].find((code) => !codes.includes(code)) ?? '444444';
  };

  it('locks the factor for 15 minutes at the 5th wrong code in a row, says so, e-mails the owner, and opens again after 15 minutes', async () => {
    const { user, factorId, secret, cookie, challengeId } = await atChallenge();
    for (let attempt = 1; attempt <= 4; attempt++) {
      const refused = await t.post(
        `/api/auth/factors/${factorId}/verify`,
        { challengeId, code: wrong(secret) },
        { cookie },
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe('invalid_code');
    }
    expect(await mailsTo(t, user.email, 'mfa_locked')).toHaveLength(0);
    const fifth = await t.post(
      `/api/auth/factors/${factorId}/verify`,
      { challengeId, code: wrong(secret) },
      { cookie },
    );
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().error).toEqual({
      code: 'factor_locked',
      message:
        'Too many incorrect codes. For your security, this authenticator is locked for 15 minutes. Try again later, or use a recovery code.',
      messageId: 'error.factorLocked',
      values: { minutes: 15 },
    });
    expect(fifth.headers['retry-after']).toBe('900');

    // The 6th attempt, with the right code, is refused while the lock lasts.
    later(60);
    const sixth = await t.post(
      `/api/auth/factors/${factorId}/verify`,
      { challengeId, code: totpCode(secret, t.clock.now) },
      { cookie },
    );
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.message).toContain('locked for 14 minutes');
    expect((await t.get('/api/auth/session', { cookie })).json()).toMatchObject({ aal: 'aal1' });
    const [factor] = await t.db.select().from(mfaFactors).where(eq(mfaFactors.id, factorId));
    expect(factor?.lockedUntil?.toISOString()).toBe(new Date(t.clock.now.getTime() + 14 * 60_000).toISOString());

    const mails = await mailsTo(t, user.email, 'mfa_locked');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Your Dropwise sign-in was locked after failed codes');
    expect(mails[0]?.textBody).toContain('change your password');

    later(14 * 60);
    const { challengeId: next } = (await t.post(`/api/auth/factors/${factorId}/challenge`, {}, { cookie })).json() as {
      challengeId: string;
    };
    const ok = await t.post(
      `/api/auth/factors/${factorId}/verify`,
      { challengeId: next, code: totpCode(secret, t.clock.now) },
      { cookie },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ aal: 'aal2' });
    const [unlocked] = await t.db.select().from(mfaFactors).where(eq(mfaFactors.id, factorId));
    expect(unlocked).toMatchObject({ failedAttempts: 0, lockedUntil: null });
  });

  it('counts failures in a row only: a right code starts the count again', async () => {
    const { user, factorId, secret, cookie, challengeId } = await atChallenge();
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect(
        (await t.post(`/api/auth/factors/${factorId}/verify`, { challengeId, code: wrong(secret) }, { cookie }))
          .statusCode,
      ).toBe(400);
    }
    const ok = await t.post(
      `/api/auth/factors/${factorId}/verify`,
      { challengeId, code: totpCode(secret, t.clock.now) },
      { cookie },
    );
    expect(ok.statusCode).toBe(200);
    later(30);
    const again = await signIn(t, user.email);
    const { challengeId: next } = (
      await t.post(`/api/auth/factors/${factorId}/challenge`, {}, { cookie: again })
    ).json() as { challengeId: string };
    const refused = await t.post(
      `/api/auth/factors/${factorId}/verify`,
      { challengeId: next, code: wrong(secret) },
      { cookie: again },
    );
    expect(refused.json().error.code).toBe('invalid_code');
    const [factor] = await t.db.select().from(mfaFactors).where(eq(mfaFactors.id, factorId));
    expect(factor).toMatchObject({ failedAttempts: 1, lockedUntil: null });
  });

  it('a recovery code still signs in while the authenticator is locked', async () => {
    const { factorId, secret, recoveryCodes, cookie, challengeId } = await atChallenge();
    for (let attempt = 1; attempt <= 5; attempt++)
      await t.post(`/api/auth/factors/${factorId}/verify`, { challengeId, code: wrong(secret) }, { cookie });
    const used = await t.post('/api/auth/recovery-codes/verify', { code: recoveryCodes[0] }, { cookie });
    expect(used.statusCode).toBe(200);
  });
});
