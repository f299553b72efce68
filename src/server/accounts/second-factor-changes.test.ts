import { and, eq, isNull } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createOrder, createUser } from '../../../tests/support/factories';
import { enrolledUser, signIn, totpCode } from '../../../tests/support/sessions';
import { cookiesFrom, type TestApp, useTestApp } from '../../../tests/support/test-app';
import { mfaFactors, mfaRecoveryCodes, paymentTransactions } from '../db/schema';

// On a step boundary plus 10 s, so ±1 step is unambiguous.
const start = new Date('2026-03-02T09:00:10.000Z');

const freshCodeRequired = {
  code: 'fresh_code_required',
  message: 'Enter a code from your authenticator app or a recovery code.',
};

type Enrolled = Awaited<ReturnType<typeof enrolledUser>>;

describe('changing the second factor needs a fresh code', () => {
  const t = useTestApp({ now: start });
  const later = (seconds: number) => {
    t.clock.now = new Date(t.clock.now.getTime() + seconds * 1000);
  };
  /** A code that none of the ±1 steps of this secret gives now. */
  const wrong = (secret: string) => {
    const codes = [-1, 0, 1].map((offset) => totpCode(secret, t.clock.now, offset));
    return ['000000', '111111', '222222', '333333'].find((code) => !codes.includes(code)) ?? '444444';
  };
  const factorsOf = (userId: string) => t.db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId));
  const unusedCodesOf = (userId: string) =>
    t.db
      .select()
      .from(mfaRecoveryCodes)
      .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));

  /** The three changes. */
  const actions: {
    name: string;
    send: (u: Enrolled, body: Record<string, string> | undefined) => ReturnType<TestApp['post']>;
    okStatus: number;
  }[] = [
    {
      name: 'removing a verified factor',
      send: (u, body) => t.delete(`/api/auth/factors/${u.factorId}`, body, { cookie: u.aal2 }),
      okStatus: 200,
    },
    {
      name: 'adding a factor while one is verified',
      send: (u, body) => t.post('/api/auth/factors', body ?? {}, { cookie: u.aal2 }),
      okStatus: 201,
    },
    {
      name: 'making a new set of recovery codes',
      send: (u, body) => t.post('/api/auth/recovery-codes', body, { cookie: u.aal2 }),
      okStatus: 201,
    },
  ];

  for (const action of actions) {
    it(`${action.name}: refused without a code and with a wrong one, nothing changed`, async () => {
      later(60);
      const u = await enrolledUser(t);
      later(30);
      const codesBefore = (await unusedCodesOf(u.user.id)).map((row) => row.codeHash).sort();

      const none = await action.send(u, undefined);
      expect(none.statusCode).toBe(403);
      expect(none.json().error).toMatchObject(freshCodeRequired);
      const blank = await action.send(u, { code: ' ' });
      expect(blank.statusCode).toBe(403);
      expect(blank.json().error.code).toBe('fresh_code_required');

      const wrongTotp = await action.send(u, { code: wrong(u.secret) });
      expect(wrongTotp.statusCode).toBe(400);
      expect(wrongTotp.json().error).toMatchObject({
        code: 'invalid_code',
        message: 'Invalid verification code. Please try again.',
      });
      const wrongRecovery = await action.send(u, { code: 'abcd-efgh-jkmn-pqrs' });
      expect(wrongRecovery.statusCode).toBe(400);
      expect(wrongRecovery.json().error).toMatchObject({
        code: 'invalid_recovery_code',
        message: 'Invalid recovery code. Please check it and try again.',
      });
      // The enrolment's own code, replayed, is not fresh.
      const replayed = await action.send(u, { code: totpCode(u.secret, t.clock.now, -1) });
      expect(replayed.statusCode).toBe(400);

      const factors = await factorsOf(u.user.id);
      expect(factors.map((f) => ({ id: f.id, status: f.status }))).toEqual([{ id: u.factorId, status: 'verified' }]);
      expect(factors[0]?.failedAttempts).toBe(2); // the wrong code and the replay; a wrong recovery code does not lock the authenticator
      expect((await unusedCodesOf(u.user.id)).map((row) => row.codeHash).sort()).toEqual(codesBefore);
    });

    it(`${action.name}: accepted with a fresh code of the verified factor`, async () => {
      later(60);
      const u = await enrolledUser(t);
      later(30);
      const response = await action.send(u, { code: totpCode(u.secret, t.clock.now) });
      expect(response.statusCode, response.body).toBe(action.okStatus);
      if (action.name === 'removing a verified factor') expect(await factorsOf(u.user.id)).toHaveLength(0);
      if (action.name === 'adding a factor while one is verified') {
        const factors = await factorsOf(u.user.id);
        expect(factors.map((f) => f.status).sort()).toEqual(['unverified', 'verified']);
      }
      if (action.name === 'making a new set of recovery codes') {
        const fresh = (response.json() as { recoveryCodes: string[] }).recoveryCodes;
        expect(fresh).toHaveLength(10);
        expect(fresh.some((code) => u.recoveryCodes.includes(code))).toBe(false);
      }
    });

    it(`${action.name}: accepted with an unused recovery code, which is then used up`, async () => {
      later(60);
      const u = await enrolledUser(t);
      const code = u.recoveryCodes[3] ?? '';
      const response = await action.send(u, { code: code.toUpperCase() });
      expect(response.statusCode, response.body).toBe(action.okStatus);
      const unused = await unusedCodesOf(u.user.id);
      if (action.name === 'making a new set of recovery codes') {
        expect((response.json() as { recoveryCodes: string[] }).recoveryCodes).not.toContain(code);
        expect(unused).toHaveLength(10);
      } else {
        expect(unused).toHaveLength(9);
      }
      if (action.name === 'adding a factor while one is verified') {
        // The same code cannot serve for a second change.
        const again = await t.post('/api/auth/recovery-codes', { code }, { cookie: u.aal2 });
        expect(again.json().error.code).toBe('invalid_recovery_code');
      }
    });
  }

  it('adds the first factor without a code: that is enrolment', async () => {
    const { user } = await createUser(t.db);
    const cookie = await signIn(t, user.email);
    const enrolled = await t.post('/api/auth/factors', {}, { cookie });
    expect(enrolled.statusCode).toBe(201);
    // Abandoning that setup needs no code either: the unverified factor never guarded the account.
    const { id } = enrolled.json() as { id: string };
    expect((await t.delete(`/api/auth/factors/${id}`, undefined, { cookie })).statusCode).toBe(200);
    expect(await factorsOf(user.id)).toHaveLength(0);
  });

  it("a stolen admin session alone can neither remove nor replace the owner's authenticator, so money cannot move", async () => {
    later(60);
    const owner = await enrolledUser(t, { isAdmin: true });
    const order = await createOrder(t.db);
    const [payment] = await t.db
      .insert(paymentTransactions)
      .values({ orderId: order.id, transactionType: 'deposit', amount: 1000, currency: 'GBP', status: 'completed' })
      .returning();
    const stolen = owner.aal2;
    later(30);

    // Step 1: remove the owner's factor with no code.
    const removed = await t.delete(`/api/auth/factors/${owner.factorId}`, undefined, { cookie: stolen });
    expect(removed.statusCode).toBe(403);
    expect(removed.json().error.code).toBe('fresh_code_required');
    // Step 2: add the attacker's own authenticator beside it.
    const added = await t.post('/api/auth/factors', { friendlyName: 'Attacker' }, { cookie: stolen });
    expect(added.statusCode).toBe(403);
    expect(added.json().error.code).toBe('fresh_code_required');
    const factors = await factorsOf(owner.user.id);
    expect(factors.map((f) => ({ id: f.id, status: f.status }))).toEqual([{ id: owner.factorId, status: 'verified' }]);
    expect(await unusedCodesOf(owner.user.id)).toHaveLength(10);

    // Step 3: a code of a secret the attacker made up does not step up.
    const attackerSecret = new OTPAuth.Secret({ size: 20 }).base32;
    const stepUp = await t.post(
      '/api/admin/step-up',
      { code: totpCode(attackerSecret, t.clock.now) },
      { cookie: stolen },
    );
    expect(stepUp.statusCode).toBe(400);
    // Step 4: money does not move.
    const refund = await t.post(`/api/admin/orders/${order.id}/payments/${payment?.id}/refund`, {}, { cookie: stolen });
    expect(refund.statusCode).toBe(403);
    expect(refund.json().error.code).toBe('step_up_required');
    const [unchanged] = await t.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.id, payment?.id ?? ''));
    expect(unchanged?.status).toBe('completed');
  });

  it("step-up accepts a second verified factor's code, and that code does not count towards the lockout", async () => {
    later(60);
    const admin = await createAdminSession(t);
    // The admin adds a second authenticator, proving the first.
    later(30);
    const added = await t.post(
      '/api/auth/factors',
      { code: totpCode(admin.secret, t.clock.now) },
      { cookie: admin.cookie },
    );
    expect(added.statusCode, added.body).toBe(201);
    const second = added.json() as { id: string; secret: string };
    const { challengeId } = (
      await t.post(`/api/auth/factors/${second.id}/challenge`, {}, { cookie: admin.cookie })
    ).json();
    const verified = await t.post(
      `/api/auth/factors/${second.id}/verify`,
      { challengeId, code: totpCode(second.secret, t.clock.now) },
      { cookie: admin.cookie },
    );
    expect(verified.statusCode).toBe(200);
    const cookie = cookiesFrom(verified);
    const [first] = await t.db
      .select()
      .from(mfaFactors)
      .where(and(eq(mfaFactors.userId, admin.user.id), eq(mfaFactors.status, 'verified')))
      .orderBy(mfaFactors.createdAt)
      .limit(1);

    // Four wrong codes in a row: one more failure would lock the first factor.
    later(30);
    const bad = ['000000', '111111', '222222', '333333', '444444', '555555'].filter(
      (code) =>
        ![-1, 0, 1].some(
          (offset) =>
            totpCode(admin.secret, t.clock.now, offset) === code ||
            totpCode(second.secret, t.clock.now, offset) === code,
        ),
    );
    for (const code of bad.slice(0, 4)) {
      expect((await t.post('/api/admin/step-up', { code }, { cookie })).statusCode).toBe(400);
    }
    const stepUp = await t.post('/api/admin/step-up', { code: totpCode(second.secret, t.clock.now) }, { cookie });
    expect(stepUp.statusCode, stepUp.body).toBe(200);
    expect(stepUp.json().steppedUpUntil).toBeDefined();
    const [after] = await t.db
      .select()
      .from(mfaFactors)
      .where(eq(mfaFactors.id, first?.id ?? ''));
    expect(after).toMatchObject({ failedAttempts: 0, lockedUntil: null });
    // The first factor still works too.
    later(30);
    expect(
      (await t.post('/api/admin/step-up', { code: totpCode(admin.secret, t.clock.now) }, { cookie })).statusCode,
    ).toBe(200);
  });
});
