import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { LOCK_FILE, lockDataDir } from './data-dir-lock';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './secure-data-dir';

/** The file a backup command leaves in DATA_DIR to ask the running shop for a backup (then SIGUSR2). */
export const BACKUP_REQUEST_FILE = 'backup-request';

/**
 * Writes a backup file atomically (a partial file never carries the final name), owner only: it
 * holds password hashes and TOTP secrets.
 */
async function writeAtomically(file: string, data: Blob) {
  await mkdir(dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  const draft = `${file}.partial`;
  await writeFile(draft, Buffer.from(await data.arrayBuffer()), { mode: PRIVATE_FILE_MODE });
  await rename(draft, file);
}

/**
 * In the shop: on SIGUSR2, dump the embedded database to the file named in DATA_DIR/backup-request.
 * The dump runs in PGlite's own queue, between queries, so it is consistent.
 */
export function serveBackupRequests(
  dataDir: string,
  dump: () => Promise<Blob>,
  log: { info(o: object, m: string): void; error(o: object, m: string): void },
) {
  const onSignal = () => {
    const requestFile = join(dataDir, BACKUP_REQUEST_FILE);
    void (async () => {
      const target = (await readFile(requestFile, 'utf8')).trim();
      await rm(requestFile, { force: true });
      await writeAtomically(target, await dump());
      log.info({ file: target }, 'backup written');
    })().catch((error: unknown) => log.error({ err: error }, 'backup failed'));
  };
  process.on('SIGUSR2', onSignal);
  return () => process.off('SIGUSR2', onSignal);
}

function runningOwner(dataDir: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(join(dataDir, LOCK_FILE), 'utf8'), 10);
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

/**
 * A consistent backup of the embedded database in `dataDir` as a gzipped tar (PGlite's dump):
 * asked of the running shop when it holds the folder, otherwise taken under the folder's lock.
 */
export async function backupDataDir(
  dataDir: string,
  file: string,
  timeoutMs = 60_000,
): Promise<'from running shop' | 'from stopped folder'> {
  if (!existsSync(join(dataDir, 'pglite'))) throw new Error(`There is no embedded database in ${dataDir}.`);
  const owner = runningOwner(dataDir);
  if (owner !== undefined) {
    await rm(file, { force: true });
    await writeFile(join(dataDir, BACKUP_REQUEST_FILE), `${file}\n`);
    process.kill(owner, 'SIGUSR2');
    const end = Date.now() + timeoutMs;
    while (!existsSync(file)) {
      if (Date.now() > end)
        throw new Error(`The shop (pid ${owner}) did not write the backup within ${timeoutMs / 1000} s; see its log.`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return 'from running shop';
  }
  const lock = lockDataDir(dataDir);
  try {
    const pglite = await PGlite.create({ dataDir: join(dataDir, 'pglite') });
    try {
      await writeAtomically(file, await pglite.dumpDataDir('gzip'));
    } finally {
      await pglite.close();
    }
  } finally {
    lock.release();
  }
  return 'from stopped folder';
}

/**
 * Replaces the embedded database in a stopped `dataDir` with a backup; the database it had is kept
 * beside it as `pglite.before-restore-<time>`. Refuses (DataDirLockedError) while a shop runs on it.
 */
export async function restoreDataDir(dataDir: string, file: string): Promise<string | undefined> {
  const backup = new Blob([await readFile(file)]);
  const lock = lockDataDir(dataDir, 'Stop the shop first; a backup is restored into a stopped folder.');
  try {
    const current = join(dataDir, 'pglite');
    let keptAt: string | undefined;
    if (existsSync(current)) {
      keptAt = `${current}.before-restore-${new Date().toISOString().replaceAll(':', '-')}`;
      await rename(current, keptAt);
    }
    const pglite = await PGlite.create({ dataDir: current, loadDataDir: backup });
    await pglite.close();
    return keptAt;
  } finally {
    lock.release();
  }
}
