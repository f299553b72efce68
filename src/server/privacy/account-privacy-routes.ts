import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authMessages } from '../../shared/accounts/auth-messages';
import { closeAccountAnswerSchema, closeAccountRequestSchema } from '../../shared/privacy/privacy-contracts';
import { requireUser } from '../accounts/request-auth';
import { clearSessionCookie } from '../accounts/session-service';
import { rateLimit } from '../http/rate-limit';
import { noStoreAnswers } from '../http/no-store';
import { closeAccount } from './close-account';

const perUser = (namespace: string) =>
  rateLimit({
    max: 5,
    timeWindow: 60_000,
    message: authMessages.tooManyRequests,
    key: (request) => `${namespace}:${request.auth?.userId ?? request.ip}`,
  });

/** A customer's own privacy rights: close the account, download their data (docs/api.md, Privacy). */
export async function accountPrivacyRoutes(app: FastifyInstance) {
  noStoreAnswers(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/account/close',
    {
      schema: { body: closeAccountRequestSchema, response: { 200: closeAccountAnswerSchema } },
      config: { rateLimit: perUser('close-account') },
    },
    async (request, reply) => {
      const auth = requireUser(request);
      const summary = await closeAccount(app.db, {
        userId: auth.userId,
        aal: auth.aal,
        hasVerifiedFactor: auth.hasVerifiedFactor,
        password: request.body.password,
        code: request.body.code,
        now: app.now(),
        publicUrl: app.env.publicUrl,
      });
      clearSessionCookie(request, reply);
      return { ok: true as const, summary };
    },
  );
}
