// @engine: two processes migrating one fresh PostgreSQL database at once (the advisory lock)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adminQuery, databaseUrlFor, scratchName } from '../../tests/support/database';
import { type ShopProcess, spawnShop } from '../../tests/support/shop-process';

const baseUrl = process.env.DATABASE_URL;
const setupLink = /\/setup\?token=([\w-]+)/;

// Issue 49: the README's scale-out start (several processes on one PostgreSQL database) on a database
// no process has migrated yet. Runs in the PostgreSQL run of the suite.
describe.runIf(baseUrl)('processes that start at the same moment on a fresh PostgreSQL database', () => {
  const databases: string[] = [];
  const shops: ShopProcess[] = [];
  let dataDir = '';

  const freshDatabase = async () => {
    const name = scratchName('shop_together');
    await adminQuery(baseUrl ?? '', `CREATE DATABASE ${name}`);
    databases.push(name);
    return databaseUrlFor(baseUrl ?? '', name);
  };

  afterAll(async () => {
    await Promise.all(shops.map((shop) => shop.stop()));
    for (const name of databases) await adminQuery(baseUrl ?? '', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('two processes both come up (one migrates under the lock, the other waits), and each set-up link works', async () => {
    const databaseUrl = await freshDatabase();
    dataDir = await mkdtemp(join(tmpdir(), 'dropwise-together-'));
    const starts = [1, 2].map(() => spawnShop({ env: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir } }));
    shops.push(...starts.map((start) => start.process));
    const running = await Promise.all(starts.map((start) => start.started));
    const tokens = (await Promise.all(running.map((shop) => shop.waitForOutput(setupLink)))).map((match) => match[1]);
    expect(new Set(tokens).size).toBe(2);
    for (const [index, shop] of running.entries()) {
      const health = await fetch(`${shop.url}/api/health/ready`);
      expect(health.status).toBe(200);
      // Each process's printed link works on either process.
      const other = running[1 - index] ?? shop;
      const status = await fetch(`${other.url}/api/setup/status?token=${tokens[index]}`);
      expect(await status.json()).toEqual({ valid: true });
    }
    const catalogue = await fetch(`${running[0]?.url}/api/products/dropwise`);
    expect(catalogue.status).toBe(200);
  }, 120_000);

  it('a start that fails in a migration says why at the default log level (the failed query and its cause)', async () => {
    const databaseUrl = await freshDatabase();
    // A table already there that the first migration creates: the migration fails on it.
    await adminQuery(databaseUrl, 'CREATE TABLE users (id integer)');
    const { process: shop } = spawnShop({ env: { DATABASE_URL: databaseUrl, LOG_LEVEL: 'info' } });
    shops.push(shop);
    expect(await shop.exited).toBe(1);
    expect(shop.output()).toContain('Failed query');
    expect(shop.output()).toMatch(/Caused by: relation "users" already exists \(42P07\)/);
    expect(shop.output()).not.toMatch(/^\s+at /m);
  }, 120_000);
});
