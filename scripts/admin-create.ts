// Makes the first admin, or promotes an existing user:
//   npm run admin:create -- --email you@example.com --password 'a long password'
//   npm run admin:create -- --email existing@example.com        (promote)
// Uses the same database as `npm start` (DATA_DIR or DATABASE_URL). On the embedded database it
// refuses to run while the shop holds the data folder (one process at a time can open it).
import { parseArgs } from 'node:util';
import { createAdmin } from '../src/server/accounts/create-admin';
import { loadEnv } from '../src/server/config/env';
import { openDatabase } from '../src/server/db/client';
import { DataDirLockedError } from '../src/server/db/data-dir-lock';

const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } });
if (!values.email) {
  console.error('Usage: npm run admin:create -- --email you@example.com [--password "..."]');
  process.exit(2);
}
const env = loadEnv(process.env, { readDotEnv: true });
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
  const outcome = await createAdmin(database.db, { email: values.email, password: values.password });
  console.log(
    outcome === 'created'
      ? `Created admin ${values.email}. Sign in at /login; you will be asked to set up an authenticator app.`
      : `${values.email} is now an admin.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
