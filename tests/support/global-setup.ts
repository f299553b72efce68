import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';
import { adminQuery, databaseUrlFor, scratchName } from './database';
import { buildTestBundles } from './test-build';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite snapshot file, or the name of a template database on the PostgreSQL server. */
    databaseTemplate: string;
    /** On PGlite: a migrated data folder's `pglite` directory, for the shops the tests start as processes. */
    pgliteDataTemplate: string;
  }
}

/**
 * Migrates one database before the run; every test file then starts from a copy of it, which is
 * much faster than migrating per file.
 */
export default async function setup(project: TestProject) {
  // The workers it starts find the bundles' folder in their environment.
  const bundleDir = await buildTestBundles();
  const removeBundles = () => rm(bundleDir, { recursive: true, force: true });
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const name = scratchName('shop_template');
    await adminQuery(baseUrl, `CREATE DATABASE ${name}`);
    const database = await openDatabase({ databaseUrl: databaseUrlFor(baseUrl, name) });
    await database.close();
    project.provide('databaseTemplate', name);
    return async () => {
      await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await removeBundles();
    };
  }
  // Migrated in a data folder as `npm start` does: the tests' in-process databases load its snapshot,
  // and the shops they start as processes (backups, the data folder's lock, a graceful shutdown) copy
  // the folder instead of each creating and migrating a database of its own (about 10 CPU s a start).
  const dataDir = await mkdtemp(join(tmpdir(), 'dropwise-unit-template-'));
  const database = await openDatabase({ dataDir });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const snapshot = await client.dumpDataDir('none');
  const file = join(tmpdir(), `${scratchName('shop_template')}.tar`);
  await writeFile(file, Buffer.from(await snapshot.arrayBuffer()));
  await database.close();
  project.provide('databaseTemplate', file);
  project.provide('pgliteDataTemplate', join(dataDir, 'pglite'));
  return async () => {
    await rm(file, { force: true });
    await rm(dataDir, { recursive: true, force: true });
    await removeBundles();
  };
}
