import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authRefusals } from '../../shared/accounts/auth-messages';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import {
  closeAccountAnswerSchema,
  closeAccountRequestSchema,
  dataExportAnswerSchema,
  dataExportRequestSchema,
  messages,
} from '../../shared/privacy/privacy-contracts';
import { verifySecondFactorProof } from '../accounts/mfa-service';
import { dataExports } from '../db/schema';
import { forbidden, notFound } from '../http/http-error';
import { contentDisposition } from '../http/content-disposition';
import { exportByToken, requestExport } from './data-export';
import { requireUser } from '../accounts/request-auth';
import { clearSessionCookie } from '../accounts/session-service';
import { rateLimit } from '../http/rate-limit';
import { noStoreAnswers } from '../http/no-store';
import { closeAccount } from './close-account';

const perUser = (namespace: string) =>
  rateLimit({
    max: 5,
    timeWindow: 60_000,
    message: authRefusals.tooManyRequests,
    key: (request) => `${namespace}:${request.auth?.userId ?? request.ip}`,
  });

/** A customer's own privacy rights: close the account, download their data (docs/api/accounts.md). */
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

  r.post(
    '/api/account/data-export',
    {
      schema: { body: dataExportRequestSchema, response: { 202: dataExportAnswerSchema } },
      config: { rateLimit: perUser('data-export') },
    },
    async (request, reply) => {
      const auth = requireUser(request);
      const now = app.now();
      if (auth.hasVerifiedFactor) {
        if (auth.aal !== 'aal2') throw forbidden(authRefusals.mfaRequired, { code: 'mfa_required' });
        await verifySecondFactorProof(app.db, { userId: auth.userId, code: request.body.code, now });
      }
      const created = await requestExport(app.db, { email: auth.email, userId: auth.userId, requestedBy: null, now });
      return reply.status(202).send(created);
    },
  );

  r.get(
    '/api/account/data-export',
    { schema: { response: { 200: z.object({ export: dataExportAnswerSchema.nullable() }) } } },
    async (request) => {
      const auth = requireUser(request);
      const [latest] = await app.db
        .select({ id: dataExports.id, status: dataExports.status, expiresAt: dataExports.expiresAt })
        .from(dataExports)
        .where(and(eq(dataExports.userId, auth.userId), isNull(dataExports.requestedBy)))
        .orderBy(desc(dataExports.createdAt))
        .limit(1);
      return { export: latest ? { ...latest, expiresAt: latest.expiresAt.toISOString() } : null };
    },
  );

  r.get(
    '/api/privacy/exports/:id',
    {
      schema: {
        params: z.object({ id: z.string() }),
        querystring: z.object({ token: z.string().max(200).optional() }),
      },
      config: {
        rateLimit: rateLimit({ max: 30, timeWindow: '10 minutes', message: authRefusals.tooManyRequests }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const token = request.query.token ?? '';
      const found =
        z.uuid().safeParse(id).success && token !== '' ? await exportByToken(app.db, id, token, app.now()) : null;
      if (!found?.zip) throw notFound(messages.exportNotFound, { code: 'export_not_found' });
      const day = found.createdAt.toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition(`dropwise-data-${day}.zip`))
        .header('cache-control', 'private, no-store')
        .send(found.zip);
    },
  );
}
