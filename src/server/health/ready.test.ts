// @engine: the connection pool and its metrics
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../../../tests/support/test-app';
import { enqueueMail } from '../mail/outbox';

async function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe('GET /api/health/ready and /metrics', () => {
  const t = useTestApp({ now: new Date() });

  it('is ready with the database and a moving outbox, and 503 naming the outbox when mail is overdue', async () => {
    const ready = await t.get('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      status: 'ready',
      failing: [],
      checks: { database: 'ok', redis: 'not_configured', outbox: 'ok' },
    });

    await enqueueMail(t.db, { language: 'en', kind: 'test', to: 'late@example.com', subject: 'Late', text: 'Late' });
    t.clock.now = new Date(Date.now() + 11 * 60_000);
    const late = await t.get('/api/health/ready');
    expect(late.statusCode).toBe(503);
    expect(late.json()).toMatchObject({
      status: 'unavailable',
      failing: ['outbox'],
      checks: { database: 'ok', outbox: 'failing' },
      outbox: { overdue: 1 },
    });
    // Liveness does not depend on the outbox.
    expect((await t.get('/api/health')).statusCode).toBe(200);
  });

  it('serves Prometheus metrics: latency by route, event-loop lag and the outbox backlog', async () => {
    await t.get('/api/health');
    const response = await t.get('/metrics');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toMatch(/http_request_duration_seconds_bucket\{[^}]*route="\/api\/health"/);
    expect(response.body).toContain('nodejs_eventloop_lag_seconds');
    expect(response.body).toMatch(/dropwise_outbox_messages\{state="pending"\} \d+/);
    if (process.env.DATABASE_URL) expect(response.body).toMatch(/dropwise_db_pool_connections\{state="total"\} \d+/);
  });
});

describe('readiness with Redis away, and metrics in production', () => {
  it('answers 503 naming redis within bounded time while liveness stays 200', async () => {
    const t = await createTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${await closedPort()}` } });
    try {
      const started = Date.now();
      const response = await t.get('/api/health/ready');
      expect(Date.now() - started).toBeLessThan(1500);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ failing: ['redis'], checks: { database: 'ok', redis: 'failing' } });
      expect((await t.get('/api/health')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('is off in production without METRICS_TOKEN, and asks for the token when it is set', async () => {
    const off = await createTestApp({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' } });
    try {
      expect((await off.get('/metrics')).statusCode).toBe(404);
    } finally {
      await off.close();
    }
    const token = 'a-long-metrics-token-123';
    const guarded = await createTestApp({
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example', METRICS_TOKEN: token },
    });
    try {
      expect((await guarded.get('/metrics')).statusCode).toBe(401);
      expect(
        (await guarded.get('/metrics', { headers: { authorization: 'Bearer wrong-token-wrong-token' } })).statusCode,
      ).toBe(401);
      const scraped = await guarded.get('/metrics', { headers: { authorization: `Bearer ${token}` } });
      expect(scraped.statusCode).toBe(200);
      expect(scraped.body).toContain('http_request_duration_seconds');
    } finally {
      await guarded.close();
    }
  });
});
