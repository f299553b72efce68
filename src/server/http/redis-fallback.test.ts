import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../tests/support/ports';
import { createTestApp } from '../../../tests/support/test-app';
import { errorHandlerPlugin } from './error-handler';
import { byBodyEmail, rateLimit } from './rate-limit';
import { fallbackRateLimitStore, redisOptions } from './rate-limit-store';

const until = async (check: () => boolean, timeoutMs = 10_000) => {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** Times one request; every answer must come within normal time + 1 s (normal is well under 1 s here). */
async function timed<T>(send: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await send();
  expect(Date.now() - started).toBeLessThan(1500);
  return result;
}

describe('Redis unreachable', () => {
  it('every request still answers in time, without a 500, and the sign-in limit holds per process', async () => {
    const port = await freePort();
    const t = await createTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
    try {
      const signIn = () => t.post('/api/auth/signin', { email: 'nobody@example.com', password: 'wrong-password-1' });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await timed(signIn)).statusCode);
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
      expect((await timed(() => t.post('/api/waitlist', { email: 'waiting@example.com' }))).statusCode).toBe(201);
      expect((await timed(() => t.get('/api/health'))).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

// A real redis-server on a spare port (.ci/run installs Debian's redis-server when it is missing).
describe.runIf(existsSync('/usr/bin/redis-server'))('Redis stopped and started again', () => {
  let server: ChildProcess | undefined;
  const startRedis = async (port: number) => {
    server = spawn(
      '/usr/bin/redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    const probe = new Redis({ port, lazyConnect: true, ...redisOptions(), retryStrategy: () => 100 });
    probe.on('error', () => {});
    await probe.connect().catch(() => undefined);
    await until(() => probe.status === 'ready');
    return probe;
  };
  const stopRedis = async () => {
    const running = server;
    if (!running || running.exitCode !== null) return;
    await new Promise((resolve) => {
      running.once('exit', resolve);
      running.kill('SIGKILL');
    });
  };
  afterAll(stopRedis);

  it('counts in Redis, falls back to this process with a warning while Redis is away, and returns to Redis', async () => {
    const port = await freePort();
    let probe = await startRedis(port);
    const warnings: string[] = [];
    const log = { warn: (...args: unknown[]) => warnings.push(String(args.at(-1))) } as unknown as FastifyBaseLogger;
    const redis = new Redis(`redis://127.0.0.1:${port}`, redisOptions());
    redis.on('error', () => {});
    const app = Fastify({ logger: false });
    await app.register(errorHandlerPlugin);
    await app.register(fastifyRateLimit, { global: false, store: fallbackRateLimitStore(redis, log) });
    app.post(
      '/limited',
      {
        config: { rateLimit: rateLimit({ max: 3, timeWindow: 60_000, message: 'Slow down.', key: byBodyEmail('t') }) },
      },
      async () => ({ ok: true }),
    );
    await app.ready();
    const send = () =>
      timed(() => app.inject({ method: 'POST', url: '/limited', payload: { email: 'a@example.com' } }));
    const redisCount = async () => Number(await probe.get((await probe.keys('*t:email:a@example.com'))[0] ?? 'none'));
    try {
      await until(() => redis.status === 'ready');
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      expect(await redisCount()).toBe(2);

      await stopRedis();
      probe.disconnect();
      // Away: counted here, from zero; the limit still applies.
      const away = [await send(), await send(), await send(), await send()].map((r) => r.statusCode);
      expect(away).toEqual([200, 200, 200, 429]);
      expect(warnings).toEqual(['Redis unreachable: rate limits are counted per process until it answers again']);

      probe = await startRedis(port);
      await until(() => redis.status === 'ready');
      expect((await send()).statusCode).toBe(200);
      expect(await redisCount()).toBe(1);
      expect(warnings.at(-1)).toBe('Redis answers again: rate limits are counted in Redis');
    } finally {
      await app.close();
      redis.disconnect();
      probe.disconnect();
    }
  }, 30_000);
});
