import { issueSetupToken } from './accounts/first-admin-setup';
import { buildApp } from './app';
import { loadEnv } from './config/env';

async function main() {
  const env = loadEnv(process.env, { readDotEnv: true });
  const app = await buildApp({ env });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ host: env.HOST, port: env.PORT });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const database = app.databaseKind === 'pglite' ? `embedded PGlite in ${env.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  console.log(`Dropwise shop running at http://localhost:${port} on ${database}`);
  // Printed for the operator, never logged: the link is the only key to the first admin account.
  const setupToken = await issueSetupToken(app.db, app.now());
  if (setupToken) {
    console.log(`No admin exists yet. Create the first one within 1 hour (the link works once): ${env.publicUrl}/setup?token=${setupToken}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
