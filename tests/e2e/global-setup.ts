import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/server/db/client';
import { adminQuery, databaseUrlFor, scratchName } from '../support/database';

/**
 * Migrates one database before the journeys; every worker's shop then starts from a copy of it
 * (`runShop` in fixtures.ts) instead of creating and migrating its own. On PGlite a fresh data folder
 * cost the shop's start about 6–13 s of CPU (initdb and 60-odd migrations) against about 3 s to open
 * a migrated one, and each spec file with a shop of its own starts one or two
 * (docs/decisions/0073-a-pipeline-for-two-cores.md). The journeys that test a first start
 * (`first-admin-setup`, and the two processes behind HAProxy that start together on an empty
 * PostgreSQL database) still start fresh (`fresh` in `RunShopOptions`).
 *
 * The template's location reaches the workers in the environment: E2E_PGLITE_TEMPLATE (a migrated
 * data folder's `pglite` directory) or E2E_DATABASE_TEMPLATE (a database on the PostgreSQL server).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const name = scratchName('shop_e2e_template');
    await adminQuery(baseUrl, `CREATE DATABASE ${name}`);
    const database = await openDatabase({ databaseUrl: databaseUrlFor(baseUrl, name) });
    await database.close();
    process.env.E2E_DATABASE_TEMPLATE = name;
    return async () => {
      await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    };
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'dropwise-e2e-template-'));
  // The server's own code opens and migrates it, as `npm start` does in a new data folder.
  const database = await openDatabase({ dataDir });
  await database.close();
  process.env.E2E_PGLITE_TEMPLATE = join(dataDir, 'pglite');
  return async () => {
    await rm(dataDir, { recursive: true, force: true });
  };
}
