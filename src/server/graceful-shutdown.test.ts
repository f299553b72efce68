import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { guestOrderBody } from '../../tests/support/factories';
import { type ShopProcess, startShop } from '../../tests/support/shop-process';
import { openDatabase } from './db/client';
import { mailOutbox, orders } from './db/schema';


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
    shop = await startShop({ env: { DATA_DIR: dataDir, DATABASE_URL: '' } });
    const running = shop;
    const emails = Array.from({ length: 12 }, (_, i) => `sigterm-${i}@example.com`);
    const inFlight = emails.map((email) =>
      fetch(`${running.url}/api/orders`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(guestOrderBody(email)) }).then(
        async (response) => ({ status: response.status, body: await response.text() }),
        () => ({ status: 0, body: '' }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    running.child.kill('SIGTERM');
    const answers = await Promise.all(inFlight);
    expect(await running.exited).toBe(0);

    // Every request that reached the shop was answered in full; none was cut off by the exit.
    const placed = answers.filter((answer) => answer.status === 201);
    expect(placed.length).toBeGreaterThan(0);
    expect(answers.every((answer) => answer.status === 201 || answer.status === 503 || answer.status === 0)).toBe(true);
    const keys = placed.map((answer) => (JSON.parse(answer.body) as { order: { orderNumber: string } }).order.orderNumber);

    const database = await openDatabase({ dataDir });
    try {
      const rows = await database.db.select({ number: orders.orderNumber }).from(orders).where(inArray(orders.orderNumber, keys));
      expect(rows).toHaveLength(placed.length);
      // No e-mail was left claimed-but-unsent by the exit: each is sent, or still due (never taken).
      const mail = await database.db.select().from(mailOutbox);
      expect(mail.length).toBeGreaterThanOrEqual(placed.length);
      for (const row of mail) expect(row.status === 'sent' || row.attempts === 0).toBe(true);
      expect(mail.filter((row) => row.status === 'pending' && row.nextAttemptAt.getTime() > Date.now())).toEqual([]);
    } finally {
      await database.close();
    }
  }, 90_000);
});
