import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkReadiness } from './readiness';

const healthResponse = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});

const checkState = z.enum(['ok', 'failing', 'not_configured']);
const readyResponse = z.object({
  status: z.enum(['ready', 'unavailable']),
  /** The parts that fail, by name: database, redis, outbox. */
  failing: z.array(z.string()),
  checks: z.object({ database: checkState, redis: checkState, outbox: checkState }),
  outbox: z.object({ pending: z.number(), overdue: z.number(), failed: z.number() }).nullable(),
});

export async function healthRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Liveness: cheap, and independent of Redis and the outbox.
  routes.get('/api/health', { schema: { response: { 200: healthResponse } } }, async () => {
    await app.db.execute(sql`select 1`);
    return { status: 'ok' as const, database: app.databaseKind };
  });

  // Readiness, for a load balancer or an orchestrator: 503 names what fails.
  routes.get(
    '/api/health/ready',
    { schema: { response: { 200: readyResponse, 503: readyResponse } } },
    async (_request, reply) => {
      const readiness = await checkReadiness({ db: app.db, redis: app.redis, now: app.now() });
      const failing = Object.entries(readiness.checks)
        .filter(([, state]) => state === 'failing')
        .map(([name]) => name);
      reply.header('cache-control', 'no-store');
      return reply.status(readiness.ready ? 200 : 503).send({
        status: readiness.ready ? 'ready' : 'unavailable',
        failing,
        checks: readiness.checks,
        outbox: readiness.outbox,
      });
    },
  );
}
