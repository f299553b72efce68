// A consistent backup of the embedded database (DATA_DIR), whether the shop runs or not:
//   npm run db:backup                       → backups/dropwise-<time>.tar.gz
//   npm run db:backup -- path/to/file.tar.gz
// While the shop runs it is asked to write the backup itself (SIGUSR2, local only); otherwise the
// folder is locked and read directly. On PostgreSQL use pg_dump (see the README).
import { resolve } from 'node:path';
import { loadEnvOrExit } from '../src/server/config/env';
import { backupDataDir } from '../src/server/db/backup';

// The database, backups and their folders are for this account only (password hashes, TOTP secrets).
process.umask(0o077);

const env = loadEnvOrExit(process.env, { readDotEnv: true });
if (env.DATABASE_URL) {
  console.error(
    'DATABASE_URL is set: back up PostgreSQL with pg_dump -Fc "$DATABASE_URL" -f shop.dump (see the README).',
  );
  process.exit(2);
}
const file = resolve(process.argv[2] ?? `backups/dropwise-${new Date().toISOString().replaceAll(':', '-')}.tar.gz`);
try {
  const how = await backupDataDir(env.dataDir, file);
  console.log(`Backed up ${env.dataDir} to ${file} (${how}).`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
