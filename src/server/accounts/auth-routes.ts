import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { permissionsOfRoles } from '../../shared/staff/permissions';
import {
  challengeAnswerSchema,
  changePasswordRequestSchema,
  confirmQuerySchema,
  emailRequestSchema,
  enrolledFactorSchema,
  enrollFactorRequestSchema,
  factorParamsSchema,
  factorsAnswerSchema,
  factorVerifiedSchema,
  okAnswerSchema,
  resetPasswordRequestSchema,
  sentAnswerSchema,
  sessionAnswerSchema,
  signInAnswerSchema,
  signUpAnswerSchema,
  verifyFactorRequestSchema,
} from '../../shared/accounts/auth-contracts';
import { signInSchema, signUpSchema } from '../../shared/accounts/auth-schemas';
import { freshProofRequestSchema } from '../../shared/accounts/passkey-contracts';
import { passkeyProof, relyingPartyOf } from './passkey-service';
import { byBodyEmail, extraRateLimit, perClientAndEmail, rateLimit } from '../http/rate-limit';
import { noStoreAnswers } from '../http/no-store';
import { getProfile } from './account-service';
import { authMessages, authRefusals } from '../../shared/accounts/auth-messages';
import {
  changePassword,
  checkCredentials,
  confirmEmail,
  requestPasswordReset,
  resendConfirmation,
  resetPassword,
  signUp,
} from './auth-service';
import { recordAccountEvent } from './account-audit';
import { joinGuestOrders } from './join-guest-orders';
import { createChallenge, enrollFactor, listFactors, unenrollFactor, verifyChallenge } from './mfa-service';
import { requireSession, requireUser } from './request-auth';
import {
  clearSessionCookie,
  createSession,
  deleteSession,
  raiseSessionToAal2,
  sessionExpiry,
  setSessionCookie,
} from './session-service';

/**
 * Sign-in from one client across every address (password spraying): well above what one office
 * behind one address signs in, far below a spraying run. The per-e-mail limit of the
 * specification stands beside it.
 */
export const SIGN_IN_PER_CLIENT = { max: 30, timeWindow: '10 minutes' } as const;

/**
 * Sign-ups, confirmation resends and password-reset requests from one client (IP address), each
 * route on its own, across every address: a person needs a few, a mail bomb or an account probe many.
 */
export const MAIL_SENDS_PER_CLIENT = { max: 10, timeWindow: '1 hour' } as const;

/** Answers that must not tell whether an e-mail has an account take at least this long. */
const EVEN_RESPONSE_MS = 400;

