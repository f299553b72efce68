// @engine: the change versions are read from PostgreSQL, kept in memory on PGlite
import { describe, expect, it, vi } from 'vitest';
import { guestOrderBody } from '../../../tests/support/factories';
import { useTestApp } from '../../../tests/support/test-app';
import { bumpChangeVersion, readChangeVersion, withRequestChangeVersions } from './change-version';

const inScope = <T>(work: () => Promise<T>) =>
  new Promise<T>((resolve, reject) => withRequestChangeVersions(() => void work().then(resolve, reject)));

describe('change versions', () => {
  const t = useTestApp({ env: { RATE_LIMITS: 'off' } });

  // On PostgreSQL other processes write too: the versions are read from the database.
  const postgresRun = Boolean(process.env.DATABASE_URL);

  it.skipIf(postgresRun)('on PGlite are kept in the process: never read, and a write is seen at once', async () => {
    const execute = vi.spyOn(t.db, 'execute');
    try {
      const before = await inScope(() => readChangeVersion(t.db, 'settings'));
      await bumpChangeVersion(t.db, 'settings');
      expect(await inScope(() => readChangeVersion(t.db, 'settings'))).toBe(before + 1);
      expect(await readChangeVersion(t.db, 'settings')).toBe(before + 1);
      expect(
        execute.mock.calls.filter(([query]) => JSON.stringify(query).includes('select key, version')),
      ).toHaveLength(0);
    } finally {
      execute.mockRestore();
    }
  });

  it.runIf(postgresRun)(
    'on PostgreSQL are read once per request for every cached area, and a write in that request raises its area from the write itself, with no second read',
    async () => {
      const execute = vi.spyOn(t.db, 'execute');
      try {
        const seen = await inScope(async () => {
          const before = [
            await readChangeVersion(t.db, 'catalogue'),
            await readChangeVersion(t.db, 'settings'),
            await readChangeVersion(t.db, 'catalogue'),
          ];
          const readsBefore = execute.mock.calls.length;
          await bumpChangeVersion(t.db, 'settings');
          const after = await readChangeVersion(t.db, 'settings');
          return { before, readsBefore, after, readsAfter: execute.mock.calls.length };
        });
        expect(seen.readsBefore).toBe(1);
        expect(seen.after).toBe((seen.before[1] ?? 0) + 1);
        expect(seen.readsAfter).toBe(1);
        // A request that wrote before reading anything reads the versions once, its write included.
        const first = await inScope(async () => {
          await bumpChangeVersion(t.db, 'catalogue');
          return [await readChangeVersion(t.db, 'catalogue'), await readChangeVersion(t.db, 'settings')];
        });
        expect(first).toEqual([(seen.before[0] ?? 0) + 1, seen.after]);
        expect(execute.mock.calls.length).toBe(2);
        // Outside a request each call reads.
        await readChangeVersion(t.db, 'catalogue');
        await readChangeVersion(t.db, 'catalogue');
        expect(execute.mock.calls.length).toBe(4);
      } finally {
        execute.mockRestore();
      }
    },
  );

  it.runIf(postgresRun)(
    'on PostgreSQL, requests that arrive in the same turn share one read, but never one sent before they arrived',
    async () => {
      const realExecute = t.db.execute.bind(t.db);
      const execute = vi.spyOn(t.db, 'execute');
      const reads = () =>
        execute.mock.calls.filter(([query]) => JSON.stringify(query).includes('select key, version')).length;
      try {
        // Ten requests already arrived when the first read is sent: one read serves them all.
        let release!: () => void;
        const arrived = new Promise<void>((resolve) => (release = resolve));
        const together = Array.from({ length: 10 }, () =>
          inScope(async () => {
            await arrived;
            return readChangeVersion(t.db, 'catalogue');
          }),
        );
        release();
        const versions = await Promise.all(together);
        expect(new Set(versions).size).toBe(1);
        expect(reads()).toBe(1);

        // A read still in flight that was sent before a request arrived is not joined: a write
        // committed in between is seen by the later request. (The early read is held open.)
        let finishEarly!: () => void;
        const held = new Promise<void>((resolve) => (finishEarly = resolve));
        let earlySent!: () => void;
        const sent = new Promise<void>((resolve) => (earlySent = resolve));
        const heldRead = async (query: Parameters<typeof realExecute>[0]) => {
          const result = await realExecute(query);
          earlySent();
          await held;
          return result;
        };
        execute.mockImplementationOnce(heldRead as unknown as typeof realExecute);
        const early = inScope(() => readChangeVersion(t.db, 'catalogue'));
        // The early read goes out at the end of the event loop's turn; the write commits after it has answered.
        await sent;
        await bumpChangeVersion(t.db, 'catalogue');
        const late = await inScope(() => readChangeVersion(t.db, 'catalogue'));
        finishEarly();
        expect(await early).toBe(versions[0]);
        expect(late).toBe((versions[0] ?? 0) + 1);
        expect(reads()).toBe(3);

        // Two requests that arrive one after the other in the same turn of the event loop, the
        // second after the first asked: the read goes out at the turn's end, after both arrived,
        // and serves both (sent at once, the second would have needed a read of its own).
        const first = inScope(() => readChangeVersion(t.db, 'catalogue'));
        const second = inScope(() => readChangeVersion(t.db, 'catalogue'));
        expect(await Promise.all([first, second])).toEqual([late, late]);
        expect(reads()).toBe(4);
      } finally {
        execute.mockRestore();
      }
    },
  );

  it('an order placed through the API reads them once on PostgreSQL (never on PGlite), and answers with the order as stored', async () => {
    const body = guestOrderBody('versions@example.com');
    const execute = vi.spyOn(t.db, 'execute');
    let versionReads: unknown[];
    let placed;
    try {
      placed = await t.post('/api/orders', body);
      versionReads = execute.mock.calls.filter(([query]) => JSON.stringify(query).includes('change_versions'));
    } finally {
      execute.mockRestore();
    }
    expect(placed.statusCode, placed.body).toBe(201);
    expect(versionReads).toHaveLength(postgresRun ? 1 : 0);
    // The same key again answers with the order read back from the database: the new order's
    // answer, built from the rows its transaction wrote, is the same.
    const replayed = await t.post('/api/orders', body);
    expect(replayed.statusCode, replayed.body).toBe(200);
    // (Items share their creation time, so the read back may list them in another order.)
    const byId = (body: { order: { items: { id: string }[] } }) => ({
      order: { ...body.order, items: [...body.order.items].sort((a, b) => a.id.localeCompare(b.id)) },
    });
    expect(byId(placed.json())).toEqual(byId(replayed.json()));
    expect((placed.json() as { order: { items: unknown[] } }).order.items.length).toBeGreaterThan(2);
  });
});
