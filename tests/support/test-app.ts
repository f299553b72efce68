import type { FastifyInstance, InjectOptions, LightMyRequestResponse as Response } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/server/app';
import { type Env, loadEnv } from '../../src/server/config/env';
import type { Db } from '../../src/server/db/client';
import { createTestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  env: Env;
  /** The server's clock, which a test can move. */
  clock: { now: Date };
  request(method: InjectOptions['method'], url: string, options?: RequestOptions): Promise<Response>;
  get(url: string, options?: RequestOptions): Promise<Response>;
  post(url: string, body?: unknown, options?: RequestOptions): Promise<Response>;
  put(url: string, body?: unknown, options?: RequestOptions): Promise<Response>;
  patch(url: string, body?: unknown, options?: RequestOptions): Promise<Response>;
  delete(url: string, body?: unknown, options?: RequestOptions): Promise<Response>;
  /**
   * Sends the outbox's due mail, as of the test clock or the real time, whichever is later: the
   * outbox stamps each row with the database's clock (the real one), and the sender compares with
   * the app's, so a test clock set earlier than today's time would leave new mail undelivered.
   */
  deliverMail(): Promise<number>;
  close(): Promise<void>;
}

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** Cookie header value, e.g. from `sessionCookie(response)`. */
  cookie?: string;
  /** The client's IP address (127.0.0.1 by default), for tests of per-client limits. */
  remoteAddress?: string;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Start the clock here instead of the real time. */
  now?: Date;
  /** Capture the shop's log lines (at level info, through its real serializers) instead of none. */
  logStream?: NodeJS.WritableStream;
  /** Serve the browser app from these folders (a test's own pages) instead of none. */
  web?: { webDir: string; pagesDir: string };
}

/**
 * The real app, in-process, on a clean database of its own: tests call it with `app.inject`
 * through the helpers below (JSON bodies, cookies), with no port and no mock of our own code.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const logLevel = options.logStream ? 'info' : 'silent';
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: logLevel, DATA_DIR: '/tmp/dropwise-test-data', ...options.env });
  const database = await createTestDatabase();
  const clock = { now: options.now ?? new Date() };
  const useRealTime = options.now === undefined;
  const app = await buildApp({
    env,
    database,
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
    serveWeb: options.web ?? false,
    sendMail: false,
    runJobs: false,
    now: () => (useRealTime ? new Date() : clock.now),
  });
  await app.ready();

  const request: TestApp['request'] = (method, url, requestOptions = {}) => {
    const headers: Record<string, string> = { ...requestOptions.headers };
    if (requestOptions.cookie) headers.cookie = requestOptions.cookie;
    const hasBody = method !== 'GET' && method !== 'HEAD';
    if (hasBody) headers['content-type'] ??= 'application/json';
    return app.inject({
      method,
      url,
      headers,
      ...(requestOptions.remoteAddress ? { remoteAddress: requestOptions.remoteAddress } : {}),
      ...(hasBody ? { payload: JSON.stringify(requestOptions.body ?? {}) } : {}),
    });
  };

  return {
    app,
    db: app.db,
    env,
    clock,
    request,
    get: (url, o) => request('GET', url, o),
    post: (url, body, o) => request('POST', url, { ...o, body }),
    put: (url, body, o) => request('PUT', url, { ...o, body }),
    patch: (url, body, o) => request('PATCH', url, { ...o, body }),
    delete: (url, body, o) => request('DELETE', url, { ...o, body }),
    async deliverMail() {
      const testTime = clock.now;
      clock.now = new Date(Math.max(Date.now(), testTime.getTime()));
      try {
        return await app.mailSender.deliverDue();
      } finally {
        clock.now = testTime;
      }
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Builds a test app before the file's tests and closes it after them. */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  const handle = {} as TestApp;
  beforeAll(async () => {
    Object.assign(handle, await createTestApp(options));
  });
  afterAll(async () => {
    await handle.close?.();
  });
  return handle;
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready to send back as a Cookie header. */
export function cookiesFrom(response: Response): string {
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}
