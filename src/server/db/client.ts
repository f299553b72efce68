import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsDir } from '../config/paths';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';
import { PRIVATE_DIR_MODE } from './secure-data-dir';

export type Schema = typeof schema;
/** The database handle every service takes; a transaction is one too, so callers can group writes. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabasePoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface Database {
  db: Db;
  kind: DatabaseKind;
  close(): Promise<void>;
  /** PostgreSQL's connection pool, for the metrics (PGlite has one connection, no pool). */
  poolStats?: () => DatabasePoolStats;
  /** PGlite's consistent dump of its data folder (a gzipped tar), for `npm run db:backup`. */
  dump?: () => Promise<Blob>;
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL server; without it the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite's folder; without it PGlite keeps everything in memory. */
  dataDir?: string | undefined;
  /** A ready PGlite instance (tests load one from a migrated snapshot). */
  pglite?: PGlite;
  migrate?: boolean;
  /** What a command should tell its user when another process holds `dataDir` (see data-dir-lock). */
  lockAdvice?: string;
}

/** Each open transaction's database (a transaction is a `Db` of its own; see `transactionRoot`). */
const transactionRoots = new WeakMap<Db, Db>();

/**
 * The database a transaction was opened on (undefined for a database itself, or a nested
 * transaction): the in-memory caches answer a transaction from its database's entries (decision 0074).
 */
export function transactionRoot(db: Db): Db | undefined {
  return transactionRoots.get(db);
}

/** Records every transaction opened on `db` with `db.transaction(…)` as opened on it. */
function trackTransactions<T extends Db>(db: T): T {
  const open = db.transaction.bind(db);
  db.transaction = ((work, config) =>
    open((tx) => {
      transactionRoots.set(tx, db);
      return work(tx);
    }, config)) as typeof db.transaction;
  return db;
}

/** Opens the database and applies the committed migrations, on PGlite and PostgreSQL alike. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const shouldMigrate = options.migrate ?? true;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it on the next query.
    });
    // A client in use whose connection is cut (server restart, pg_terminate_backend) reports it
    // to its query, then emits 'error' once more; without a listener that would end the process.
    // The pool drops such a client when it is released and opens a fresh one.
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    const db = trackTransactions(drizzleNodePg({ client: pool, schema }));
    if (shouldMigrate) await migrateUnderLock(pool);
    return {
      db,
      kind: 'postgres',
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  let client = options.pglite;
  // One data folder, one owner: a second process on the same folder would silently fork the data.
  const lock = !client && options.dataDir ? lockDataDir(options.dataDir, options.lockAdvice) : undefined;
  try {
    if (!client) {
      if (options.dataDir) mkdirSync(options.dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
      client = new PGlite(options.dataDir ? join(options.dataDir, 'pglite') : undefined);
    }
    const db = trackTransactions(drizzlePglite({ client, schema }));
    if (shouldMigrate) await migratePglite(db, { migrationsFolder: migrationsDir });
    const pglite = client;
    return {
      db,
      kind: 'pglite',
      dump: () => pglite.dumpDataDir('gzip'),
      close: async () => {
        try {
          await pglite.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/**
 * The advisory lock that one migrating process holds (issue 49): processes started together on a
 * fresh database would otherwise each run the migrations at once and one would die on
 * "CREATE TABLE …: already exists". The first takes the lock and migrates; the others wait on it,
 * then find every migration applied and go on. The number is the shop's own ('dropwise' in ASCII).
 */
export const MIGRATION_LOCK_KEY = 0x64726f70;

/** Applies the committed migrations on one connection that holds the migration lock for the whole run. */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder: migrationsDir });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function queryRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
