// @engine: the outbox
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../../tests/support/database';
import { loadEnv } from '../config/env';
import { mailOutbox } from '../db/schema';
import { mailPlugin } from './mail-plugin';
import { enqueueMail } from './outbox';

describe('the outbox poller', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('drains a backlog larger than one batch at once, without waiting an interval per batch', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.close());
    const dataDir = await mkdtemp(join(tmpdir(), 'mail-poller-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    for (let index = 0; index < 45; index += 1) {
      await enqueueMail(database.db, {
        language: 'en',
        kind: 'test',
        to: `buyer${index}@example.com`,
        subject: `Order ${index}`,
        text: 'Thank you',
      });
    }

    const app = Fastify({ logger: false });
    app.decorate('db', database.db);
    app.decorate('env', loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir }));
    // A millisecond ahead, so that no message queued within the same millisecond is still in the future (mail-sender.test.ts).
    app.decorate('now', () => new Date(Date.now() + 1));
    // The next look would be an hour away: only the drain that starts when the app is ready can send these.
    await app.register(mailPlugin, { poll: true, intervalMs: 3_600_000 });
    await app.ready();
    cleanups.push(() => app.close());

    await vi.waitFor(
      async () => {
        const pending = await database.db
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(eq(mailOutbox.status, 'pending'));
        expect(pending).toHaveLength(0);
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(await readdir(join(dataDir, 'mail'))).toHaveLength(45);
  });
});
