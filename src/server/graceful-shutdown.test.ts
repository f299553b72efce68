// @engine: the embedded PGlite data folder
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { guestOrderBody } from '../../tests/support/factories';
import { withMigratedDatabase } from '../../tests/support/migrated-data-dir';
import { type ShopProcess, startShop } from '../../tests/support/shop-process';
import { openDatabase } from './db/client';
import { mailOutbox, orders } from './db/schema';

interface HeldOrder {
  /** Resolves once the shop has the request's headers (it answered 100 Continue): the request is in flight. */
  reached: Promise<void>;
  /** Sends the body, so the shop can finish the request. */
  release(): void;
  answer: Promise<{ status: number; body: string }>;
}

/** A `POST /api/orders` whose body waits for `release()`. */
function heldOrder(url: string, body: string): HeldOrder {
  const outgoing = request(`${url}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
  });
  const reached = new Promise<void>((resolve) => outgoing.once('continue', () => resolve()));
  const answer = new Promise<{ status: number; body: string }>((resolve) => {
    outgoing.once('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.once('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    outgoing.once('error', () => resolve({ status: 0, body: '' }));
  });
  outgoing.flushHeaders();
  return { reached, release: () => outgoing.end(body), answer };
}

/** Resolves once the shop takes no new request (the connection is refused, or it answers 503 while closing). */
async function stoppedTakingRequests(url: string): Promise<void> {
  for (;;) {
    const status = await fetch(`${url}/api/health`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 0 || status === 503) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// The process runs on the embedded database; the PostgreSQL run of the suite skips it to save time.
describe.runIf(!process.env.DATABASE_URL)('SIGTERM', () => {
  let dataDir = '';
  let shop: ShopProcess | undefined;
  afterAll(async () => {
    await shop?.stop('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('finishes the requests in flight and the mail in hand, then exits 0', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'dropwise-sigterm-'));
    shop = await startShop({ env: { DATA_DIR: await withMigratedDatabase(dataDir), DATABASE_URL: '' } });
    const running = shop;
    const emails = Array.from({ length: 12 }, (_, i) => `sigterm-${i}@example.com`);
    // Every request is in flight (its headers reached the shop) when SIGTERM comes, and its body is
    // sent only once the shop has stopped taking new requests: each must still be answered in full.
    const held = emails.map((email) => heldOrder(running.url, JSON.stringify(guestOrderBody(email))));
    await Promise.all(held.map((order) => order.reached));
    running.child.kill('SIGTERM');
    await stoppedTakingRequests(running.url);
    for (const order of held) order.release();
    const answers = await Promise.all(held.map((order) => order.answer));
    expect(await running.exited).toBe(0);

    // Every request that reached the shop was answered in full; none was cut off by the exit.
    expect(answers.map((answer) => answer.status)).toEqual(emails.map(() => 201));
    const keys = answers.map(
      (answer) => (JSON.parse(answer.body) as { order: { orderNumber: string } }).order.orderNumber,
    );

    const database = await openDatabase({ dataDir });
    try {
      const rows = await database.db
        .select({ number: orders.orderNumber })
        .from(orders)
        .where(inArray(orders.orderNumber, keys));
      expect(rows).toHaveLength(emails.length);
      // No e-mail was left claimed-but-unsent by the exit: each is sent, or still due (never taken).
      const mail = await database.db.select().from(mailOutbox);
      expect(mail.length).toBeGreaterThanOrEqual(emails.length);
      for (const row of mail) expect(row.status === 'sent' || row.attempts === 0).toBe(true);
      expect(mail.filter((row) => row.status === 'pending' && row.nextAttemptAt.getTime() > Date.now())).toEqual([]);
    } finally {
      await database.close();
    }
  }, 90_000);
});
