import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRIVATE_DIR_MODE } from './secure-data-dir';

/** The file inside DATA_DIR that names the process owning the embedded database. */
export const LOCK_FILE = 'dropwise.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
    advice: string,
  ) {
    super(
      `The data folder ${dataDir} is in use by another Dropwise process (pid ${ownerPid}); ` +
        `one process at a time can open the embedded database. ${advice}`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  release(): void;
}

/** The advice a locked start prints, per command; `npm start` is the default. */
export const defaultLockAdvice =
  'Stop that process first, or set DATABASE_URL to a PostgreSQL server so that several processes can share one database.';

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(path: string): number | undefined {
  try {
    return Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
  } catch {
    return undefined;
  }
}

/**
 * Takes the embedded database's folder for this process: the lock file, holding our pid, is
 * created atomically (link(2), which fails when it exists); when it exists and its pid is alive, this throws DataDirLockedError
 * before anything in the folder is touched. A lock left by a dead process (kill -9, power loss) is
 * moved aside and taken over. The lock is released on `release()` and at process exit.
 */
export function lockDataDir(dataDir: string, advice = defaultLockAdvice): DataDirLock {
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    // Written whole under a private name, then hard-linked into place: link() fails if the lock
    // exists, and the lock file is never seen half-written.
    const draft = `${path}.${process.pid}`;
    writeFileSync(draft, `${process.pid}\n`);
    try {
      linkSync(draft, path);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        if (readOwner(path) === process.pid) rmSync(path, { force: true });
      };
      process.on('exit', release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(draft, { force: true });
    }
    const owner = readOwner(path);
    if (owner === process.pid) throw new DataDirLockedError(dataDir, owner, 'This process opened it already.');
    if (owner !== undefined && isAlive(owner)) throw new DataDirLockedError(dataDir, owner, advice);
    // Stale: its owner is gone. Rename it away (atomic) so that of two starting processes only
    // one removes it; the other's rename fails and it tries the exclusive create again.
    try {
      const aside = `${path}.stale-${process.pid}`;
      renameSync(path, aside);
      rmSync(aside, { force: true });
    } catch {
      // Someone else moved it first.
    }
  }
  const owner = readOwner(path) ?? 0;
  throw new DataDirLockedError(dataDir, owner, advice);
}
