import Fastify from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import { describe, expect, it } from 'vitest';
import { errorHandlerPlugin } from './error-handler';
import { byBodyEmail, rateLimit } from './rate-limit';

async function limitedApp() {
  const app = Fastify({ logger: false });
  await app.register(errorHandlerPlugin);
  await app.register(fastifyRateLimit, { global: false });
  app.post(
    '/limited',
    {
      config: {
        rateLimit: rateLimit({
          max: 2,
          timeWindow: '1 minute',
          message: 'Slow down please.',
          key: byBodyEmail('test'),
        }),
      },
    },
    async () => ({ ok: true }),
  );
  await app.ready();
  return app;
}

describe('rateLimit', () => {
  it('counts per normalised e-mail and answers 429 with the message and Retry-After', async () => {
    const app = await limitedApp();
    const send = (email: string) => app.inject({ method: 'POST', url: '/limited', payload: { email } });
    expect((await send('a@example.com')).statusCode).toBe(200);
    expect((await send(' A@Example.com ')).statusCode).toBe(200);
    const third = await send('a@example.com');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ error: { code: 'rate_limited', message: 'Slow down please.' } });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send('b@example.com')).statusCode).toBe(200);
  });
});
