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
 * the PostgreSQL server when DATABASE_URL is set, otherwise an in-memory PGlite loaded from the
 * migrated snapshot. Closing it drops it.
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
  if (template) {
    const snapshot = new Blob([await readFile(template)]);
    const pglite = await PGlite.create({ loadDataDir: snapshot });
    return openDatabase({ pglite, migrate: false });
  }
  return openDatabase({});
}
