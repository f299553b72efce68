// Makes the first admin, or promotes an existing user:
//   npm run admin:create -- --email you@example.com --password 'a long password'
//   npm run admin:create -- --email existing@example.com        (promote)
// Uses the same database as `npm start` (DATA_DIR or DATABASE_URL). Stop the shop first when it
// runs on the embedded database, which one process at a time can open.
import { parseArgs } from 'node:util';
import { createAdmin } from '../src/server/accounts/create-admin';
import { loadEnv } from '../src/server/config/env';
import { openDatabase } from '../src/server/db/client';

const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } });
if (!values.email) {
  console.error('Usage: npm run admin:create -- --email you@example.com [--password "..."]');
  process.exit(2);
}
const env = loadEnv(process.env, { readDotEnv: true });
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
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
