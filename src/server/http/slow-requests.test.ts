import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/database';
import { buildApp, serverLimits } from '../app';
import { loadEnv } from '../config/env';
import type { Database } from '../db/client';

interface Answer {
  /** What the server wrote before it closed the connection. */
  text: string;
  /** Milliseconds from the first byte sent to the close. */
  closedAfterMs: number;
}

/** Sends `head` at once, then `drip` one character every 200 ms, until the server closes the connection. */
function slowRequest(port: number, head: string, drip: string): Promise<Answer> {
  return new Promise((resolve) => {
    const socket: Socket = connect(port, '127.0.0.1');
    const started = Date.now();
    let text = '';
    let sent = 0;
    const timer = setInterval(() => {
      if (!socket.destroyed) socket.write(drip[sent++ % drip.length] ?? ' ');
    }, 200);
    socket.on('connect', () => socket.write(head));
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ text, closedAfterMs: Date.now() - started });
    });
  });
}

describe('slow requests', () => {
  let database: Database;
  let app: FastifyInstance;
  let port = 0;
  const timeoutMs = 1_000;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/dropwise-test-data' });
    app = await buildApp({
      env,
      database,
      logger: false,
      serveWeb: false,
      sendMail: false,
      serverLimits: { requestTimeoutMs: timeoutMs, headersTimeoutMs: timeoutMs, maxConnections: 4 },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('keeps production at about 30 s', () => {
    expect(serverLimits.requestTimeoutMs).toBe(30_000);
    expect(serverLimits.headersTimeoutMs).toBe(30_000);
  });

  it('answers 408 and closes a request whose body trickles in, within the request timeout', async () => {
    const head =
      'POST /api/waitlist HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n{"email":"';
    const answer = await slowRequest(port, head, 'slow@example.com');
    expect(answer.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(timeoutMs - 50);
    expect(answer.closedAfterMs).toBeLessThan(timeoutMs + 1_500);
  });

  it('answers 408 and closes a request whose headers trickle in, within the headers timeout', async () => {
    const answer = await slowRequest(port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: aaaaaaaaaa\r\n');
    expect(answer.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer.closedAfterMs).toBeLessThan(timeoutMs + 1_500);
  });

  it('refuses connections beyond the cap while the others are open', async () => {
    const open: Socket[] = [];
    for (let i = 0; i < 4; i += 1) {
      const socket = connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      open.push(socket);
    }
    // Give the server a moment to count the four.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const extra = await slowRequest(port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', '');
    expect(extra.text).toBe('');
    expect(extra.closedAfterMs).toBeLessThan(500);
    for (const socket of open) socket.destroy();
  });
});
