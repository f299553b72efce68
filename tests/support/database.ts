import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/client';

export function databaseUrlFor(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(baseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export const scratchName = (prefix: string) => `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;

/**
 * A clean, migrated database of its own for one test file: a copy of the template database on
 * the PostgreSQL server when DATABASE_URL is set, otherwise an in-memory PGlite. Closing it drops it.
 */
export async function createTestDatabase(): Promise<Database> {
  const template = inject('databaseTemplate');
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const name = scratchName('shop_test');
    await adminQuery(baseUrl, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
    const database = await openDatabase({ databaseUrl: databaseUrlFor(baseUrl, name), migrate: !template });
    return {
      ...database,
      async close() {
        await database.close();
        await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  if (!template) return openDatabase({});
  return (
    (await leaseWorkerDatabase(template)) ?? openDatabase({ pglite: await loadSnapshot(template), migrate: false })
  );
}

const loadSnapshot = async (file: string) => PGlite.create({ loadDataDir: new Blob([await readFile(file)]) });

/**
 * The worker's own PGlite. Loading the migrated snapshot costs 1.15-1.35 s of CPU; emptying every
 * table and putting the migrations' seed rows back costs about a tenth of that. Test files run one
 * after another in a worker (vitest's `isolate: false`), so the first database a file opens is this
 * one, reset; a second one open at the same time gets a snapshot of its own
 * (docs/decisions/0073-a-pipeline-for-two-cores.md). `TEST_PGLITE_PER_FILE=1` turns this off.
 */
interface WorkerDatabase {
  pglite: PGlite;
  /** What the migrations left: the statement that empties every table and puts that back. */
  reset: string;
  /** The schema's shape when loaded: a test that changed it (DROP TABLE, ...) gets the PGlite replaced. */
  shape: string;
  leased: boolean;
  /** Written since the last reset. */
  dirty: boolean;
}

let worker: Promise<WorkerDatabase> | undefined;

async function leaseWorkerDatabase(template: string): Promise<Database | undefined> {
  if (process.env.TEST_PGLITE_PER_FILE === '1') return undefined;
  worker ??= openWorkerDatabase(template);
  let shared = await worker;
  if (shared.leased) return undefined;
  if (shared.pglite.closed) {
    worker = openWorkerDatabase(template);
    shared = await worker;
  }
  shared.leased = true;
  try {
    if (shared.dirty && (await schemaShape(shared.pglite)) !== shared.shape) {
      const replaced = shared.pglite;
      worker = openWorkerDatabase(template);
      shared = await worker;
      shared.leased = true;
      await replaced.close();
    } else if (shared.dirty) {
      await shared.pglite.exec(shared.reset);
    }
  } catch (error) {
    shared.leased = false;
    throw error;
  }
  shared.dirty = true;
  const lease = leaseOf(shared.pglite);
  const database = await openDatabase({ pglite: lease.client, migrate: false });
  const holder = shared;
  return {
    ...database,
    async close() {
      if (lease.revoke()) holder.leased = false;
    },
  };
}

/**
 * The PGlite seen through a handle that stops working when the test closes its database: a write
 * still in flight from a closed app must not land in the next file's data. Each lease also gets a
 * new drizzle object, so the server's caches (keyed by the db) start empty in every file.
 */
function leaseOf(pglite: PGlite): { client: PGlite; revoke(): boolean } {
  let open = true;
  const client = new Proxy(pglite, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      // Closing the test's database hands the PGlite back to the worker; it stays open.
      if (property === 'close') return async () => void (open = false);
      return (...args: unknown[]) => {
        if (!open) throw new Error('This test database is closed (the worker has handed its PGlite on).');
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return {
    client,
    revoke() {
      const wasOpen = open;
      open = false;
      return wasOpen;
    },
  };
}

async function openWorkerDatabase(template: string): Promise<WorkerDatabase> {
  const pglite = await loadSnapshot(template);
  return { pglite, reset: await resetStatement(pglite), shape: await schemaShape(pglite), leased: false, dirty: false };
}

async function firstValue(pglite: PGlite, query: string): Promise<string> {
  const result = await pglite.query<{ value: string | null }>(query);
  return result.rows[0]?.value ?? '';
}

/**
 * One statement that brings the database back to how the migrations left it: every table emptied
 * (identity columns restarted), the rows the migrations seed (drizzle/0011, 0013, 0015, 0028) put
 * back as they were, and every sequence set to where it stood. The seed rows are read from the
 * freshly loaded snapshot, so a new migration's seed is included without a change here.
 */
async function resetStatement(pglite: PGlite): Promise<string> {
  const tables = (
    await pglite.query<{ name: string; columns: string }>(`
      SELECT format('%I.%I', n.nspname, c.relname) AS name,
        (SELECT string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum) FROM pg_attribute a
          WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '') AS columns
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY 1`)
  ).rows;
  const statements = [`TRUNCATE ${tables.map((table) => table.name).join(', ')} RESTART IDENTITY CASCADE;`];
  // The seed rows go back as they were, without their foreign keys' or triggers' checks.
  statements.push(`SET session_replication_role = replica;`);
  for (const table of tables) {
    const rows = await firstValue(
      pglite,
      `SELECT json_agg(t)::text AS value FROM (SELECT ${table.columns} FROM ${table.name}) t`,
    );
    if (!rows) continue;
    statements.push(
      `INSERT INTO ${table.name} (${table.columns}) OVERRIDING SYSTEM VALUE SELECT ${table.columns} ` +
        `FROM json_populate_recordset(NULL::${table.name}, ${literal(rows)});`,
    );
  }
  statements.push(`RESET session_replication_role;`);
  const sequences = await firstValue(
    pglite,
    `SELECT string_agg(format('SELECT setval(%L, %s, %s);', format('%I.%I', schemaname, sequencename),
        coalesce(last_value, start_value), (last_value IS NOT NULL)::text), ' ') AS value
      FROM pg_sequences WHERE schemaname = 'public'`,
  );
  statements.push(sequences, `SELECT pg_advisory_unlock_all();`);
  return statements.join('\n');
}

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The tables, columns, functions, triggers and constraints there are: what a reset does not restore. */
function schemaShape(pglite: PGlite): Promise<string> {
  return firstValue(
    pglite,
    `SELECT md5(concat_ws('|',
      (SELECT string_agg(relname || ':' || relkind::text, ',' ORDER BY relname, relkind) FROM pg_class
        WHERE relnamespace = 'public'::regnamespace),
      (SELECT string_agg(proname || ':' || md5(prosrc), ',' ORDER BY proname, prosrc) FROM pg_proc
        WHERE pronamespace = 'public'::regnamespace),
      (SELECT count(*) FROM pg_attribute WHERE NOT attisdropped),
      (SELECT count(*) FROM pg_trigger),
      (SELECT count(*) FROM pg_constraint),
      (SELECT count(*) FROM pg_namespace),
      (SELECT count(*) FROM pg_class))) AS value`,
  );
}
