import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { keepChangeVersionsInProcess } from './change-version';
import type { Env } from '../config/env';
import { type Database, type DatabaseKind, type DatabasePoolStats, type Db, openDatabase } from './client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    databaseKind: DatabaseKind;
    /** PostgreSQL's connection pool figures (for the metrics); undefined on PGlite. */
    databasePoolStats: (() => DatabasePoolStats) | undefined;
  }
}

export interface DatabasePluginOptions {
  env: Env;
  /** An open database (tests and `npm start` pass their own); otherwise one is opened from the environment. */
  database?: Database | undefined;
  /** Close `database` with the app as if the app had opened it. */
  closeDatabase?: boolean | undefined;
}

/** The database every feature uses as `app.db`: opened (and migrated) here unless given, closed with the app when it is ours. */
async function database(app: FastifyInstance, options: DatabasePluginOptions) {
  const opened =
    options.database ?? (await openDatabase({ databaseUrl: options.env.DATABASE_URL, dataDir: options.env.dataDir }));
  if (!options.database || options.closeDatabase) app.addHook('onClose', () => opened.close());
  // Only this process writes an embedded database: its caches need no version read (change-version.ts).
  if (opened.kind === 'pglite') keepChangeVersionsInProcess(opened.db);
  app.decorate('db', opened.db);
  app.decorate('databaseKind', opened.kind);
  app.decorate('databasePoolStats', opened.poolStats);
}

export const databasePlugin = fp(database, { name: 'database' });
