import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authRefusals } from '../../shared/accounts/auth-messages';
import {
  passkeyAssertionRequestSchema,
  passkeyOptionsAnswerSchema,
  passkeyRegisteredSchema,
  passkeyRegistrationOptionsRequestSchema,
  passkeyRegistrationRequestSchema,
  passkeySignInAnswerSchema,
} from '../../shared/accounts/passkey-contracts';
import { noStoreAnswers } from '../http/no-store';
import { rateLimit } from '../http/rate-limit';
import {
  finishPasskeyRegistration,
  relyingPartyOf,
  startPasskeyAuthentication,
  startPasskeyRegistration,
  verifyPasskeyAssertion,
} from './passkey-service';
import { requireSession, requireUser } from './request-auth';
import { raiseSessionToAal2 } from './session-service';

/**
 * Passkeys (WebAuthn) as a second factor (docs/api/accounts.md, passkeys): register one from the account's
 * settings, and answer the sign-in challenge with one. A passkey is removed as any factor is
 * (DELETE /api/auth/factors/{id}); the admin's step-up with one is POST /api/admin/step-up/passkey.
 */
export async function passkeyRoutes(app: FastifyInstance) {
  noStoreAnswers(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rp = relyingPartyOf(app.env.publicUrl);
  const limit = rateLimit({
    max: 10,
    timeWindow: 60_000,
    message: authRefusals.tooManyMfa,
    key: (request) => `passkey:${request.auth?.userId ?? request.ip}`,
  });
  /** Who asks, in which session, and when: what each passkey step is told. */
  const asker = (auth: { userId: string; sessionId: string }) => ({
    userId: auth.userId,
    sessionId: auth.sessionId,
    now: app.now(),
  });

  r.post(
    '/api/auth/passkeys/registration-options',
    {
      schema: { body: passkeyRegistrationOptionsRequestSchema, response: { 200: passkeyOptionsAnswerSchema } },
      config: { rateLimit: limit },
    },
    async (request) => {
      const auth = requireUser(request);
      return startPasskeyRegistration(app.db, rp, {
        ...asker(auth),
        email: auth.email,
        friendlyName: request.body.friendlyName,
        code: request.body.code,
        passkey: request.body.passkey,
      });
    },
  );

  r.post(
    '/api/auth/passkeys/registration',
    {
      schema: { body: passkeyRegistrationRequestSchema, response: { 201: passkeyRegisteredSchema } },
      config: { rateLimit: limit },
    },
    async (request, reply) => {
      const auth = requireUser(request);
      const registered = await finishPasskeyRegistration(app.db, rp, {
        ...asker(auth),
        challengeId: request.body.challengeId,
        credential: request.body.credential,
      });
      // A passkey proves the second factor as a verified code does: the session reaches aal2.
      await raiseSessionToAal2(request, reply, auth.sessionId);
      return reply.status(201).send({
        factorId: registered.factorId,
        ...(registered.recoveryCodes ? { recoveryCodes: registered.recoveryCodes } : {}),
      });
    },
  );

  r.post(
    '/api/auth/passkeys/authentication-options',
    {
      schema: { body: z.object({}).optional(), response: { 200: passkeyOptionsAnswerSchema } },
      config: { rateLimit: limit },
    },
    async (request) => {
      const auth = requireSession(request);
      return startPasskeyAuthentication(app.db, rp, asker(auth));
    },
  );

  r.post(
    '/api/auth/passkeys/authentication',
    {
      schema: { body: passkeyAssertionRequestSchema, response: { 200: passkeySignInAnswerSchema } },
      config: { rateLimit: limit },
    },
    async (request, reply) => {
      const auth = requireSession(request);
      await verifyPasskeyAssertion(app.db, rp, {
        ...asker(auth),
        challengeId: request.body.challengeId,
        credential: request.body.credential,
      });
      await raiseSessionToAal2(request, reply, auth.sessionId);
      return { aal: 'aal2' as const };
    },
  );
}
