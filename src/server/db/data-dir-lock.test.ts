// @engine: the embedded PGlite data folder
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { guestOrderBody } from '../../../tests/support/factories';
import { type ShopProcess, spawnShop, startShop } from '../../../tests/support/shop-process';
import { withMigratedDatabase } from '../../../tests/support/migrated-data-dir';
import { rootDir } from '../config/paths';
import { openDatabase } from './client';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './data-dir-lock';
import { orders } from './schema';

const run = promisify(execFile);

/** Every file under the folder with its size and modification time, to prove nothing changed. */
async function snapshot(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  const lines = await Promise.all(
    entries.map(async (entry) => {
      const info = await stat(join(dir, entry));
      return `${entry} ${info.size} ${info.mtimeMs}`;
    }),
  );
  return lines.sort();
}

describe('one data folder, one owner', () => {
  const dirs: string[] = [];
  const running: ShopProcess[] = [];
  const dataDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dropwise-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    await Promise.all(running.map((shop) => shop.stop('SIGKILL')));
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('refuses a second lock in the same process and takes over one left by a dead process', async () => {
    const dir = await dataDir();
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    lock.release();
    // A pid that cannot be alive (beyond pid_max) stands for a process killed with -9.
    await writeFile(join(dir, LOCK_FILE), '4194305\n');
    const again = lockDataDir(dir);
    expect((await readFile(join(dir, LOCK_FILE), 'utf8')).trim()).toBe(String(process.pid));
    again.release();
    expect(await readdir(dir)).toEqual([]);
  });

  // The processes run on the embedded database; the PostgreSQL run of the suite skips them to save time.
  const onPglite = !process.env.DATABASE_URL;

  it.runIf(onPglite)(
    'a second shop and admin:create on a folder in use exit at once, naming it and its owner, and touch nothing',
    async () => {
      const dir = await withMigratedDatabase(await dataDir());
      const env = { DATA_DIR: dir, DATABASE_URL: '' };
      const first = await startShop({ env });
      running.push(first);
      const before = await snapshot(dir);

      const second = spawnShop({ env }).process;
      running.push(second);
      // It exits by itself (a start that waited for the folder would never exit) with code 1.
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(
        `The data folder ${dir} is in use by another Dropwise process (pid ${first.pid})`,
      );
      expect(second.output()).toContain('set DATABASE_URL');
      expect(second.output()).not.toContain('    at ');

      const admin = run(
        join(rootDir, 'node_modules', '.bin', 'tsx'),
        ['scripts/admin-create.ts', '--email', 'boss@example.com'],
        {
          cwd: rootDir,
          env: { ...process.env, ...env },
        },
      );
      // The password comes on standard input, as in a script.
      admin.child.stdin?.end('long-password-1\n');
      await expect(admin).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining(`in use by another Dropwise process (pid ${first.pid})`),
      });
      await expect(admin).rejects.toMatchObject({ stderr: expect.stringContaining('Stop the shop') });
      expect(await snapshot(dir)).toEqual(before);

      // The first shop still answers, on its own data.
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
      expect(await first.stop()).toBe(0);
      await expect(stat(join(dir, LOCK_FILE))).rejects.toMatchObject({ code: 'ENOENT' });
    },
    90_000,
  );

  it.runIf(onPglite)(
    'kill -9 during a burst of orders: the next start opens the data with every committed order',
    async () => {
      const dir = await withMigratedDatabase(await dataDir());
      const env = { DATA_DIR: dir, DATABASE_URL: '' };
      const shop = await startShop({ env });
      running.push(shop);
      const committed: string[] = [];
      let stop = false;
      // Five clients place orders one after another; an order counts as committed once its 201 came back.
      const client = async (n: number) => {
        for (let i = 0; !stop; i += 1) {
          const key = randomUUID();
          try {
            const response = await fetch(`${shop.url}/api/orders`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(guestOrderBody(`burst-${n}-${i}@example.com`, key)),
            });
            if (response.status === 201) committed.push(key);
            else if (response.status !== 429) throw new Error(`order answered ${response.status}`);
          } catch (error) {
            if (!stop) throw error;
          }
        }
      };
      const clients = Promise.all([0, 1, 2, 3, 4].map(client));
      while (committed.length < 15) await new Promise((resolve) => setTimeout(resolve, 50));
      stop = true;
      shop.child.kill('SIGKILL');
      expect(await shop.exited).toBe('SIGKILL');
      await clients;
      // The killed process left its lock behind; it does not block the next start.
      expect((await readFile(join(dir, LOCK_FILE), 'utf8')).trim()).toBe(String(shop.pid));

      const database = await openDatabase({ dataDir: dir });
      try {
        const found = await database.db
          .select({ key: orders.idempotencyKey })
          .from(orders)
          .where(inArray(orders.idempotencyKey, committed));
        expect(found).toHaveLength(committed.length);
      } finally {
        await database.close();
      }
      const next = await startShop({ env });
      running.push(next);
      expect((await fetch(`${next.url}/api/health`)).status).toBe(200);
      expect(await next.stop()).toBe(0);
    },
    120_000,
  );
});
