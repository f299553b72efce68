import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { realBank } from '../../../tests/support/business-profile';
import { createOrder, createUser } from '../../../tests/support/factories';
import { enrolledUser, signIn, totpCode } from '../../../tests/support/sessions';
import { SoftAuthenticator } from '../../../tests/support/soft-authenticator';
import { cookiesFrom, type TestApp, useTestApp } from '../../../tests/support/test-app';
import {
  mailOutbox,
  mfaFactors,
  mfaRecoveryCodes,
  passkeyCredentials,
  paymentTransactions,
  profiles,
  webauthnChallenges,
} from '../db/schema';
import type { Role } from '../../shared/staff/permissions';
import { getSettings, updateSettings } from '../settings/settings-service';

// On a TOTP step boundary plus 10 s, so ±1 step is unambiguous.
const start = new Date('2026-03-02T09:00:10.000Z');

interface Options {
  challengeId: string;
  options: { challenge: string; rp?: { id: string }; rpId?: string; allowCredentials?: { id: string }[] };
}

describe('passkeys (WebAuthn) as a second factor', () => {
  const t = useTestApp({ now: start });
  const origin = () => new URL(t.env.publicUrl).origin;
  const later = (seconds: number) => {
    t.clock.now = new Date(t.clock.now.getTime() + seconds * 1000);
  };

  async function registrationOptions(cookie: string, body: Record<string, unknown> = {}) {
    const response = await t.post('/api/auth/passkeys/registration-options', body, { cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Options;
  }

  /** Registers a passkey on a signed-in session; returns the answer and the session's new cookie. */
  async function registerPasskey(cookie: string, authenticator: SoftAuthenticator, body: Record<string, unknown> = {}) {
    const { challengeId, options } = await registrationOptions(cookie, body);
    const credential = authenticator.register(options, { origin: origin() });
    const response = await t.post('/api/auth/passkeys/registration', { challengeId, credential }, { cookie });
    expect(response.statusCode, response.body).toBe(201);
    return { answer: response.json() as { factorId: string; recoveryCodes?: string[] }, cookie: cookiesFrom(response) };
  }

  async function assertionOptions(cookie: string) {
    const response = await t.post('/api/auth/passkeys/authentication-options', {}, { cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Options;
  }

  /** A customer whose only second factor is a passkey; `cookie` is the aal2 session of the registration. */
  async function passkeyCustomer(overrides: { isAdmin?: boolean } = {}) {
    const { user } = await createUser(t.db, overrides);
    const authenticator = new SoftAuthenticator();
    const registered = await registerPasskey(await signIn(t, user.email), authenticator, { friendlyName: 'Laptop' });
    return { user, authenticator, ...registered };
  }

  const passkeyFactorsOf = (userId: string) =>
    t.db
      .select()
      .from(mfaFactors)
      .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.factorType, 'webauthn')));

  it('registers a passkey as the first factor: key, counter, transports and name stored, recovery codes and a notice given, the session raised', async () => {
    const { user } = await createUser(t.db);
    const cookie = await signIn(t, user.email);
    const authenticator = new SoftAuthenticator();
    const { challengeId, options } = await registrationOptions(cookie, { friendlyName: 'Work laptop' });
    expect(options.rp).toEqual({ id: 'localhost', name: 'Dropwise' });
    const credential = authenticator.register(options, { origin: origin() });
    const response = await t.post('/api/auth/passkeys/registration', { challengeId, credential }, { cookie });
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json() as { factorId: string; recoveryCodes: string[] };
    expect(answer.recoveryCodes).toHaveLength(10);

    const [factor] = await passkeyFactorsOf(user.id);
    expect(factor).toMatchObject({
      id: answer.factorId,
      status: 'verified',
      friendlyName: 'Work laptop',
      secret: null,
    });
    const [stored] = await t.db.select().from(passkeyCredentials).where(eq(passkeyCredentials.userId, user.id));
    expect(stored).toMatchObject({
      factorId: answer.factorId,
      credentialId: authenticator.id,
      counter: 0,
      transports: ['internal'],
      lastUsedAt: null,
    });
    expect(stored?.publicKey.length).toBeGreaterThan(60);
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, user.email), eq(mailOutbox.kind, 'security_passkey_added')));
    expect(mail?.subject).toBe('A passkey was added to your Dropwise account');

    // The session is now aal2 and the factor list shows the passkey.
    const aal2 = cookiesFrom(response);
    const factors = (await t.get('/api/auth/factors', { cookie: aal2 })).json() as {
      factors: { factorType: string; friendlyName: string; lastUsedAt: string | null }[];
    };
    expect(factors.factors).toEqual([
      expect.objectContaining({ factorType: 'webauthn', friendlyName: 'Work laptop', lastUsedAt: null }),
    ]);
    const session = (await t.get('/api/auth/session', { cookie: aal2 })).json() as { aal: string };
    expect(session.aal).toBe('aal2');
  });

  it('a passkey satisfies the sign-in challenge, and moves the counter and last-used time', async () => {
    const { user, authenticator } = await passkeyCustomer();
    later(60);
    const signedIn = await t.post('/api/auth/signin', { email: user.email, password: 'correct-horse-1' });
    expect(signedIn.json()).toMatchObject({ aal: 'aal1', mfaRequired: true });
    const aal1 = cookiesFrom(signedIn);
    expect((await t.get('/api/account/orders', { cookie: aal1 })).statusCode).toBe(403);

    const { challengeId, options } = await assertionOptions(aal1);
    expect(options.rpId).toBe('localhost');
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([authenticator.id]);
    const credential = authenticator.assert(options, { origin: origin() });
    const verified = await t.post('/api/auth/passkeys/authentication', { challengeId, credential }, { cookie: aal1 });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ aal: 'aal2' });
    const aal2 = cookiesFrom(verified);
    expect((await t.get('/api/account/orders', { cookie: aal2 })).statusCode).toBe(200);
    // The password-only token is gone: a new token at every change of assurance level.
    expect((await t.get('/api/account/orders', { cookie: aal1 })).statusCode).toBe(401);

    const [stored] = await t.db.select().from(passkeyCredentials).where(eq(passkeyCredentials.userId, user.id));
    expect(stored?.counter).toBe(1);
    expect(stored?.lastUsedAt?.toISOString()).toBe(t.clock.now.toISOString());
  });

  it('a challenge is used once, lives 5 minutes and serves only the session that asked for it', async () => {
    const { user, authenticator } = await passkeyCustomer();
    const aal1 = await signIn(t, user.email);
    const first = await assertionOptions(aal1);
    const credential = authenticator.assert(first.options, { origin: origin() });
    const ok = await t.post('/api/auth/passkeys/authentication', { ...first, credential }, { cookie: aal1 });
    expect(ok.statusCode).toBe(200);
    const replay = await t.post(
      '/api/auth/passkeys/authentication',
      { challengeId: first.challengeId, credential },
      { cookie: cookiesFrom(ok) },
    );
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('challenge_expired');

    const other = await signIn(t, user.email);
    const stale = await assertionOptions(other);
    later(5 * 60 + 1);
    const late = await t.post(
      '/api/auth/passkeys/authentication',
      { challengeId: stale.challengeId, credential: authenticator.assert(stale.options, { origin: origin() }) },
      { cookie: other },
    );
    expect(late.json().error.code).toBe('challenge_expired');

    // Another session's challenge (a thief with only the password) does not serve this one.
    const thief = await signIn(t, user.email);
    const victim = await assertionOptions(other);
    const stolen = await t.post(
      '/api/auth/passkeys/authentication',
      { challengeId: victim.challengeId, credential: authenticator.assert(victim.options, { origin: origin() }) },
      { cookie: thief },
    );
    expect(stolen.json().error.code).toBe('challenge_expired');
    expect((await t.get('/api/auth/session', { cookie: thief })).json().aal).toBe('aal1');
  });

  it('refuses a ceremony from another origin or for another relying party, and one without user verification', async () => {
    const { user, authenticator } = await passkeyCustomer();
    const aal1 = await signIn(t, user.email);
    const cases = [
      { origin: 'https://evil.example' },
      { origin: 'http://localhost:4444' },
      { origin: origin(), rpId: 'evil.example' },
      { origin: origin(), userVerified: false },
    ];
    for (const at of cases) {
      const { challengeId, options } = await assertionOptions(aal1);
      const refused = await t.post(
        '/api/auth/passkeys/authentication',
        { challengeId, credential: authenticator.assert(options, at) },
        { cookie: aal1 },
      );
      expect(refused.statusCode, JSON.stringify(at)).toBe(400);
      expect(refused.json().error).toEqual({
        code: 'passkey_refused',
        message: 'This passkey could not be verified. Please try again.',
        messageId: 'error.passkeyRefused',
      });
    }
    expect((await t.get('/api/auth/session', { cookie: aal1 })).json().aal).toBe('aal1');

    // Registration from another origin: nothing stored.
    const { user: other } = await createUser(t.db);
    const cookie = await signIn(t, other.email);
    const { challengeId, options } = await registrationOptions(cookie);
    const fake = new SoftAuthenticator().register(options, { origin: 'https://evil.example' });
    const response = await t.post('/api/auth/passkeys/registration', { challengeId, credential: fake }, { cookie });
    expect(response.json().error.code).toBe('passkey_refused');
    expect(await passkeyFactorsOf(other.id)).toHaveLength(0);
  });

  it("refuses another account's passkey and a key that signs badly", async () => {
    const alice = await passkeyCustomer();
    const bob = await passkeyCustomer();
    const aal1 = await signIn(t, alice.user.email);
    const { challengeId, options } = await assertionOptions(aal1);
    const wrong = await t.post(
      '/api/auth/passkeys/authentication',
      { challengeId, credential: bob.authenticator.assert(options, { origin: origin() }) },
      { cookie: aal1 },
    );
    expect(wrong.json().error.code).toBe('passkey_refused');
    // Alice's credential id with another key's signature.
    const forged = new SoftAuthenticator();
    Object.assign(forged, { credentialId: alice.authenticator.credentialId });
    const again = await assertionOptions(aal1);
    const bad = await t.post(
      '/api/auth/passkeys/authentication',
      { challengeId: again.challengeId, credential: forged.assert(again.options, { origin: origin() }) },
      { cookie: aal1 },
    );
    expect(bad.json().error.code).toBe('passkey_refused');
  });

  it('adding a passkey while a verified factor exists needs a fresh code; then no new recovery codes', async () => {
    later(60);
    const u = await enrolledUser(t);
    later(30);
    const none = await t.post('/api/auth/passkeys/registration-options', {}, { cookie: u.aal2 });
    expect(none.statusCode).toBe(403);
    expect(none.json().error.code).toBe('fresh_code_required');
    const wrong = await t.post('/api/auth/passkeys/registration-options', { code: '000000' }, { cookie: u.aal2 });
    expect(wrong.statusCode).toBe(400);

    const { answer } = await registerPasskey(u.aal2, new SoftAuthenticator(), {
      code: totpCode(u.secret, t.clock.now),
    });
    expect(answer.recoveryCodes).toBeUndefined();
    expect(await passkeyFactorsOf(u.user.id)).toHaveLength(1);
    const unused = await t.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, u.user.id));
    expect(unused.map((row) => row.codeHash).length).toBe(10);
  });

  it('removing a passkey needs a fresh code; a removed passkey is refused afterwards', async () => {
    later(60);
    const u = await enrolledUser(t);
    later(30);
    const authenticator = new SoftAuthenticator();
    const { answer, cookie } = await registerPasskey(u.aal2, authenticator, { code: totpCode(u.secret, t.clock.now) });
    const aal1 = await signIn(t, u.user.email);
    const pending = await assertionOptions(aal1);

    const refused = await t.delete(`/api/auth/factors/${answer.factorId}`, undefined, { cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('fresh_code_required');
    const removed = await t.delete(`/api/auth/factors/${answer.factorId}`, { code: u.recoveryCodes[0] }, { cookie });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await t.db.select().from(passkeyCredentials).where(eq(passkeyCredentials.userId, u.user.id))).toEqual([]);
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, u.user.email), eq(mailOutbox.kind, 'security_mfa_factor_removed')));
    expect(mail?.textBody).toContain('a passkey was removed');

    // An assertion made for a challenge issued before the removal, and a fresh request, are refused.
    const late = await t.post(
      '/api/auth/passkeys/authentication',
      { challengeId: pending.challengeId, credential: authenticator.assert(pending.options, { origin: origin() }) },
      { cookie: aal1 },
    );
    expect(late.statusCode).toBe(400);
    expect(late.json().error.code).toBe('passkey_refused');
    const options = await t.post('/api/auth/passkeys/authentication-options', {}, { cookie: aal1 });
    expect(options.statusCode).toBe(404);
    expect(options.json().error.code).toBe('no_passkey');
    expect((await t.get('/api/auth/session', { cookie: aal1 })).json().aal).toBe('aal1');
  });

  it('a passkey is proof enough to add another passkey or remove one; a passkey from another origin is not', async () => {
    const customer = await passkeyCustomer();
    const { user, authenticator } = customer;
    // The registration below gives the session a new cookie, as every change of assurance does.
    let cookie = customer.cookie;
    const proof = async (at = { origin: origin() }) => {
      const { challengeId, options } = await assertionOptions(cookie);
      return { challengeId, credential: authenticator.assert(options, at) };
    };
    const foreign = await t.post(
      '/api/auth/passkeys/registration-options',
      { passkey: await proof({ origin: 'https://evil.example' }) },
      { cookie },
    );
    expect(foreign.json().error.code).toBe('passkey_refused');

    const unproven = await t.post('/api/auth/passkeys/registration-options', {}, { cookie });
    expect(unproven.json().error.code).toBe('fresh_code_required');
    ({ cookie } = await registerPasskey(cookie, new SoftAuthenticator(), {
      friendlyName: 'Phone',
      passkey: await proof(),
    }));
    expect((await passkeyFactorsOf(user.id)).map((f) => f.friendlyName).sort()).toEqual(['Laptop', 'Phone']);

    const phoneId = (await passkeyFactorsOf(user.id)).find((f) => f.friendlyName === 'Phone')?.id;
    const removeFirst = await t.delete(
      `/api/auth/factors/${phoneId}`,
      { passkey: await proof({ origin: 'https://evil.example' }) },
      { cookie },
    );
    expect(removeFirst.json().error.code).toBe('passkey_refused');
    const removed = await t.delete(`/api/auth/factors/${phoneId}`, { passkey: await proof() }, { cookie });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await passkeyFactorsOf(user.id)).map((f) => f.friendlyName)).toEqual(['Laptop']);
  });

  it('answers 401 without a session, and keeps challenges on the server', async () => {
    expect((await t.post('/api/auth/passkeys/authentication-options', {})).statusCode).toBe(401);
    expect((await t.post('/api/auth/passkeys/registration-options', {})).statusCode).toBe(401);
    const { user } = await passkeyCustomer();
    const rows = await t.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.usedAt).not.toBeNull();
    // A new ceremony of the session clears its spent and expired challenges, so the table stays small.
    const second = await passkeyCustomer();
    const challengesOf = () =>
      t.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.userId, second.user.id));
    await assertionOptions(second.cookie);
    await assertionOptions(second.cookie);
    expect((await challengesOf()).map((row) => row.purpose)).toEqual(['authentication', 'authentication']);
    later(5 * 60 + 1);
    await assertionOptions(second.cookie);
    expect(await challengesOf()).toHaveLength(1);
  });

  describe('admin step-up', () => {
    async function adminWithPasskey(roles: Role[] = ['owner']) {
      later(60);
      const admin = await createAdminSession(t, t.db, roles);
      later(30);
      const authenticator = new SoftAuthenticator();
      const { cookie } = await registerPasskey(admin.cookie, authenticator, {
        code: totpCode(admin.secret, t.clock.now),
      });
      return { ...admin, cookie, authenticator };
    }

    /** Records a payment on a new order; `payments()` reads that order's payments. */
    async function paymentCase() {
      const order = await createOrder(t.db);
      const record = (cookie: string, transactionType = 'deposit') =>
        t.post(
          `/api/admin/orders/${order.id}/payments`,
          { transactionType, amount: 1000, paymentMethod: 'bank_transfer' },
          { cookie },
        );
      const payments = () => t.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, order.id));
      return Object.assign(record, { payments });
    }

    async function passkeyStepUp(t2: TestApp, cookie: string, authenticator: SoftAuthenticator) {
      const { challengeId, options } = await assertionOptions(cookie);
      return t2.post(
        '/api/admin/step-up/passkey',
        { challengeId, credential: authenticator.assert(options, { origin: origin() }) },
        { cookie },
      );
    }

    it('a passkey passes the step-up before money moves', async () => {
      const admin = await adminWithPasskey();
      const record = await paymentCase();
      expect((await record(admin.cookie)).json().error.code).toBe('step_up_required');
      const stepped = await passkeyStepUp(t, admin.cookie, admin.authenticator);
      expect(stepped.statusCode, stepped.body).toBe(200);
      expect(stepped.json().steppedUpUntil).toBe(new Date(t.clock.now.getTime() + 5 * 60_000).toISOString());
      expect((await record(admin.cookie)).statusCode).toBe(201);
      expect(await record.payments()).toHaveLength(1);
    });

    it('a passkey from another origin does not step up', async () => {
      const admin = await adminWithPasskey();
      const { challengeId, options } = await assertionOptions(admin.cookie);
      const refused = await t.post(
        '/api/admin/step-up/passkey',
        { challengeId, credential: admin.authenticator.assert(options, { origin: 'https://evil.example' }) },
        { cookie: admin.cookie },
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe('passkey_refused');
      const record = await paymentCase();
      expect((await record(admin.cookie)).json().error.code).toBe('step_up_required');
    });

    it('with Require Passkeys for Payments on, only a passkey step-up moves money; other step-up routes still take a code', async () => {
      const admin = await adminWithPasskey();
      await updateSettings(t.db, { requirePasskeyForPayments: true });
      const record = await paymentCase();
      await admin.stepUp(admin.cookie);
      const refused = await record(admin.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toEqual({
        code: 'passkey_step_up_required',
        message: 'This action needs a passkey. Confirm with your passkey to continue.',
        messageId: 'passkey.stepUpRequired',
      });
      expect(await record.payments()).toHaveLength(0);
      // Deleting an order is not a money route: the code's step-up serves.
      const order = await createOrder(t.db);
      expect((await t.delete(`/api/admin/orders/${order.id}`, undefined, { cookie: admin.cookie })).statusCode).toBe(
        200,
      );

      expect((await passkeyStepUp(t, admin.cookie, admin.authenticator)).statusCode).toBe(200);
      expect((await record(admin.cookie)).statusCode).toBe(201);

      // Off again (the default): a code serves.
      await updateSettings(t.db, { requirePasskeyForPayments: false });
      await admin.stepUp(admin.cookie);
      expect((await record(admin.cookie, 'balance')).statusCode).toBe(201);
      expect(await record.payments()).toHaveLength(2);
    });

    describe('Require Passkeys for Payments: a new passkey and the bank accounts (issue 34, F4)', () => {
      const requirePasskeys = (on: boolean) => updateSettings(t.db, { requirePasskeyForPayments: on });
      const ownerNotices = (to: string) =>
        t.db
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, 'security_staff_passkey_added')));
      const approvalOf = async (userId: string) =>
        (await t.db.select().from(profiles).where(eq(profiles.id, userId)))[0]?.passkeyApprovedUntil ?? null;
      const proofWith = async (cookie: string, authenticator: SoftAuthenticator) => {
        const { challengeId, options } = await assertionOptions(cookie);
        return { challengeId, credential: authenticator.assert(options, { origin: origin() }) };
      };

      it('a Finance member with only TOTP cannot register a passkey with a phished code: 403 passkey_approval_required, no code spent, none stored', async () => {
        later(60);
        const finance = await createAdminSession(t, t.db, ['finance']);
        await requirePasskeys(true);
        try {
          later(30);
          const code = totpCode(finance.secret, t.clock.now);
          const refused = await t.post('/api/auth/passkeys/registration-options', { code }, { cookie: finance.cookie });
          expect(refused.statusCode).toBe(403);
          expect(refused.json().error).toEqual({
            code: 'passkey_approval_required',
            message:
              "While passkeys are required for payments, a new passkey needs one of your existing passkeys or an Owner's approval. Ask an Owner to approve it, then try again.",
            messageId: 'passkey.approvalRequired',
          });
          expect(await passkeyFactorsOf(finance.user.id)).toHaveLength(0);
          // The refusal came before the code was checked: the same code still steps up.
          expect((await t.post('/api/admin/step-up', { code }, { cookie: finance.cookie })).statusCode).toBe(200);
        } finally {
          await requirePasskeys(false);
        }
      });

      it('a new Finance member with no factor yet sets up a passkey as that first factor without an approval (enrolment: no code to phish), and the Owners hear of it', async () => {
        const owner = await createAdminSession(t);
        const { user } = await createUser(t.db, { isAdmin: true, roles: ['finance'] });
        await requirePasskeys(true);
        try {
          const { answer } = await registerPasskey(await signIn(t, user.email), new SoftAuthenticator());
          expect(answer.recoveryCodes).toHaveLength(10);
          expect(await passkeyFactorsOf(user.id)).toHaveLength(1);
          expect(await ownerNotices(owner.user.email)).toHaveLength(1);
        } finally {
          await requirePasskeys(false);
        }
      });

      it('a ceremony begun with a code before the setting went on cannot be finished after it: 403, no passkey', async () => {
        later(60);
        const finance = await createAdminSession(t, t.db, ['finance']);
        later(30);
        const { challengeId, options } = await registrationOptions(finance.cookie, {
          code: totpCode(finance.secret, t.clock.now),
        });
        await requirePasskeys(true);
        try {
          const credential = new SoftAuthenticator().register(options, { origin: origin() });
          const refused = await t.post(
            '/api/auth/passkeys/registration',
            { challengeId, credential },
            { cookie: finance.cookie },
          );
          expect(refused.statusCode).toBe(403);
          expect(refused.json().error.code).toBe('passkey_approval_required');
          expect(await passkeyFactorsOf(finance.user.id)).toHaveLength(0);
        } finally {
          await requirePasskeys(false);
        }
      });

      it('a Finance member adds another passkey with an existing passkey (not with a code), and every other Owner is e-mailed', async () => {
        const owner = await createAdminSession(t);
        const finance = await adminWithPasskey(['finance']);
        await requirePasskeys(true);
        try {
          later(30);
          const withCode = await t.post(
            '/api/auth/passkeys/registration-options',
            { code: totpCode(finance.secret, t.clock.now) },
            { cookie: finance.cookie },
          );
          expect(withCode.json().error.code).toBe('passkey_approval_required');
          await registerPasskey(finance.cookie, new SoftAuthenticator(), {
            friendlyName: 'Phone',
            passkey: await proofWith(finance.cookie, finance.authenticator),
          });
          expect(await passkeyFactorsOf(finance.user.id)).toHaveLength(2);
          const [notice] = await ownerNotices(owner.user.email);
          expect(notice?.subject).toBe('Security notice: a passkey was added to a staff account');
          expect(notice?.textBody).toContain(
            `to the Dropwise staff account ${finance.user.email}, proven with one of their existing passkeys`,
          );
          // The one who added it hears through their own notice, not the Owners'.
          expect(await ownerNotices(finance.user.email)).toHaveLength(0);
        } finally {
          await requirePasskeys(false);
        }
      });

      it("after an Owner's approval (a passkey step-up) a Finance member registers one passkey with a code; the approval is used up, and lapses after 24 hours", async () => {
        const owner = await adminWithPasskey();
        const finance = await createAdminSession(t, t.db, ['finance']);
        const approve = (id: string) => t.post(`/api/admin/users/${id}/passkey-approval`, {}, { cookie: owner.cookie });
        await requirePasskeys(true);
        try {
          // The approval is held to the money routes' step-up: a code does not serve while the setting is on.
          await owner.stepUp(owner.cookie);
          expect((await approve(finance.user.id)).json().error.code).toBe('passkey_step_up_required');
          expect((await passkeyStepUp(t, owner.cookie, owner.authenticator)).statusCode).toBe(200);
          const own = await approve(owner.user.id);
          expect(own.statusCode).toBe(409);
          expect(own.json().error.code).toBe('own_passkey_approval');
          const approved = await approve(finance.user.id);
          expect(approved.statusCode, approved.body).toBe(201);
          expect(approved.json().approvedUntil).toBe(new Date(t.clock.now.getTime() + 24 * 3_600_000).toISOString());

          later(30);
          // The registration raises the session under a new cookie.
          const { cookie } = await registerPasskey(finance.cookie, new SoftAuthenticator(), {
            code: totpCode(finance.secret, t.clock.now),
          });
          expect(await passkeyFactorsOf(finance.user.id)).toHaveLength(1);
          expect(await approvalOf(finance.user.id)).toBeNull();
          const [notice] = await ownerNotices(owner.user.email);
          expect(notice?.textBody).toContain(`${finance.user.email}, with an Owner's approval`);

          // One approval, one passkey.
          later(30);
          const again = await t.post(
            '/api/auth/passkeys/registration-options',
            { code: totpCode(finance.secret, t.clock.now) },
            { cookie },
          );
          expect(again.json().error.code).toBe('passkey_approval_required');

          // A new approval not used within its 24 hours lapses (its end moved to now: the sessions would have ended too).
          expect((await passkeyStepUp(t, owner.cookie, owner.authenticator)).statusCode).toBe(200);
          expect((await approve(finance.user.id)).statusCode).toBe(201);
          await t.db
            .update(profiles)
            .set({ passkeyApprovedUntil: t.clock.now })
            .where(eq(profiles.id, finance.user.id));
          later(30);
          const lapsed = await t.post(
            '/api/auth/passkeys/registration-options',
            { code: totpCode(finance.secret, t.clock.now) },
            { cookie },
          );
          expect(lapsed.json().error.code).toBe('passkey_approval_required');
        } finally {
          await requirePasskeys(false);
        }
      });

      it('the bank accounts change only after a passkey step-up while the setting is on; a TOTP step-up is refused', async () => {
        const owner = await adminWithPasskey();
        await requirePasskeys(true);
        try {
          await owner.stepUp(owner.cookie);
          const refused = await t.put('/api/admin/business-profile/bank', realBank, { cookie: owner.cookie });
          expect(refused.statusCode).toBe(403);
          expect(refused.json().error.code).toBe('passkey_step_up_required');
          expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'bank_details_changed'))).toEqual([]);
          expect((await passkeyStepUp(t, owner.cookie, owner.authenticator)).statusCode).toBe(200);
          const saved = await t.put('/api/admin/business-profile/bank', realBank, { cookie: owner.cookie });
          expect(saved.statusCode, saved.body).toBe(200);
        } finally {
          await requirePasskeys(false);
        }
      });

      it('turning the setting off needs a passkey step-up: an Owner who stepped up with a (phished) code is refused and the setting stays on', async () => {
        const owner = await adminWithPasskey();
        await requirePasskeys(true);
        try {
          await owner.stepUp(owner.cookie);
          const { settings } = (await t.get('/api/admin/settings', { cookie: owner.cookie })).json();
          const refused = await t.put(
            '/api/admin/settings',
            { ...settings, requirePasskeyForPayments: false },
            { cookie: owner.cookie },
          );
          expect(refused.statusCode).toBe(403);
          expect(refused.json().error.code).toBe('passkey_step_up_required');
          expect((await getSettings(t.db)).requirePasskeyForPayments).toBe(true);
          expect((await passkeyStepUp(t, owner.cookie, owner.authenticator)).statusCode).toBe(200);
          const off = await t.put(
            '/api/admin/settings',
            { ...settings, requirePasskeyForPayments: false },
            { cookie: owner.cookie },
          );
          expect(off.statusCode, off.body).toBe(200);
          expect((await getSettings(t.db)).requirePasskeyForPayments).toBe(false);
        } finally {
          await requirePasskeys(false);
        }
      });

      it('with the setting off (the default), a Finance member adds a passkey with a code, the bank accounts take a code step-up, and no Owner is e-mailed', async () => {
        const owner = await createAdminSession(t);
        later(60);
        const finance = await createAdminSession(t, t.db, ['finance']);
        later(30);
        await registerPasskey(finance.cookie, new SoftAuthenticator(), {
          code: totpCode(finance.secret, t.clock.now),
        });
        expect(await passkeyFactorsOf(finance.user.id)).toHaveLength(1);
        expect(await ownerNotices(owner.user.email)).toHaveLength(0);
        await owner.stepUp();
        const saved = await t.put(
          '/api/admin/business-profile/bank',
          { ...realBank, GBP: { ...realBank.GBP, accountName: 'Off Again Ltd' } },
          { cookie: owner.cookie },
        );
        expect(saved.statusCode, saved.body).toBe(200);
      });
    });

    it('the step-up with a passkey is an admin route: a customer with a passkey is refused', async () => {
      const customer = await passkeyCustomer();
      const response = await passkeyStepUp(t, customer.cookie, customer.authenticator);
      expect(response.statusCode).toBe(403);
    });
  });
});
