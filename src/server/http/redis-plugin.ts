import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { fallbackRateLimitStore, redisOptions } from './rate-limit-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Redis client when REDIS_URL is set (rate-limit counters shared by several processes). */
    redis: Redis | undefined;
  }
}

/**
 * Redis when `REDIS_URL` is set, and the rate limiter on top of it: counters in Redis, falling back
 * to this process while Redis is away (docs/decisions/0007), or in this process without Redis.
 */
async function redisAndRateLimits(app: FastifyInstance) {
  const { env } = app;
  const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, redisOptions()) : undefined;
  if (redis) {
    // Connection errors are reported by the rate-limit store when they matter (once per outage).
    redis.on('error', () => {});
    app.addHook('onClose', async () => redis.disconnect());
  }
  app.decorate('redis', redis);
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { store: fallbackRateLimitStore(redis, app.log) } : {}),
    // RATE_LIMITS=off (benchmarks only; refused in production) lets every request through.
    ...(env.RATE_LIMITS === 'off' ? { allowList: () => true } : {}),
  });
}

export const redisPlugin = fp(redisAndRateLimits, { name: 'redis' });
