// @engine: the embedded PGlite data folder
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadEnv } from '../config/env';
import { usaWaitlist } from './schema';

describe.skipIf(Boolean(process.env.DATABASE_URL))('the embedded database', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('keeps its data in DATA_DIR from one start to the next', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'dropwise-data-'));
    dirs.push(dataDir);
    const env = loadEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });

    const first = await buildApp({ env, logger: false, serveWeb: false, sendMail: false });
    expect((await first.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
      status: 'ok',
      database: 'pglite',
    });
    await first.db.insert(usaWaitlist).values({ email: 'kept@example.com' });
    await first.close();

    const second = await buildApp({ env, logger: false, serveWeb: false, sendMail: false });
    const rows = await second.db.select().from(usaWaitlist);
    expect(rows.map((row) => row.email)).toEqual(['kept@example.com']);
    await second.close();
    // Two starts that each migrate a file-backed database from nothing: well over 30 s on a busy 2-core machine.
  }, 90_000);
});
