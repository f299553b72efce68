import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import { freePort } from '../../../tests/support/ports';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { redisOptions } from './rate-limit-store';

const until = async (check: () => boolean, timeoutMs = 10_000) => {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

// A real redis-server on a spare port (.ci/run installs Debian's redis-server when it is missing).
describe.runIf(existsSync('/usr/bin/redis-server'))('per-client and per-e-mail limits with Redis', () => {
  let server: ChildProcess | undefined;
  afterAll(async () => {
    const running = server;
    if (!running || running.exitCode !== null) return;
    await new Promise((resolve) => {
      running.once('exit', resolve);
      running.kill('SIGKILL');
    });
  });

  it('counts both limits of a route across two processes sharing Redis', async () => {
    const port = await freePort();
    server = spawn(
      '/usr/bin/redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    const probe = new Redis({ port, lazyConnect: true, ...redisOptions(), retryStrategy: () => 100 });
    probe.on('error', () => {});
    await probe.connect().catch(() => undefined);
    await until(() => probe.status === 'ready');
    const env = { REDIS_URL: `redis://127.0.0.1:${port}` };
    const apps: TestApp[] = [await createTestApp({ env }), await createTestApp({ env })];
    try {
      await until(() => apps.every((t) => t.app.redis?.status === 'ready'));
      const quote = (t: TestApp, email: string) =>
        t.post(
          '/api/quotes',
          {
            configuration: defaultSelection,
            customerInfo: { email, firstName: 'Rosalind', lastName: 'Franklin', organization: 'Kings College' },
            flowType: 'quote',
          },
          { remoteAddress: '203.0.113.90' },
        );
      // 20 quotes per client an hour: ten in each process, then the 21st is refused by either.
      for (let i = 0; i < 20; i += 1)
        expect((await quote(apps[i % 2] as TestApp, `q${i}@example.com`)).statusCode).toBe(201);
      expect((await quote(apps[0] as TestApp, 'q20@example.com')).statusCode).toBe(429);
      expect((await quote(apps[1] as TestApp, 'q21@example.com')).statusCode).toBe(429);

      // 5 resends per e-mail in 15 minutes, from different clients and processes.
      const resend = (t: TestApp, i: number) =>
        t.post('/api/auth/resend-confirmation', { email: 'one@example.com' }, { remoteAddress: `203.0.113.${i + 1}` });
      for (let i = 0; i < 5; i += 1) expect((await resend(apps[i % 2] as TestApp, i)).statusCode).toBe(200);
      expect((await resend(apps[1] as TestApp, 5)).statusCode).toBe(429);
    } finally {
      for (const t of apps) await t.close();
      probe.disconnect();
    }
  }, 60_000);
});
