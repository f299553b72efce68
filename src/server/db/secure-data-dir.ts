import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Folders and files the shop writes: its own account only (reset links, password hashes, TOTP secrets). */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** The start-up log line when `secureDataDir` changed something (with the folder and a count). */
export const DATA_DIR_TIGHTENED = 'data folder permissions tightened to owner only';

/** Group and other permission bits. */
const SHARED_BITS = 0o077;

/**
 * Makes the data folder private: creates it 0700, then turns every folder in it that group or
 * other can use into 0700 and every such file into 0600 (left by an older version, another umask,
 * or PGlite, which sets its files' modes itself when it opens them), and says how many it changed.
 * Symbolic links are left alone.
 */
export function secureDataDir(dataDir: string): number {
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  let changed = 0;
  const tighten = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if (stat.isDirectory()) {
      if ((stat.mode & SHARED_BITS) !== 0) {
        chmodSync(path, PRIVATE_DIR_MODE);
        changed += 1;
      }
      for (const entry of readdirSync(path)) tighten(join(path, entry));
    } else if ((stat.mode & SHARED_BITS) !== 0) {
      chmodSync(path, PRIVATE_FILE_MODE);
      changed += 1;
    }
  };
  tighten(dataDir);
  return changed;
}
