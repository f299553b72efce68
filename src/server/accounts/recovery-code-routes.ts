import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  freshCodeRequestSchema,
  recoveryCodeSignInSchema,
  recoveryCodesIssuedSchema,
  recoveryCodeStatusSchema,
} from '../../shared/accounts/auth-contracts';
import { recoveryCodeInputSchema } from '../../shared/accounts/auth-schemas';
import { badRequest, forbidden } from '../http/http-error';
import { rateLimit } from '../http/rate-limit';
import { noStoreAnswers } from '../http/no-store';
import { authMessages, authRefusals } from '../../shared/accounts/auth-messages';
import { queueRecoveryCodesRegeneratedMail, queueRecoveryCodeUsedMail } from './mfa-security-mail';
import { recordAccountEvent } from './account-audit';
import { verifySecondFactorProof } from './mfa-service';
import { consumeRecoveryCode, issueRecoveryCodes, recoveryCodeStatus } from './recovery-codes';
import { requireSession, requireUser } from './request-auth';
import { raiseSessionToAal2 } from './session-service';

/** MFA recovery codes: sign in with one instead of an authenticator code, see how many are left, make a new set (docs/api/accounts.md). */
export async function recoveryCodeRoutes(app: FastifyInstance) {
  noStoreAnswers(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = rateLimit({
    max: 10,
    timeWindow: 60_000,
    message: authRefusals.tooManyMfa,
    key: (request) => `mfa-recovery:${request.auth?.userId ?? request.ip}`,
  });

  r.post(
    '/api/auth/recovery-codes/verify',
    {
      schema: { body: recoveryCodeInputSchema, response: { 200: recoveryCodeSignInSchema } },
      config: { rateLimit: limit },
    },
    async (request, reply) => {
      const auth = requireSession(request);
      const now = app.now();
      const invalid = badRequest(authRefusals.invalidRecoveryCode, {
        code: 'invalid_recovery_code',
        fields: { code: authMessages.invalidRecoveryCode },
      });
      if (!auth.hasVerifiedFactor) throw invalid;
      const remaining = await app.db.transaction(async (tx) => {
        if (!(await consumeRecoveryCode(tx, auth.userId, request.body.code, now))) return null;
        const left = (await recoveryCodeStatus(tx, auth.userId)).remaining;
        await queueRecoveryCodeUsedMail(tx, auth.userId, now, left);
        await recordAccountEvent(tx, {
          userId: auth.userId,
          action: 'auth.recovery_code_used',
          detail: { remaining: left },
          now,
        });
        return left;
      });
      if (remaining === null) throw invalid;
      await raiseSessionToAal2(request, reply, auth.sessionId);
      return { aal: 'aal2' as const, remaining };
    },
  );

  r.get(
    '/api/auth/recovery-codes',
    { schema: { response: { 200: recoveryCodeStatusSchema } } },
    async (request, reply) => {
      const auth = requireUser(request);
      reply.header('cache-control', 'no-store');
      const status = await recoveryCodeStatus(app.db, auth.userId);
      return { remaining: status.remaining, createdAt: status.createdAt?.toISOString() ?? null };
    },
  );

  r.post(
    '/api/auth/recovery-codes',
    {
      schema: { body: freshCodeRequestSchema.optional(), response: { 201: recoveryCodesIssuedSchema } },
      config: {
        rateLimit: rateLimit({
          max: 5,
          timeWindow: '15 minutes',
          message: authRefusals.tooManyRequests,
          key: (request) => `recovery-codes:${request.auth?.userId ?? request.ip}`,
        }),
      },
    },
    async (request, reply) => {
      const auth = requireUser(request);
      if (!auth.hasVerifiedFactor) throw badRequest(authRefusals.recoveryCodesNeedMfa, { code: 'mfa_not_enrolled' });
      if (auth.aal !== 'aal2') throw forbidden(authRefusals.mfaRequired, { code: 'mfa_required' });
      const now = app.now();
      // A new set voids the owner's codes: a stolen session alone must not be able to do that.
      await verifySecondFactorProof(app.db, { userId: auth.userId, code: request.body?.code, now });
      const recoveryCodes = await app.db.transaction(async (tx) => {
        const codes = await issueRecoveryCodes(tx, auth.userId, now);
        await queueRecoveryCodesRegeneratedMail(tx, auth.userId, now);
        return codes;
      });
      reply.header('cache-control', 'no-store');
      return reply.status(201).send({ recoveryCodes });
    },
  );
}
