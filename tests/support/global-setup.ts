import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';
import { adminQuery, databaseUrlFor, scratchName } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite snapshot file, or the name of a template database on the PostgreSQL server. */
    databaseTemplate: string;
  }
}

/**
 * Migrates one database before the run; every test file then starts from a copy of it, which is
 * much faster than migrating per file.
 */
export default async function setup(project: TestProject) {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const name = scratchName('shop_template');
    await adminQuery(baseUrl, `CREATE DATABASE ${name}`);
    const database = await openDatabase({ databaseUrl: databaseUrlFor(baseUrl, name) });
    await database.close();
    project.provide('databaseTemplate', name);
    return async () => {
      await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    };
  }
  const database = await openDatabase({});
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const snapshot = await client.dumpDataDir('none');
  const file = join(tmpdir(), `${scratchName('shop_template')}.tar`);
  await writeFile(file, Buffer.from(await snapshot.arrayBuffer()));
  await database.close();
  project.provide('databaseTemplate', file);
  return async () => {
    await rm(file, { force: true });
  };
}
