import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from './client';
import { changeVersions } from './schema';

/**
 * The cached areas whose writes every app process must notice. 'batches' is the production batches'
 * places (an order holding, taking or giving back places), raised on its own so that an order does
 * not make every process reload the whole catalogue (decision 0074); a catalogue write raises both.
 */
export type ChangeArea = 'catalogue' | 'batches' | 'settings' | 'profile';

type Versions = Record<ChangeArea, number>;

/**
 * Within one HTTP request, the change versions are read once: the maintenance check, the pricing
 * and the settings a write uses then cost one primary-key read between them instead of one each.
 * A version raised during the request is forgotten, so a read after the write reads again.
 */
interface RequestVersions {
  /** When the request arrived (`performance.now()`): a read sent since then sees every earlier commit. */
  arrivedAt: number;
  /** The request has raised a version: its reads are its own from then on, never shared. */
  wrote: boolean;
  versions?: Promise<Versions> | undefined;
}
const requestScope = new AsyncLocalStorage<RequestVersions>();

/**
 * The versions read in flight per database, and when it was sent. Requests arriving together share
 * one read (the configurator's product and price requests come many at a time), but a request joins
 * a read only if it was sent after the request arrived, so it still sees every write committed
 * before the request: the same guarantee as a read of its own, for one query between them.
 */
const inFlight = new WeakMap<Db, { sentAt: number; versions: Promise<Versions> }>();

/**
 * The read about to be sent per database: a request that finds none in flight that it may join
 * does not send one at once, but at the end of the event loop's turn (`setImmediate`), and every
 * request that asks before then joins it. The requests the server parsed from its sockets in the
 * same turn (ten connections' worth under load) then cost one read, not one each, and the read is
 * still sent after each of them arrived (decision 0083).
 */
const nextRead = new WeakMap<Db, Promise<Versions>>();

function sharedRead(db: Db, arrivedAt: number): Promise<Versions> {
  const current = inFlight.get(db);
  if (current && current.sentAt >= arrivedAt) return current.versions;
  const scheduled = nextRead.get(db);
  if (scheduled) return scheduled;
  const versions = new Promise<Versions>((resolve, reject) => {
    setImmediate(() => {
      nextRead.delete(db);
      const entry = { sentAt: performance.now(), versions: readVersions(db) };
      inFlight.set(db, entry);
      const done = () => {
        if (inFlight.get(db) === entry) inFlight.delete(db);
      };
      entry.versions.then(done, done);
      entry.versions.then(resolve, reject);
    });
  });
  nextRead.set(db, versions);
  return versions;
}

/**
 * Databases that this process alone can write: the embedded PGlite, which lives inside the process
 * (and whose data folder is locked to it, docs/decisions/0009). Their change versions are kept in
 * memory, raised by `bumpChangeVersion` as the write is made, and never read from the database.
 * That is safe because PGlite runs one statement at a time and a query waits for an open
 * transaction to end: a cache that sees the raised version and reloads reads the committed write
 * (or, after a rollback, the unchanged data, which costs one needless reload).
 */
const soleWriters = new WeakSet<Db>();
const inProcessVersions: Versions = { catalogue: 0, batches: 0, settings: 0, profile: 0 };

/** Marks `db` as written by this process alone (PGlite): its change versions are kept in memory. */
export function keepChangeVersionsInProcess(db: Db): void {
  soleWriters.add(db);
}

/** Runs `next` (a request's remaining hooks and handler) with its own change-version read. */
export function withRequestChangeVersions(next: () => void): void {
  requestScope.run({ arrivedAt: performance.now(), wrote: false }, next);
}

/**
 * Runs `work` (outside a request: a batch of the mail sender's messages) with one change-version
 * read shared by the caches it uses, as a request's are; a version raised meanwhile is read again.
 */
export function withChangeVersionScope<T>(work: () => Promise<T>): Promise<T> {
  return requestScope.run({ arrivedAt: performance.now(), wrote: false }, work);
}

/**
 * Raises the area's change version; call it in the transaction of the write, so another process
 * that sees the new version also sees the write. Within a request, the raised version is taken from
 * the write itself (its `returning`), so a cache read after it costs no second read of the versions
 * (decision 0083): the other areas keep the versions the request read, which it may always use.
 */
export async function bumpChangeVersion(tx: Db, area: ChangeArea): Promise<void> {
  await raiseChangeVersionWith(area, async () => {
    const [raised] = await tx
      .insert(changeVersions)
      .values({ key: area, version: 1 })
      .onConflictDoUpdate({ target: changeVersions.key, set: { version: sql`${changeVersions.version} + 1` } })
      .returning({ version: changeVersions.version });
    return raised?.version;
  });
}

/**
 * The statement that raises the area's change version and returns it, for a write that raises it
 * in the same round trip as its own statement (a data-modifying `with`), through `raiseChangeVersionWith`.
 */
export const raiseChangeVersionSql = (area: ChangeArea) =>
  sql`insert into change_versions (key, version) values (${area}, 1)
    on conflict (key) do update set version = change_versions.version + 1 returning version`;

/**
 * Runs `write`, which raises the area's change version in the transaction of the write and resolves
 * to the raised version (undefined when it wrote nothing and its transaction is to be rolled back).
 */
export async function raiseChangeVersionWith(
  area: ChangeArea,
  write: () => Promise<number | string | undefined>,
): Promise<void> {
  const scope = requestScope.getStore();
  const known = scope?.versions;
  if (scope) {
    scope.versions = undefined;
    scope.wrote = true;
  }
  // Raised for every database of this process: on PostgreSQL the database's row is what counts.
  inProcessVersions[area] += 1;
  const raised = await write();
  // Unless something in the request read the versions again meanwhile (that read saw the write).
  if (scope && known && raised !== undefined && scope.versions === undefined) {
    const version = Number(raised);
    scope.versions = known.then((versions) => ({ ...versions, [area]: Math.max(versions[area], version) }));
  }
}

async function readVersions(db: Db): Promise<Versions> {
  const rows = await queryRows<{ key: string; version: string | number }>(
    db,
    sql`select key, version from change_versions`,
  );
  const versions: Versions = { catalogue: 0, batches: 0, settings: 0, profile: 0 };
  for (const row of rows) if (row.key in versions) versions[row.key as ChangeArea] = Number(row.version);
  return versions;
}

/**
 * The area's change version now (0 before its first write): one small read, made by each request
 * that uses a cache of the area (once per request for all areas, shared by requests that arrive
 * together), so a write through any process shows on the next request. On PGlite, the in-process
 * version, with no read.
 */
export async function readChangeVersion(db: Db, area: ChangeArea): Promise<number> {
  if (soleWriters.has(db)) return inProcessVersions[area];
  const scope = requestScope.getStore();
  if (!scope) return (await readVersions(db))[area];
  const versions = (scope.versions ??= scope.wrote ? readVersions(db) : sharedRead(db, scope.arrivedAt));
  // A failed read is not kept for the rest of the request.
  versions.catch(() => {
    if (scope.versions === versions) scope.versions = undefined;
  });
  return (await versions)[area];
}
