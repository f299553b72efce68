import { cp, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { inject } from 'vitest';

/**
 * Gives `dataDir` a copy of the run's migrated PGlite database (tests/support/global-setup.ts), so a
 * shop or script started on it opens a database instead of creating and migrating one: about 10 CPU s
 * less a start, and a start well within the tests' timeouts on a busy machine. Tests of a first start
 * on an empty folder (migrations, the set-up link, the folder's permissions) do not use it.
 */
export async function withMigratedDatabase(dataDir: string): Promise<string> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await cp(inject('pgliteDataTemplate'), join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}
