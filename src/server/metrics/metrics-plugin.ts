import { timingSafeEqual } from 'node:crypto';
import client from 'prom-client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyMetrics from 'fastify-metrics';
import fp from 'fastify-plugin';
import type { DatabasePoolStats } from '../db/client';
import { unauthorized } from '../http/http-error';
import { outboxBacklog } from '../mail/outbox';

export interface MetricsOptions {
  /** Bearer token required at /metrics; without it the endpoint is open (development and tests). */
  token: string | undefined;
  poolStats: (() => DatabasePoolStats) | undefined;
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * Prometheus metrics at /metrics through fastify-metrics: request counts and latency histograms by
 * route, the Node.js defaults (event-loop lag, memory, CPU), the outbox backlog and the database
 * pool. Each app has its own registry, so tests can build several apps in one process.
 */
async function metrics(app: FastifyInstance, options: MetricsOptions) {
  const registry = new client.Registry();
  const { token } = options;
  await app.register(fastifyMetrics, {
    promClient: client,
    defaultMetrics: { enabled: true, register: registry },
    routeMetrics: {
      enabled: { histogram: true, summary: false },
      overrides: {
        histogram: { registers: [registry], buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5] },
        summary: { registers: [registry] },
      },
    },
    endpoint: {
      url: '/metrics',
      method: 'GET',
      logLevel: 'warn',
      schema: { hide: true },
      onRequest: async (request: FastifyRequest, _reply: FastifyReply) => {
        if (token && !tokenMatches(request.headers.authorization, token))
          throw unauthorized('Metrics need the METRICS_TOKEN bearer token');
      },
      handler: () => undefined,
    },
  });

  new client.Gauge({
    name: 'dropwise_outbox_messages',
    help: 'E-mails in the outbox by state (overdue: pending and past due by more than 10 minutes)',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const backlog = await outboxBacklog(app.db, app.now()).catch(() => undefined);
      if (!backlog) return;
      for (const [state, value] of Object.entries(backlog)) this.set({ state }, value);
    },
  });
  const poolStats = options.poolStats;
  if (poolStats) {
    new client.Gauge({
      name: 'dropwise_db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle, waiting clients)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        for (const [state, value] of Object.entries(poolStats())) this.set({ state }, value);
      },
    });
  }
}

export const metricsPlugin = fp(metrics, { name: 'metrics' });