async function evenTime<T>(work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const settle = async () => {
    const left = EVEN_RESPONSE_MS - (performance.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  };
  try {
    const result = await work();
    await settle();
    return result;
  } catch (error) {
    await settle();
    throw error;
  }
}

const serializeFactors = async (app: FastifyInstance, userId: string) =>
  (await listFactors(app.db, userId)).map((f) => ({
    ...f,
    createdAt: f.createdAt.toISOString(),
    lastUsedAt: f.lastUsedAt?.toISOString() ?? null,
  }));

/** Sign-up, confirmation, sign-in and out, the session, password reset and change, and TOTP factors (docs/api/accounts.md). */
export async function authRoutes(app: FastifyInstance) {
  noStoreAnswers(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const context = () => ({ db: app.db, now: app.now(), publicUrl: app.env.publicUrl });
  const rp = relyingPartyOf(app.env.publicUrl);

  r.post(
    '/api/auth/signup',
    {
      schema: { body: signUpSchema, response: { 201: signUpAnswerSchema } },
      ...perClientAndEmail(app, {
        namespace: 'signup',
        message: authRefusals.tooManyRequests,
        perClient: MAIL_SENDS_PER_CLIENT,
        perEmail: { max: 5, timeWindow: '15 minutes' },
      }),
    },
    async (request, reply) => {
      await evenTime(() => signUp(context(), request.body));
      return reply.status(201).send({ confirmationSent: true as const });
    },
  );

  r.post(
    '/api/auth/resend-confirmation',
    {
      schema: { body: emailRequestSchema, response: { 200: sentAnswerSchema } },
      // As sign-up, so the route cannot flood a mailbox nor probe addresses from one client.
      ...perClientAndEmail(app, {
        namespace: 'resend-confirmation',
        message: authRefusals.tooManyRequests,
        perClient: MAIL_SENDS_PER_CLIENT,
        perEmail: { max: 5, timeWindow: '15 minutes' },
      }),
    },
    async (request) => {
      await evenTime(() => resendConfirmation(context(), request.body.email));
      return { sent: true as const };
    },
  );

  r.get('/api/auth/confirm', { schema: { querystring: confirmQuerySchema } }, async (request, reply) => {
    const { confirmed, joinedOrders } =
      request.query.token === ''
        ? { confirmed: false, joinedOrders: 0 }
        : await confirmEmail(context(), request.query.token);
    if (!confirmed) return reply.redirect('/login?confirmed=0', 303);
    return reply.redirect(joinedOrders > 0 ? `/login?confirmed=1&orders=${joinedOrders}` : '/login?confirmed=1', 303);
  });

  r.post(
    '/api/auth/signin',
    {
      schema: {
        body: signInSchema,
        response: { 200: signInAnswerSchema },
      },
      config: {
        rateLimit: rateLimit({
          max: 5,
          timeWindow: 60_000,
          message: authRefusals.tooManyLogins,
          key: byBodyEmail('signin'),
        }),
      },
      preHandler: extraRateLimit(app, {
        ...SIGN_IN_PER_CLIENT,
        message: authRefusals.tooManyLogins,
        key: (request) => `signin:ip:${request.ip}`,
      }),
    },
    async (request, reply) => {
      const now = app.now();
      const { userId } = await evenTime(() => checkCredentials(app.db, request.body)).catch(async (error: unknown) => {
        // A staff account's failed sign-in is audited (never the password typed).
        await recordAccountEvent(app.db, { email: request.body.email, action: 'auth.sign_in_failed', now });
        throw error;
      });
      await recordAccountEvent(app.db, { userId, action: 'auth.sign_in', now });
      // A guest order placed with the address after it was confirmed joins the account at its next sign-in.
      await joinGuestOrders(app.db, { userId, now, publicUrl: app.env.publicUrl });
      // A fresh token at every sign-in; a session the browser held before ends.
      if (request.auth) await deleteSession(app.db, request.auth.sessionId);
      const { token, session } = await createSession(app.db, {
        userId,
        remember: request.body.remember,
        now: app.now(),
        userAgent: request.headers['user-agent'],
        ip: request.ip,
      });
      setSessionCookie(request, reply, token, session);
      const factors = await listFactors(app.db, userId);
      const mfaRequired = factors.some((f) => f.status === 'verified');
      return { user: { id: userId, email: request.body.email.toLowerCase() }, aal: session.aal, mfaRequired };
    },
  );

  r.post('/api/auth/signout', { schema: { response: { 200: okAnswerSchema } } }, async (request, reply) => {
    if (request.auth) await deleteSession(app.db, request.auth.sessionId);
    clearSessionCookie(request, reply);
    return { ok: true as const };
  });

  r.get('/api/auth/session', { schema: { response: { 200: sessionAnswerSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const auth = request.auth;
    if (!auth) {
      if (request.authProblem === 'too_old') {
        clearSessionCookie(request, reply);
        return { user: null, message: authMessages.sessionTooOld };
      }
      return { user: null };
    }
    const expiresAt = (await sessionExpiry(app.db, auth.sessionId)).toISOString();
    const user = { id: auth.userId, email: auth.email };
    if (auth.aal === 'aal1' && auth.hasVerifiedFactor) {
      // A password alone reaches only the challenge: no profile, and only the factors to challenge.
      const factors = (await serializeFactors(app, auth.userId)).filter((f) => f.status === 'verified');
      return { user, aal: auth.aal, nextAal: 'aal2' as const, factors, expiresAt };
    }
    const [profile, factors] = await Promise.all([getProfile(app.db, auth.userId), serializeFactors(app, auth.userId)]);
    return {
      user,
      profile,
      aal: auth.aal,
      nextAal: factors.some((f) => f.status === 'verified') ? ('aal2' as const) : ('aal1' as const),
      factors,
      expiresAt,
      ...(auth.isAdmin ? { staff: { roles: auth.roles, permissions: [...permissionsOfRoles(auth.roles)] } } : {}),
    };
  });

  r.post(
    '/api/auth/recover',
    {
      schema: { body: emailRequestSchema, response: { 200: sentAnswerSchema } },
      ...perClientAndEmail(app, {
        namespace: 'recover',
        message: authRefusals.tooManyRequests,
        perClient: MAIL_SENDS_PER_CLIENT,
        perEmail: { max: 5, timeWindow: '15 minutes' },
      }),
    },
    async (request) => {
      await evenTime(() => requestPasswordReset(context(), request.body.email));
      return { sent: true as const };
    },
  );

  r.post(
    '/api/auth/reset',
    {
      schema: { body: resetPasswordRequestSchema, response: { 200: okAnswerSchema } },
      config: { rateLimit: rateLimit({ max: 10, timeWindow: '15 minutes', message: authRefusals.tooManyRequests }) },
    },
    async (request, reply) => {
      await resetPassword(app.db, request.body, app.now(), app.env.publicUrl);
      if (request.auth) clearSessionCookie(request, reply);
      return { ok: true as const };
    },
  );

  r.put(
    '/api/auth/password',
    {
      schema: { body: changePasswordRequestSchema, response: { 200: okAnswerSchema } },
      config: {
        rateLimit: rateLimit({
          max: 5,
          timeWindow: 60_000,
          message: authRefusals.tooManyRequests,
          key: (request) => `password:${request.auth?.userId ?? request.ip}`,
        }),
      },
    },
    async (request) => {
      const auth = requireUser(request);
      await changePassword(app.db, { userId: auth.userId, sessionId: auth.sessionId, ...request.body }, app.now());
      return { ok: true as const };
    },
  );

  const mfaLimit = rateLimit({
    max: 10,
    timeWindow: 60_000,
    message: authRefusals.tooManyMfa,
    key: (request) => `mfa:${request.auth?.userId ?? request.ip}`,
  });

  r.get('/api/auth/factors', { schema: { response: { 200: factorsAnswerSchema } } }, async (request) => {
    const auth = requireUser(request);
    return { factors: await serializeFactors(app, auth.userId) };
  });

  r.post(
    '/api/auth/factors',
    {
      schema: { body: enrollFactorRequestSchema, response: { 201: enrolledFactorSchema } },
    },
    async (request, reply) => {
      const auth = requireUser(request);
      const enrolled = await enrollFactor(app.db, {
        userId: auth.userId,
        email: auth.email,
        friendlyName: request.body.friendlyName,
        code: request.body.code,
        now: app.now(),
      });
      return reply.status(201).send(enrolled);
    },
  );

  r.post(
    '/api/auth/factors/:id/challenge',
    {
      schema: { params: factorParamsSchema, response: { 200: challengeAnswerSchema } },
      config: { rateLimit: mfaLimit },
    },
    async (request) => {
      const auth = requireSession(request);
      const challenge = await createChallenge(app.db, {
        userId: auth.userId,
        sessionId: auth.sessionId,
        factorId: request.params.id,
        now: app.now(),
      });
      return { challengeId: challenge.challengeId, expiresAt: challenge.expiresAt.toISOString() };
    },
  );

  r.post(
    '/api/auth/factors/:id/verify',
    {
      schema: { params: factorParamsSchema, body: verifyFactorRequestSchema, response: { 200: factorVerifiedSchema } },
      config: { rateLimit: mfaLimit },
    },
    async (request, reply) => {
      const auth = requireSession(request);
      const { recoveryCodes } = await verifyChallenge(app.db, {
        userId: auth.userId,
        sessionId: auth.sessionId,
        factorId: request.params.id,
        ...request.body,
        now: app.now(),
      });
      await raiseSessionToAal2(request, reply, auth.sessionId);
      if (recoveryCodes) reply.header('cache-control', 'no-store');
      return { aal: 'aal2' as const, ...(recoveryCodes ? { recoveryCodes } : {}) };
    },
  );

  r.delete(
    '/api/auth/factors/:id',
    {
      schema: {
        params: factorParamsSchema,
        body: freshProofRequestSchema.optional(),
        response: { 200: okAnswerSchema },
      },
      config: { rateLimit: mfaLimit },
    },
    async (request) => {
      const auth = requireUser(request);
      const assertion = request.body?.passkey;
      await unenrollFactor(app.db, {
        userId: auth.userId,
        factorId: request.params.id,
        aal: auth.aal,
        code: request.body?.code,
        passkey: assertion && passkeyProof(app.db, rp, { ...auth, assertion, now: app.now() }),
        now: app.now(),
      });
      return { ok: true as const };
    },
  );
}
