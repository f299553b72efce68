// @engine: a PostgreSQL connection lost mid-order
import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { guestOrderBody } from '../../../tests/support/factories';
import { useTestApp } from '../../../tests/support/test-app';
import { queryRows } from '../db/client';
import { mailOutbox, orders } from '../db/schema';
import { isDatabaseUnavailable } from '../http/database-unavailable';

const orderBody = (idempotencyKey: string) => guestOrderBody('fault@example.com', idempotencyKey);

describe('isDatabaseUnavailable', () => {
  it('knows a lost connection from other errors, also when wrapped', () => {
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    expect(isDatabaseUnavailable(terminated)).toBe(true);
    expect(
      isDatabaseUnavailable(new Error('Failed query', { cause: new Error('Connection terminated unexpectedly') })),
    ).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  });
});

// PostgreSQL only: the order's own backend is terminated from an admin connection while its
// transaction is half done (waiting on a lock held by the test), as when the server goes away.
describe.runIf(Boolean(process.env.DATABASE_URL))('PostgreSQL connection lost while an order is placed', () => {
  const t = useTestApp();

  it('answers 503 with the message, writes nothing, recovers, and the retry makes exactly one order', async () => {
    const [{ name } = { name: '' }] = await queryRows<{ name: string }>(t.db, sql`select current_database() as name`);
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    const url = new URL(process.env.DATABASE_URL ?? '');
    url.pathname = `/${name}`;
    const holder = new pg.Client({ connectionString: url.toString() });
    await Promise.all([admin.connect(), holder.connect()]);
    const key = randomUUID();
    try {
      // Hold the order-items table so the order's transaction stops after writing its order row.
      await holder.query('begin');
      await holder.query('lock table order_items in access exclusive mode');
      const placing = t.post('/api/orders', orderBody(key));
      let waiting: number[] = [];
      for (let i = 0; i < 100 && waiting.length === 0; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const result = await admin.query<{ pid: number }>(
          "select pid from pg_stat_activity where datname = $1 and wait_event_type = 'Lock' and query ilike '%order_items%'",
          [name],
        );
        waiting = result.rows.map((row) => row.pid);
      }
      expect(waiting).toHaveLength(1);
      await admin.query('select pg_terminate_backend($1)', [waiting[0]]);
      const response = await placing;
      await holder.query('rollback');

      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        error: { code: 'unavailable', message: 'Service temporarily unavailable. Please try again.' },
      });
      expect(response.body).not.toMatch(/at .*\.ts|terminat/i);
      // Nothing half-written: no order, no e-mail for it.
      expect((await t.db.select({ n: count() }).from(orders).where(eq(orders.idempotencyKey, key)))[0]?.n).toBe(0);
      expect(
        (await t.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.toAddress, 'fault@example.com')))[0]?.n,
      ).toBe(0);

      // The pool recovers by itself; the retry with the same key places exactly one order.
      const retried = await t.post('/api/orders', orderBody(key));
      expect(retried.statusCode).toBe(201);
      expect((await t.post('/api/orders', orderBody(key))).statusCode).toBe(200);
      expect((await t.db.select({ n: count() }).from(orders).where(eq(orders.idempotencyKey, key)))[0]?.n).toBe(1);
      expect((await t.get('/api/health')).statusCode).toBe(200);
    } finally {
      await holder.end().catch(() => undefined);
      await admin.end();
    }
  });
});
