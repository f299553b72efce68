// Restores a backup made by `npm run db:backup` into the embedded database's folder (DATA_DIR),
// which must not be in use: stop the shop first.
//   npm run db:restore -- backups/dropwise-….tar.gz
// The database the folder had is kept beside it (pglite.before-restore-<time>).
import { resolve } from 'node:path';
import { loadEnvOrExit } from '../src/server/config/env';
import { restoreDataDir } from '../src/server/db/backup';

// The database, backups and their folders are for this account only (password hashes, TOTP secrets).
process.umask(0o077);

const env = loadEnvOrExit(process.env, { readDotEnv: true });
const source = process.argv[2];
if (!source) {
  console.error('Usage: npm run db:restore -- path/to/backup.tar.gz');
  process.exit(2);
}
if (env.DATABASE_URL) {
  console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore (see the README).');
  process.exit(2);
}
try {
  const keptAt = await restoreDataDir(env.dataDir, resolve(source));
  console.log(
    `Restored ${resolve(source)} into ${env.dataDir}.${keptAt ? ` The previous database is kept at ${keptAt}.` : ''}`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
