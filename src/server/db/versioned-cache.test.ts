import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../../tests/support/database';
import { bumpChangeVersion } from './change-version';
import type { Db } from './client';
import { versionedCache } from './versioned-cache';

/** A database as another process sees it: the change versions are read from it on every call. */
function fakeDatabase() {
  const state = { version: 0, down: false };
  const db = {
    execute: vi.fn(async () => {
      if (state.down) throw new Error('connection lost');
      return { rows: [{ key: 'settings', version: state.version }] };
    }),
  } as unknown as Db;
  return { db, state };
}

describe('versioned cache', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reuses one load until the change version moves, per database and per key', async () => {
    const { db, state } = fakeDatabase();
    const other = fakeDatabase();
    let loads = 0;
    const cache = versionedCache<string, string>({
      area: 'settings',
      maxAgeMs: 10_000,
      load: async (_db, key) => `${key} #${++loads}`,
    });
    expect(await cache.get(db, 'a')).toBe('a #1');
    expect(await cache.get(db, 'a')).toBe('a #1');
    expect(await cache.get(db, 'b')).toBe('b #2');
    expect(await cache.get(other.db, 'a')).toBe('a #3');
    state.version = 1;
    expect(await cache.get(db, 'a')).toBe('a #4');
    expect(await cache.get(other.db, 'a')).toBe('a #3');
  });

  it('reloads after the maximum age even when the version has not moved', async () => {
    const { db } = fakeDatabase();
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000);
    let loads = 0;
    const cache = versionedCache<string, number>({ area: 'settings', maxAgeMs: 10_000, load: async () => ++loads });
    expect(await cache.get(db, 'a')).toBe(1);
    now.mockReturnValue(10_999);
    expect(await cache.get(db, 'a')).toBe(1);
    now.mockReturnValue(11_000);
    expect(await cache.get(db, 'a')).toBe(2);
  });

  it('serves the loaded value when the version read fails, and fails when nothing is loaded', async () => {
    const { db, state } = fakeDatabase();
    const cache = versionedCache<string, string>({ area: 'settings', maxAgeMs: 10_000, load: async (_db, key) => key });
    expect(await cache.get(db, 'a')).toBe('a');
    state.down = true;
    expect(await cache.get(db, 'a')).toBe('a');
    await expect(cache.get(db, 'b')).rejects.toThrow('connection lost');
  });

  it('keeps neither a failed load nor a value that keep refuses', async () => {
    const { db } = fakeDatabase();
    let loads = 0;
    const cache = versionedCache<string, string | null>({
      area: 'settings',
      maxAgeMs: 10_000,
      load: async (_db, key) => {
        loads += 1;
        if (key === 'broken' && loads === 1) throw new Error('load failed');
        return key === 'unknown' ? null : key;
      },
      keep: (value) => value !== null,
    });
    await expect(cache.get(db, 'broken')).rejects.toThrow('load failed');
    expect(await cache.get(db, 'broken')).toBe('broken');
    expect(await cache.get(db, 'unknown')).toBeNull();
    expect(await cache.get(db, 'unknown')).toBeNull();
    expect(loads).toBe(4);
    expect(await cache.get(db, 'broken')).toBe('broken');
    expect(loads).toBe(4);
  });

  it('invalidate drops one database, clear drops them all', async () => {
    const first = fakeDatabase();
    const second = fakeDatabase();
    let loads = 0;
    const cache = versionedCache<string, number>({ area: 'settings', maxAgeMs: 10_000, load: async () => ++loads });
    expect([await cache.get(first.db, 'a'), await cache.get(second.db, 'a')]).toEqual([1, 2]);
    cache.invalidate(first.db);
    expect([await cache.get(first.db, 'a'), await cache.get(second.db, 'a')]).toEqual([3, 2]);
    cache.clear();
    expect([await cache.get(first.db, 'a'), await cache.get(second.db, 'a')]).toEqual([4, 5]);
  });

  it("answers a transaction from its database's loaded value, and loads through a transaction that raised the version without keeping it", async () => {
    const database = await createTestDatabase();
    try {
      const { db } = database;
      const loadedThrough: Db[] = [];
      const cache = versionedCache<string, number>({
        area: 'profile',
        maxAgeMs: 60_000,
        load: async (through) => {
          loadedThrough.push(through);
          return loadedThrough.length;
        },
      });
      expect(await cache.get(db, 'a')).toBe(1);
      // Before decision 0074 each transaction was a database of its own to the cache: a load every time.
      expect(await db.transaction((tx) => cache.get(tx, 'a'))).toBe(1);
      expect(loadedThrough).toEqual([db]);
      // A transaction that raised the version reads its own (uncommitted) state and keeps nothing.
      await expect(
        db.transaction(async (tx) => {
          await bumpChangeVersion(tx, 'profile');
          expect(await cache.get(tx, 'a')).toBe(2);
          expect(loadedThrough[1]).toBe(tx);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      // Rolled back: the database's value still stands, and the transaction's was not kept.
      expect(await cache.get(db, 'a')).toBe(1);
      expect(loadedThrough).toHaveLength(2);
    } finally {
      await database.close();
    }
  });
});
