// @engine: the embedded PGlite data folder
import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { type ShopProcess, startShop } from '../../../tests/support/shop-process';
import { useTestApp } from '../../../tests/support/test-app';
import { nodeArguments } from '../../../tests/support/test-build';
import { rootDir } from '../config/paths';
import { createMailSender } from '../mail/mail-sender';
import { enqueueMail } from '../mail/outbox';
import { backupDataDir } from './backup';
import { openDatabase } from './client';
import { DATA_DIR_TIGHTENED, secureDataDir } from './secure-data-dir';

const run = promisify(execFile);
const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

/** Every folder and file under `dir` (itself included) whose group or other bits are set, with its mode. */
async function loosePaths(dir: string): Promise<string[]> {
  const loose: string[] = [];
  const visit = async (path: string) => {
    const mode = await modeOf(path);
    if ((mode & 0o077) !== 0) loose.push(`${path} ${mode.toString(8)}`);
    if ((await stat(path)).isDirectory()) for (const entry of await readdir(path)) await visit(join(path, entry));
  };
  await visit(dir);
  return loose;
}

const dirs: string[] = [];
const tempDir = async (prefix: string) => {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('secureDataDir', () => {
  it('creates a missing data folder 0700', async () => {
    const dataDir = join(await tempDir('dropwise-perm-'), 'data');
    expect(secureDataDir(dataDir)).toBe(0);
    expect(await modeOf(dataDir)).toBe(0o700);
  });

  it('turns folders into 0700 and files into 0600 where group or other could use them, and counts them', async () => {
    const dataDir = await tempDir('dropwise-perm-');
    await chmod(dataDir, 0o755);
    await mkdir(join(dataDir, 'pglite', 'base'), { recursive: true });
    await chmod(join(dataDir, 'pglite'), 0o777);
    await chmod(join(dataDir, 'pglite', 'base'), 0o700);
    await writeFile(join(dataDir, 'pglite', 'base', 'table'), 'rows');
    await chmod(join(dataDir, 'pglite', 'base', 'table'), 0o666);
    await writeFile(join(dataDir, 'private'), 'kept');
    await chmod(join(dataDir, 'private'), 0o600);

    expect(secureDataDir(dataDir)).toBe(3);
    expect(await loosePaths(dataDir)).toEqual([]);
    expect(await modeOf(join(dataDir, 'pglite', 'base', 'table'))).toBe(0o600);
    expect(await modeOf(join(dataDir, 'pglite'))).toBe(0o700);
    expect(await modeOf(join(dataDir, 'private'))).toBe(0o600);
    expect(secureDataDir(dataDir)).toBe(0);
  });
});

describe('files the shop writes', () => {
  const t = useTestApp();

  it('an e-mail written to a file is 0600 in a 0700 mail folder', async () => {
    const mailDir = join(await tempDir('dropwise-perm-'), 'data', 'mail');
    await enqueueMail(t.db, {
      language: 'en',
      kind: 'test',
      to: 'ada@example.com',
      subject: 'Reset',
      text: 'https://shop.example/r',
    });
    const sender = createMailSender({
      db: t.db,
      log: { info() {}, warn() {}, error() {} } as never,
      from: 'Shop <shop@example.com>',
      mailDir,
      now: () => new Date(Date.now() + 1),
    });
    expect(await sender.deliverDue()).toBe(1);
    const [file] = await readdir(mailDir);
    expect(await modeOf(join(mailDir, file ?? ''))).toBe(0o600);
    expect(await modeOf(mailDir)).toBe(0o700);
    expect(await modeOf(join(mailDir, '..'))).toBe(0o700);
  });

  it.runIf(!process.env.DATABASE_URL)(
    'a backup is 0600 in a 0700 folder',
    async () => {
      const dir = await tempDir('dropwise-perm-');
      const database = await openDatabase({ dataDir: join(dir, 'data') });
      await database.close();
      const file = join(dir, 'backups', 'shop.tar.gz');
      await backupDataDir(join(dir, 'data'), file);
      expect(await modeOf(file)).toBe(0o600);
      expect(await modeOf(join(dir, 'backups'))).toBe(0o700);
    },
    120_000,
  );
});

// The started process on the embedded database; the PostgreSQL run skips it.
describe.runIf(!process.env.DATABASE_URL)('a started shop', () => {
  let shop: ShopProcess | undefined;
  afterAll(async () => {
    await shop?.stop('SIGKILL');
  });

  it('keeps its data folder, e-mail files and backups to its own account, tightening what it finds', async () => {
    const dir = await tempDir('dropwise-perm-');
    const dataDir = join(dir, 'data');
    await mkdir(join(dataDir, 'old'), { recursive: true });
    await chmod(dataDir, 0o755);
    await chmod(join(dataDir, 'old'), 0o777);
    await writeFile(join(dataDir, 'old', 'reset-link.eml'), 'https://shop.example/login?type=recovery&token=x');
    await chmod(join(dataDir, 'old', 'reset-link.eml'), 0o666);

    const env = { DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info' };
    shop = await startShop({ env });
    const signup = await fetch(`${shop.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'perm@example.com', password: 'correct-horse-1' }),
    });
    expect(signup.status, await signup.text()).toBe(201);
    // The background sender writes the confirmation within a second or two.
    const mailDir = join(dataDir, 'mail');
    for (let i = 0; i < 100 && !(await readdir(mailDir).catch(() => [])).length; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await readdir(mailDir)).toHaveLength(1);

    const backup = join(dir, 'backups', 'shop.tar.gz');
    await run(process.execPath, nodeArguments('db-backup', [backup]), {
      cwd: rootDir,
      env: { ...process.env, ...env },
    });

    expect(await loosePaths(dataDir)).toEqual([]);
    expect(await modeOf(join(dataDir, 'old', 'reset-link.eml'))).toBe(0o600);
    expect(await loosePaths(join(dir, 'backups'))).toEqual([]);
    expect(await modeOf(backup)).toBe(0o600);
    const tightened = shop
      .output()
      .split('\n')
      .find((line) => line.includes(DATA_DIR_TIGHTENED));
    // The three left loose above, and what PGlite loosened creating the database.
    expect(JSON.parse(tightened ?? '{}')).toMatchObject({ dataDir, changed: expect.any(Number) });
    expect(JSON.parse(tightened ?? '{}').changed).toBeGreaterThanOrEqual(3);
    expect(tightened).not.toContain('token');
  }, 120_000);
});
