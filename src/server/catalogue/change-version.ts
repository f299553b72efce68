import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { changeVersions } from '../db/schema';

/** The cached areas whose writes every app process must notice. */
export type ChangeArea = 'catalogue' | 'settings';

/**
 * Raises the area's change version; call it in the transaction of the write, so another process
 * that sees the new version also sees the write.
 */
export async function bumpChangeVersion(tx: Db, area: ChangeArea): Promise<void> {
  await tx
    .insert(changeVersions)
    .values({ key: area, version: 1 })
    .onConflictDoUpdate({ target: changeVersions.key, set: { version: sql`${changeVersions.version} + 1` } });
}

/**
 * The area's change version now (0 before its first write): one primary-key read, made by each
 * request that uses a cache of the area, so a write through any process shows on the next request.
 */
export async function readChangeVersion(db: Db, area: ChangeArea): Promise<number> {
  const [row] = await db.select({ version: changeVersions.version }).from(changeVersions).where(eq(changeVersions.key, area));
  return row?.version ?? 0;
}
