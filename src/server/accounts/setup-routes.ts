import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  firstAdminSchema,
  setupStatusSchema,
  setupTokenSchema,
  setupUserSchema,
} from '../../shared/accounts/first-admin-schemas';
import { rateLimit } from '../http/rate-limit';
import { authRefusals } from '../../shared/accounts/auth-messages';
import { createFirstAdmin, setupTokenValid } from './first-admin-setup';
import { createSession, deleteSession, setSessionCookie } from './session-service';

/** The first admin without the command line: the page behind the link `npm start` prints while no admin exists (docs/api/accounts.md). */
export async function setupRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = rateLimit({ max: 10, timeWindow: '15 minutes', message: authRefusals.tooManyRequests });

  r.get(
    '/api/setup/status',
    {
      schema: {
        querystring: z.object({ token: z.string().max(200).default('') }),
        response: { 200: setupStatusSchema },
      },
      config: { rateLimit: limit },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { valid: request.query.token !== '' && (await setupTokenValid(app.db, request.query.token, app.now())) };
    },
  );

  r.post(
    '/api/setup/admin',
    {
      schema: { body: firstAdminSchema.extend({ token: setupTokenSchema }), response: { 201: setupUserSchema } },
      config: { rateLimit: limit },
    },
    async (request, reply) => {
      const now = app.now();
      const admin = await createFirstAdmin(app.db, { ...request.body, now });
      if (request.auth) await deleteSession(app.db, request.auth.sessionId);
      const { token, session } = await createSession(app.db, {
        userId: admin.userId,
        remember: false,
        now,
        userAgent: request.headers['user-agent'],
        ip: request.ip,
      });
      setSessionCookie(request, reply, token, session);
      return reply.status(201).send({ user: { id: admin.userId, email: admin.email } });
    },
  );
}
