import { type Db, transactionRoot } from './client';
import { type ChangeArea, readChangeVersion } from './change-version';

interface Entry<Value> {
  loadedAt: number;
  /** The area's change version read before the load began. */
  version: number;
  value: Promise<Value>;
  /** The load has finished (a transaction takes only a finished value, see `get`). */
  settled: boolean;
}

export interface VersionedCache<Key, Value> {
  /**
   * The value from the cache, loaded again when the area's change version has moved (a write
   * through any process) or the entry is older than the maximum age.
   */
  get(db: Db, key: Key): Promise<Value>;
  /** Drops this process's cached values for `db` (writes also raise the change version for the other processes). */
  invalidate(db: Db): void;
  /** Drops this process's cached values for every database. */
  clear(): void;
}

/**
 * An in-memory cache per database (tests run several apps in one process) and per key, for what a
 * route reads on every request. One cheap read of the area's change version per call reloads it as
 * soon as any process has saved a change; `maxAgeMs` is a safety net only. If the version read
 * fails, a loaded value is still the best answer. A failed load is not kept, nor a value that
 * `keep` refuses: the next call loads again.
 *
 * A transaction is answered from its database's entries when they are current and loaded (each
 * order and quote reads the settings and the business profile inside its transaction, which
 * otherwise loaded them afresh every time: decision 0074). Otherwise it loads through the
 * transaction and keeps nothing: it may see its own uncommitted writes, and waiting on a load
 * through the database could wait for the transaction itself (PGlite's one connection, a full pool).
 */
export function versionedCache<Key, Value>(options: {
  area: ChangeArea;
  maxAgeMs: number;
  load: (db: Db, key: Key) => Promise<Value>;
  keep?: (value: Value) => boolean;
}): VersionedCache<Key, Value> {
  const { area, maxAgeMs, load, keep } = options;
  let caches = new WeakMap<Db, Map<Key, Entry<Value>>>();
  const entriesOf = (db: Db) => {
    const entries = caches.get(db) ?? new Map<Key, Entry<Value>>();
    caches.set(db, entries);
    return entries;
  };
  return {
    async get(db, key) {
      const root = transactionRoot(db);
      const perDb = entriesOf(root ?? db);
      const cached = perDb.get(key);
      let version: number;
      try {
        version = await readChangeVersion(db, area);
      } catch (error) {
        if (cached) return cached.value;
        throw error;
      }
      const current = cached && cached.version >= version && Date.now() - cached.loadedAt < maxAgeMs;
      if (current && (!root || cached.settled)) return cached.value;
      if (root) return load(db, key);
      const value = load(db, key);
      const entry: Entry<Value> = { loadedAt: Date.now(), version, value, settled: false };
      perDb.set(key, entry);
      const forget = () => {
        if (perDb.get(key)?.value === value) perDb.delete(key);
      };
      value.then((loaded) => {
        entry.settled = true;
        if (keep && !keep(loaded)) forget();
      }, forget);
      return value;
    },
    invalidate(db) {
      caches.delete(db);
    },
    clear() {
      caches = new WeakMap();
    },
  };
}
