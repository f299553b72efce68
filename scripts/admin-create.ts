// Makes the first admin, or promotes an existing user:
//   npm run admin:create -- --email you@example.com                 (asks for the password, not echoed)
//   printf '%s\n' "$PASSWORD" | npm run admin:create -- --email you@example.com   (scripts: from standard input)
//   npm run admin:create -- --email existing@example.com            (promote: an empty password keeps theirs)
// The password is never an argument: arguments show in the process list and the shell history.
// Uses the same database as `npm start` (DATA_DIR or DATABASE_URL). On the embedded database it
// refuses to run while the shop holds the data folder (one process at a time can open it).
import { parseArgs } from 'node:util';
import { createAdmin } from '../src/server/accounts/create-admin';
import { readSecret } from '../src/server/accounts/read-secret';
import { loadEnvOrExit } from '../src/server/config/env';
import { openDatabase } from '../src/server/db/client';
import { DataDirLockedError } from '../src/server/db/data-dir-lock';

// The database, backups and their folders are for this account only (password hashes, TOTP secrets).
process.umask(0o077);

const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } }, strict: false });
if (values.password !== undefined) {
  console.error(
    '--password is not accepted: other users can read it in the process list. Type it when asked, or pipe it on standard input.',
  );
  process.exit(2);
}
if (typeof values.email !== 'string' || values.email === '') {
  console.error(
    'Usage: npm run admin:create -- --email you@example.com   (the password is asked for, or read from standard input)',
  );
  process.exit(2);
}
const email = values.email;
const password = await readSecret('Password for the new admin (leave empty to promote an existing user): ');
const env = loadEnvOrExit(process.env, { readDotEnv: true });
const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  dataDir: env.dataDir,
  lockAdvice: 'Stop the shop (Ctrl+C or SIGTERM to that pid), run this command again, then start the shop again.',
}).catch((error: unknown) => {
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
});
try {
  const outcome = await createAdmin(database.db, { email, ...(password ? { password } : {}) });
  console.log(
    outcome === 'created'
      ? `Created admin ${email}. Sign in at /login; you will be asked to set up an authenticator app.`
      : `${email} is now an admin.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
