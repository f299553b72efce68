import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { describeUserAgent, staffSessionsAnswerSchema } from '../../shared/admin/session-schemas';
import { activeSessionsOf, endOwnSession } from '../accounts/session-service';
import { notFound } from '../http/http-error';
import { adminOf, adminRoute } from './admin-route-config';

/** A staff member's own active sessions, and ending any of them (issue 24); every staff member. */
export async function adminSessionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/sessions',
    { config: adminRoute('staff'), schema: { response: { 200: staffSessionsAnswerSchema } } },
    async (request) => {
      const auth = adminOf(request);
      const rows = await activeSessionsOf(app.db, auth.userId, app.now());
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          device: describeUserAgent(row.userAgent),
          network: row.ipNetwork,
          signedInAt: row.issuedAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
          current: row.id === auth.sessionId,
        })),
      };
    },
  );

  r.delete(
    '/sessions/:id',
    {
      config: adminRoute('staff'),
      schema: { params: z.object({ id: z.uuid() }), response: { 200: z.object({ ended: z.literal(true) }) } },
    },
    async (request) => {
      const auth = adminOf(request);
      // Only one's own: another person's session id is simply not found.
      if (!(await endOwnSession(app.db, auth.userId, request.params.id))) throw notFound('Session not found');
      return { ended: true as const };
    },
  );
}
