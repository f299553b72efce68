// @engine: a code used once under concurrent requests
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/support/factories';
import { enrollVerifiedFactor, signIn, totpCode } from '../../../tests/support/sessions';
import { cookiesFrom, useTestApp } from '../../../tests/support/test-app';
import { mfaChallenges, mfaFactors, sessions } from '../db/schema';
import { createChallenge, verifyChallenge } from './mfa-service';

// On a step boundary plus 10 s, so ±1 step is unambiguous.
const start = new Date('2026-03-02T09:00:10.000Z');

describe('TOTP multi-factor authentication', () => {
  const t = useTestApp({ now: start });
  const later = (seconds: number) => {
    t.clock.now = new Date(t.clock.now.getTime() + seconds * 1000);
  };

  it('enrols with a QR code, secret and factor id, and verifying raises the session to aal2 under a new token', async () => {
    const { user } = await createUser(t.db);
    const cookie = await signIn(t, user.email);
    const enrolled = await t.post('/api/auth/factors', {}, { cookie });
    expect(enrolled.statusCode).toBe(201);
    const { id, secret, qrCode, uri } = enrolled.json();
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toContain('otpauth://totp/Dropwise:');
    const [stored] = await t.db.select().from(mfaFactors).where(eq(mfaFactors.id, id));
    expect(stored?.status).toBe('unverified');

    const { challengeId } = (await t.post(`/api/auth/factors/${id}/challenge`, {}, { cookie })).json();
    const bad = await t.post(
      `/api/auth/factors/${id}/verify`,
      { challengeId, code: '000000' === totpCode(secret, start) ? '111111' : '000000' },
      { cookie },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Invalid verification code. Please try again.');
    const ok = await t.post(
      `/api/auth/factors/${id}/verify`,
      { challengeId, code: totpCode(secret, t.clock.now) },
      { cookie },
    );
    expect(ok.statusCode).toBe(200);
    const raised = cookiesFrom(ok);
    expect(raised).not.toBe(cookie);
    expect((await t.get('/api/auth/session', { cookie })).json()).toMatchObject({ user: null });
    expect((await t.get('/api/auth/session', { cookie: raised })).json()).toMatchObject({
      aal: 'aal2',
      nextAal: 'aal2',
      factors: [{ id, status: 'verified' }],
    });
  });

  it('accepts codes of steps −1, 0 and +1 only, on a controlled clock', async () => {
    const accepted: number[] = [];
    for (const offset of [-2, -1, 0, 1, 2]) {
      later(120); // a fresh step each round, so replay protection does not interfere
      const { user } = await createUser(t.db);
      const cookie = await signIn(t, user.email);
      const { id, secret } = (await t.post('/api/auth/factors', {}, { cookie })).json();
      const { challengeId } = (await t.post(`/api/auth/factors/${id}/challenge`, {}, { cookie })).json();
      const response = await t.post(
        `/api/auth/factors/${id}/verify`,
        { challengeId, code: totpCode(secret, t.clock.now, offset) },
        { cookie },
      );
      if (response.statusCode === 200) accepted.push(offset);
    }
    expect(accepted).toEqual([-1, 0, 1]);
  });

  it('refuses a replayed code, and asks a verified user to pass the challenge at every sign-in', async () => {
    const { user } = await createUser(t.db);
    const first = await signIn(t, user.email);
    const { factorId, secret } = await enrollVerifiedFactor(t, first);
    const usedCode = totpCode(secret, t.clock.now);

    const signin = await t.post('/api/auth/signin', { email: user.email, password: 'correct-horse-1' });
    expect(signin.json()).toMatchObject({ aal: 'aal1', mfaRequired: true });
    const cookie = cookiesFrom(signin);
    expect((await t.get('/api/auth/session', { cookie })).json()).toMatchObject({ aal: 'aal1', nextAal: 'aal2' });

    const { challengeId } = (await t.post(`/api/auth/factors/${factorId}/challenge`, {}, { cookie })).json();
    const replay = await t.post(`/api/auth/factors/${factorId}/verify`, { challengeId, code: usedCode }, { cookie });
    expect(replay.statusCode).toBe(400);
    // The refused replay used up that challenge; a new one with the next step's code passes.
    later(30);
    const next = (await t.post(`/api/auth/factors/${factorId}/challenge`, {}, { cookie })).json();
    const ok = await t.post(
      `/api/auth/factors/${factorId}/verify`,
      { challengeId: next.challengeId, code: totpCode(secret, t.clock.now) },
      { cookie },
    );
    expect(ok.statusCode).toBe(200);
    // An older step is refused after a newer one was used.
    const older = (await t.post(`/api/auth/factors/${factorId}/challenge`, {}, { cookie: cookiesFrom(ok) })).json();
    const back = await t.post(
      `/api/auth/factors/${factorId}/verify`,
      { challengeId: older.challengeId, code: totpCode(secret, t.clock.now, -1) },
      { cookie: cookiesFrom(ok) },
    );
    expect(back.statusCode).toBe(400);
  });

  it('accepts one code exactly once out of 20 parallel verifies', async () => {
    const { user } = await createUser(t.db);
    const cookie = await signIn(t, user.email);
    const { factorId, secret } = await enrollVerifiedFactor(t, cookie);
    later(30);
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const sessionId = session?.id ?? '';
    const challenges = await Promise.all(
      Array.from({ length: 20 }, () =>
        createChallenge(t.db, { userId: user.id, sessionId, factorId, now: t.clock.now }),
      ),
    );
    const code = totpCode(secret, t.clock.now);
    const results = await Promise.allSettled(
      challenges.map((c) =>
        verifyChallenge(t.db, {
          userId: user.id,
          sessionId,
          factorId,
          challengeId: c.challengeId,
          code,
          now: t.clock.now,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('lets a challenge expire after 5 minutes and be used once', async () => {
    const { user } = await createUser(t.db);
    const cookie = await signIn(t, user.email);
    const { factorId, secret } = await enrollVerifiedFactor(t, cookie);
    const aal1 = await signIn(t, user.email);
    const { challengeId } = (await t.post(`/api/auth/factors/${factorId}/challenge`, {}, { cookie: aal1 })).json();
    later(5 * 60);
    const expired = await t.post(
      `/api/auth/factors/${factorId}/verify`,
      { challengeId, code: totpCode(secret, t.clock.now) },
      { cookie: aal1 },
    );
    expect(expired.statusCode).toBe(400);
    const [row] = await t.db.select().from(mfaChallenges).where(eq(mfaChallenges.id, challengeId));
    expect(row?.usedAt).toBeNull();
  });

  it('removes unverified factors before enrolling, allows at most 10, and needs aal2 to remove a verified one', async () => {
    const { user } = await createUser(t.db);
    const cookie = await signIn(t, user.email);
    await t.post('/api/auth/factors', {}, { cookie });
    await t.post('/api/auth/factors', {}, { cookie });
    const rows = await t.db.select().from(mfaFactors).where(eq(mfaFactors.userId, user.id));
    expect(rows).toHaveLength(1);

    // Nine verified factors plus the unverified one; the 11th enrolment is refused.
    await t.db
      .insert(mfaFactors)
      .values(
        Array.from({ length: 9 }, () => ({ userId: user.id, secret: 'JBSWY3DPEHPK3PXP', status: 'verified' as const })),
      );
    const aal1 = await signIn(t, user.email);
    expect((await t.post('/api/auth/factors', {}, { cookie: aal1 })).json().error.code).toBe('mfa_required');
    const [verified] = await t.db
      .select()
      .from(mfaFactors)
      .where(and(eq(mfaFactors.userId, user.id), eq(mfaFactors.status, 'verified')));
    await t.db
      .update(mfaFactors)
      .set({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' })
      .where(eq(mfaFactors.id, verified?.id ?? ''));
    later(30);
    const { challengeId } = (await t.post(`/api/auth/factors/${verified?.id}/challenge`, {}, { cookie: aal1 })).json();
    const up = await t.post(
      `/api/auth/factors/${verified?.id}/verify`,
      { challengeId, code: totpCode('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', t.clock.now) },
      { cookie: aal1 },
    );
    expect(up.statusCode).toBe(200);
    const aal2 = cookiesFrom(up);
    // Each change to the factors asks a fresh code of the verified one (a time step is accepted once).
    const fresh = () => {
      later(30);
      return { code: totpCode('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', t.clock.now) };
    };
    expect((await t.post('/api/auth/factors', fresh(), { cookie: aal2 })).statusCode).toBe(201); // replaces the unverified one: 10 in all
    await t.db.insert(mfaFactors).values({ userId: user.id, secret: 'JBSWY3DPEHPK3PXP', status: 'verified' });
    const eleventh = await t.post('/api/auth/factors', fresh(), { cookie: aal2 });
    expect(eleventh.statusCode).toBe(422);

    const remove = await t.delete(`/api/auth/factors/${verified?.id}`, fresh(), { cookie: aal2 });
    expect(remove.statusCode).toBe(200);
    expect(
      await t.db
        .select()
        .from(mfaFactors)
        .where(eq(mfaFactors.id, verified?.id ?? '')),
    ).toHaveLength(0);
  });
});
