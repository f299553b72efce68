import { issueSetupToken } from './accounts/first-admin-setup';
import { buildApp } from './app';
import { EnvError, loadEnv } from './config/env';
import { serveBackupRequests } from './db/backup';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { DATA_DIR_TIGHTENED, secureDataDir } from './db/secure-data-dir';

async function main() {
  // Everything the shop writes (database, e-mail files, backups) is for its own account only.
  process.umask(0o077);
  const env = loadEnv(process.env, { readDotEnv: true });
  // What an older version or another umask left readable is made private before the database opens,
  // and what PGlite loosens as it opens (it sets modes itself) right after.
  let tightened = secureDataDir(env.dataDir);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
  const app = await buildApp({ env, database, closeDatabase: true });
  tightened += secureDataDir(env.dataDir);
  if (tightened > 0) app.log.info({ dataDir: env.dataDir, changed: tightened }, DATA_DIR_TIGHTENED);
  // `npm run db:backup` asks the running shop for a consistent dump of the embedded database.
  if (database.dump) serveBackupRequests(env.dataDir, database.dump, app.log);
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    // Stop taking connections, finish the requests in flight and the e-mail being sent, close the
    // database (releasing the data folder); give up after 25 s so an orchestrator's kill is not needed.
    setTimeout(() => {
      console.error('Shutdown took longer than 25 s; exiting.');
      process.exit(1);
    }, 25_000).unref();
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ host: env.HOST, port: env.PORT });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  // Written before the shop says it runs, so whoever waits for that line sees a settled database.
  const setupToken = await issueSetupToken(app.db, app.now());
  const where = app.databaseKind === 'pglite' ? `embedded PGlite in ${env.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  console.log(`Dropwise shop running at http://localhost:${port} on ${where}`);
  // Printed for the operator, never logged: the link is the only key to the first admin account.
  if (setupToken) {
    console.log(
      `No admin exists yet. Create the first one within 1 hour (the link works once): ${env.publicUrl}/setup?token=${setupToken}`,
    );
  }
}

main().catch((error: unknown) => {
  // A start-up error is said in its message, never as a stack trace (which shows the code's layout to
  // whoever reads the logs); LOG_LEVEL=debug or trace prints the stack of an unexpected one.
  const known = error instanceof EnvError || error instanceof DataDirLockedError;
  const debug = /^(debug|trace)$/.test(process.env.LOG_LEVEL ?? '');
  if (!known && debug) console.error(error);
  else console.error(startUpErrorText(error));
  process.exit(1);
});

/**
 * The message of a failed start and, for a wrapped error (a failed query's "Failed query: CREATE
 * TABLE …"), the causes' messages: the reason ("relation … already exists", "connection refused")
 * is said at the default log level, still without a stack (issue 49).
 */
function startUpErrorText(error: unknown): string {
  const lines: string[] = [];
  for (let current: unknown = error, depth = 0; current !== undefined && depth < 5; depth++) {
    if (!(current instanceof Error)) {
      lines.push(String(current));
      break;
    }
    const code = (current as { code?: unknown }).code;
    lines.push(`${depth > 0 ? 'Caused by: ' : ''}${current.message}${typeof code === 'string' ? ` (${code})` : ''}`);
    current = current.cause;
  }
  return lines.join('\n');
}
