// @engine: the embedded PGlite data folder
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { withMigratedDatabase } from '../../../tests/support/migrated-data-dir';
import { type ShopProcess, startShop } from '../../../tests/support/shop-process';
import { nodeArguments } from '../../../tests/support/test-build';
import { rootDir } from '../config/paths';
import { openDatabase } from './client';
import { usaWaitlist } from './schema';

const run = promisify(execFile);
const npmScript = (script: 'db-backup' | 'db-restore', args: string[], env: Record<string, string>) =>
  run(process.execPath, nodeArguments(script, args), {
    cwd: rootDir,
    env: { ...process.env, ...env },
  });

// Backups of the embedded database (PostgreSQL has pg_dump); the PostgreSQL run skips this.
describe.runIf(!process.env.DATABASE_URL)('npm run db:backup and db:restore', () => {
  let dir = '';
  let shop: ShopProcess | undefined;
  afterAll(async () => {
    await shop?.stop('SIGKILL');
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('backs up the running shop, and a restore into the stopped folder brings back the backed-up state', async () => {
    dir = await mkdtemp(join(tmpdir(), 'dropwise-backup-'));
    const dataDir = join(dir, 'data');
    const env = { DATA_DIR: await withMigratedDatabase(dataDir), DATABASE_URL: '' };
    shop = await startShop({ env });
    const running = shop;
    const join_ = (email: string) =>
      fetch(`${running.url}/api/waitlist`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
    expect((await join_('before@example.com')).status).toBe(201);

    const file = join(dir, 'shop.tar.gz');
    const backup = await npmScript('db-backup', [file], env);
    expect(backup.stdout).toContain(`Backed up ${dataDir} to ${file} (from running shop)`);
    expect((await join_('after@example.com')).status).toBe(201);

    // Not into a folder in use.
    await expect(npmScript('db-restore', [file], env)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`in use by another Dropwise process (pid ${running.pid})`),
    });
    expect(await running.stop()).toBe(0);

    const restored = await npmScript('db-restore', [file], env);
    expect(restored.stdout).toContain(`Restored ${file} into ${dataDir}. The previous database is kept at`);
    const database = await openDatabase({ dataDir });
    try {
      const emails = (await database.db.select({ email: usaWaitlist.email }).from(usaWaitlist)).map((row) => row.email);
      expect(emails).toEqual(['before@example.com']);
    } finally {
      await database.close();
    }

    // A stopped folder is backed up directly, under its lock.
    const offline = await npmScript('db-backup', [join(dir, 'offline.tar.gz')], env);
    expect(offline.stdout).toContain('(from stopped folder)');
  }, 120_000);
});
