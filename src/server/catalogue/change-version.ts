import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { changeVersions } from '../db/schema';

/** The cached areas whose writes every app process must notice. */
export type ChangeArea = 'catalogue' | 'settings';

type Versions = Record<ChangeArea, number>;

/**
 * Within one HTTP request, the change versions are read once: the maintenance check, the pricing
 * and the settings a write uses then cost one primary-key read between them instead of one each.
 * A version raised during the request is forgotten, so a read after the write reads again.
 */
const requestScope = new AsyncLocalStorage<{ versions?: Promise<Versions> | undefined }>();

/** Runs `next` (a request's remaining hooks and handler) with its own change-version read. */
export function withRequestChangeVersions(next: () => void): void {
  requestScope.run({}, next);
}

/**
 * Raises the area's change version; call it in the transaction of the write, so another process
 * that sees the new version also sees the write.
 */
export async function bumpChangeVersion(tx: Db, area: ChangeArea): Promise<void> {
  const scope = requestScope.getStore();
  if (scope) scope.versions = undefined;
  await tx
    .insert(changeVersions)
    .values({ key: area, version: 1 })
    .onConflictDoUpdate({ target: changeVersions.key, set: { version: sql`${changeVersions.version} + 1` } });
}

async function readVersions(db: Db): Promise<Versions> {
  const rows = await queryRows<{ key: string; version: string | number }>(db, sql`select key, version from change_versions`);
  const versions: Versions = { catalogue: 0, settings: 0 };
  for (const row of rows) if (row.key === 'catalogue' || row.key === 'settings') versions[row.key] = Number(row.version);
  return versions;
}

/**
 * The area's change version now (0 before its first write): one small read, made by each request
 * that uses a cache of the area (once per request for all areas), so a write through any process
 * shows on the next request.
 */
export async function readChangeVersion(db: Db, area: ChangeArea): Promise<number> {
  const scope = requestScope.getStore();
  if (!scope) return (await readVersions(db))[area];
  const versions = (scope.versions ??= readVersions(db));
  // A failed read is not kept for the rest of the request.
  versions.catch(() => {
    if (scope.versions === versions) scope.versions = undefined;
  });
  return (await versions)[area];
}
