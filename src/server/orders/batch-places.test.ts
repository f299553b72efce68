// @engine: row locks across processes
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { adminQuery, createTestDatabase, databaseUrlFor, scratchName } from '../../../tests/support/database';
import { createOrder, createUser } from '../../../tests/support/factories';
import { seedCatalogue } from '../catalogue/seed-catalogue';
import { type Database, openDatabase } from '../db/client';
import { orders, productBatches } from '../db/schema';
import { updateOrderRequestSchema } from '../../shared/orders/order-admin-contracts';
import { HttpError } from '../http/http-error';
import { updateOrder } from './update-order';

const baseUrl = process.env.DATABASE_URL;

/**
 * Issue 26's oversell test: 30 confirmations of one-instrument orders race for a batch of 20. On
 * PostgreSQL they go through two separate connection pools (as two app processes would); on PGlite
 * through the one database, all at once.
 */
describe(`30 concurrent confirmations against a batch of 20 (${baseUrl ? 'PostgreSQL, two pools' : 'PGlite'})`, () => {
  const databases: Database[] = [];
  let scratch = '';

  beforeAll(async () => {
    if (baseUrl) {
      scratch = scratchName('shop_batches');
      const template = inject('databaseTemplate');
      await adminQuery(
        baseUrl,
        template ? `CREATE DATABASE ${scratch} TEMPLATE ${template}` : `CREATE DATABASE ${scratch}`,
      );
      const databaseUrl = databaseUrlFor(baseUrl, scratch);
      databases.push(await openDatabase({ databaseUrl, migrate: !template }));
      databases.push(await openDatabase({ databaseUrl, migrate: false }));
    } else {
      databases.push(await createTestDatabase());
    }
  }, 60_000);

  afterAll(async () => {
    for (const database of databases) await database.close();
    if (scratch && baseUrl) await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
  });

  it('takes exactly 20 places; the other 10 stay pending with the reason and the next batch', async () => {
    const [first] = databases;
    if (!first) throw new Error('no database');
    const db = first.db;
    await seedCatalogue(db);
    await db.update(productBatches).set({ capacity: 20, taken: 0 }).where(eq(productBatches.batchId, 'batch-2'));
    await db.update(productBatches).set({ capacity: 20, taken: 8 }).where(eq(productBatches.batchId, 'batch-3'));
    const admin = await createUser(db, { isAdmin: true });
    const created = [];
    for (let index = 0; index < 30; index += 1)
      created.push(await createOrder(db, { configuration: { batch: 'batch-2', quantity: 1 } }));

    const outcomes = await Promise.allSettled(
      created.map((order, index) => {
        const pool = databases[index % databases.length] ?? first;
        return pool.db.transaction((tx) =>
          updateOrder(tx, {
            orderId: order.id,
            changes: updateOrderRequestSchema.parse({ status: 'confirmed' }),
            adminId: admin.user.id,
            now: new Date(),
            publicUrl: 'http://localhost:3000',
          }),
        );
      }),
    );

    const confirmed = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
    const rows = await db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.id,
          created.map((order) => order.id),
        ),
      );
    const [batch] = await db.select().from(productBatches).where(eq(productBatches.batchId, 'batch-2'));
    console.log(
      `batch places race: ${confirmed.length} confirmed, ${refused.length} refused, batch taken ${batch?.taken} of ${batch?.capacity}`,
    );
    expect(confirmed).toHaveLength(20);
    expect(refused).toHaveLength(10);
    for (const error of refused) {
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(409);
      expect((error as HttpError).code).toBe('batch_full');
      expect((error as HttpError).message).toBe(
        'Batch 2 is full: 0 places left, this order needs 1. Move it to Batch 3 (12 places free) to confirm.',
      );
    }
    expect(batch?.taken).toBe(20);
    expect(rows.filter((row) => row.status === 'confirmed')).toHaveLength(20);
    expect(rows.filter((row) => row.status === 'pending')).toHaveLength(10);
    for (const row of rows) {
      const holds = row.status === 'confirmed';
      expect(row.placesBatchId).toBe(holds ? batch?.id : null);
      expect(row.placesTaken).toBe(holds ? 1 : 0);
    }
  }, 120_000);
});
