// @engine: scale-out
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { defaultSelection } from '../shared/pricing/pricing-fixture';
import { adminQuery, databaseUrlFor, scratchName } from '../../tests/support/database';
import { createUser } from '../../tests/support/factories';
import { type BalancedShops, canBalance, startBalancedShops } from '../../tests/support/load-balancer';
import { openDatabase, type Database } from './db/client';
import { mailOutbox } from './db/schema';

const until = async (check: () => Promise<boolean> | boolean, timeoutMs = 30_000) => {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const baseUrl = process.env.DATABASE_URL;

// Two shop processes on one PostgreSQL database and one Redis, behind HAProxy (Debian's package,
// installed by .ci/run), driven only through the balancer. Runs in the PostgreSQL run of the suite.
describe.runIf(canBalance(baseUrl))('two processes behind HAProxy', () => {
  let balanced: BalancedShops | undefined;
  const received: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push(raw);
        callback();
      });
    },
  });
  let dir = '';
  let dbName = '';
  let database: Database | undefined;
  let url = '';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dropwise-haproxy-'));
    dbName = scratchName('shop_haproxy');
    await adminQuery(baseUrl ?? '', `CREATE DATABASE ${dbName}`);
    const databaseUrl = databaseUrlFor(baseUrl ?? '', dbName);
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const smtpPort = (smtp.server.address() as AddressInfo).port;
    balanced = await startBalancedShops({
      databaseUrl,
      dataDir: dir,
      env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
    });
    url = balanced.url;
    database = await openDatabase({ databaseUrl, migrate: false });
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    await balanced?.stop();
    await new Promise<void>((resolve) => smtp.close(resolve));
    if (dbName) await adminQuery(baseUrl ?? '', `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const db = () => {
    if (!database) throw new Error('the database did not open');
    return database.db;
  };
  const post = (path: string, body: unknown, cookie?: string, headers: Record<string, string> = {}) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...headers },
      body: JSON.stringify(body),
    });

  it('a session made through one process is valid on the other', async () => {
    const { user, password } = await createUser(db());
    const signedIn = await post('/api/auth/signin', { email: user.email, password, remember: false });
    expect(signedIn.status).toBe(200);
    const cookie = (signedIn.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    const servedBy = new Set<string>();
    for (let i = 0; i < 6; i += 1) {
      const session = await fetch(`${url}/api/auth/session`, { headers: { cookie } });
      servedBy.add(session.headers.get('x-served-by') ?? '');
      expect(session.status).toBe(200);
      expect(JSON.stringify(await session.json())).toContain(user.email);
    }
    expect([...servedBy].sort()).toEqual(['one', 'two']);
  });

  it('the sign-in limit (5 per 60 s per e-mail) is exact across both processes', async () => {
    const statuses: number[] = [];
    const servedBy = new Set<string>();
    for (let i = 0; i < 8; i += 1) {
      const response = await post('/api/auth/signin', {
        email: 'guesser-target@example.com',
        password: 'wrong-password-1',
        remember: false,
      });
      servedBy.add(response.headers.get('x-served-by') ?? '');
      statuses.push(response.status);
    }
    expect(servedBy.size).toBe(2);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
  });

  it('the quote limit (50 per hour per e-mail) is exact, and each queued e-mail is delivered exactly once', async () => {
    const email = 'busy-buyer@example.com';
    // Each pair from its own client (a documentation address in X-Forwarded-For, before the one HAProxy
    // adds), so the per-client limit of 20 quotes an hour stays out of the way of the per-e-mail one.
    const quote = (client: string) =>
      post(
        '/api/quotes',
        {
          configuration: defaultSelection,
          customerInfo: { email, firstName: 'Rosalind', lastName: 'Franklin', organization: 'Kings College (London)' },
          flowType: 'quote',
        },
        undefined,
        { 'x-forwarded-for': client },
      );
    const statuses: number[] = [];
    // In parallel pairs, so both processes count at the same moment.
    for (let i = 0; i < 26; i += 1) {
      const client = `192.0.2.${i + 1}`;
      statuses.push(...(await Promise.all([quote(client), quote(client)])).map((response) => response.status));
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(50);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);

    await until(async () => (await db().select().from(mailOutbox)).every((row) => row.status === 'sent'), 60_000);
    const rows = await db().select().from(mailOutbox);
    expect(rows.length).toBeGreaterThanOrEqual(50);
    // Give a duplicate time to show, then count: every message exactly once.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(received).toHaveLength(rows.length);
    for (const row of rows) {
      expect(
        received.filter((raw) => raw.includes(`Subject: ${row.subject}`) && raw.includes(row.toAddress)),
        row.subject,
      ).toHaveLength(1);
    }
  }, 120_000);
});
