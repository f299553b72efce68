// @engine: row locks on batch date mail
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createOrder, createUser } from '../../../tests/support/factories';
import { useTestApp } from '../../../tests/support/test-app';
import type { AdminBatch } from '../../shared/catalogue/catalogue-schemas';
import { mailOutbox, orders } from '../db/schema';

// Seeded on 26 November 2026: Batch 2 ships 31 March 2027, Batch 3 30 June 2027 (issue 38).
describe('a batch change tells its customers (issue 38)', () => {
  const t = useTestApp({ now: new Date('2026-11-26T09:00:00.000Z') });

  const mailsOf = async (kind: string, to: string) =>
    (await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, kind))).filter((mail) => mail.toAddress === to);

  it('a batch re-dated twice e-mails each customer once per change, the second e-mail’s "Before" being the first new date, not the seeded one', async () => {
    const admin = await createAdminSession(t);
    await admin.stepUp();
    const holder = await createUser(t.db, { email: 'redated-holder@example.com' });
    const order = await createOrder(t.db, { userId: holder.user.id, configuration: { batch: 'batch-3', quantity: 1 } });
    expect(
      (await t.patch(`/api/admin/orders/${order.id}`, { status: 'confirmed' }, { cookie: admin.cookie })).statusCode,
    ).toBe(200);

    const redateAndNotify = async (date: string) => {
      const saved = await t.put('/api/admin/batches/batch-3', { date }, { cookie: admin.cookie });
      expect(saved.statusCode, saved.body).toBe(200);
      const batch = (
        (await t.get('/api/admin/batches', { cookie: admin.cookie })).json() as { items: AdminBatch[] }
      ).items.find((item) => item.batchId === 'batch-3');
      const url = `/api/admin/batches/batch-3/date-changes/${batch?.pendingDateChange?.id ?? ''}/notify`;
      const sent = await t.post(url, {}, { cookie: admin.cookie });
      expect(sent.statusCode, sent.body).toBe(200);
      return sent.json() as { notified: number };
    };

    expect(await redateAndNotify('2027-07-30')).toEqual({ notified: 1, alreadySent: false });
    expect(await redateAndNotify('2027-09-30')).toEqual({ notified: 1, alreadySent: false });

    const mails = await mailsOf('batch_date_changed', 'redated-holder@example.com');
    expect(mails).toHaveLength(2);
    expect(mails[0]?.textBody).toContain('Before: 30 June 2027\nNow: 30 July 2027');
    expect(mails[1]?.textBody).toContain('Before: 30 July 2027\nNow: 30 September 2027');
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.shipDateTold).toBe('2027-09-30');
  });

  it('moving an order to another batch e-mails that customer its old and new batch, and a later re-date starts from the moved-to date', async () => {
    const admin = await createAdminSession(t);
    await admin.stepUp();
    const mover = await createUser(t.db, { email: 'moved-customer@example.com' });
    const order = await createOrder(t.db, { userId: mover.user.id, configuration: { batch: 'batch-2', quantity: 1 } });
    expect(
      (await t.patch(`/api/admin/orders/${order.id}`, { status: 'confirmed' }, { cookie: admin.cookie })).statusCode,
    ).toBe(200);

    const moved = await t.post(
      `/api/admin/orders/${order.id}/batch`,
      { batch: 'batch-3', reason: 'Batch 2 is late' },
      { cookie: admin.cookie },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const mails = await mailsOf('batch_moved', 'moved-customer@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Your order ${order.orderNumber} has moved to Batch 3`);
    // Batch 3 was re-dated to 30 September 2027 by the test above.
    expect(mails[0]?.textBody).toContain(
      'Before: Batch 2, ships in March 2027, estimated\nNow: Batch 3, ships in September 2027, estimated',
    );
    // The staff note (the reason) stays with staff.
    expect(mails[0]?.textBody).not.toContain('Batch 2 is late');

    const saved = await t.put('/api/admin/batches/batch-3', { date: '2027-10-29' }, { cookie: admin.cookie });
    expect(saved.statusCode, saved.body).toBe(200);
    const batch = (
      (await t.get('/api/admin/batches', { cookie: admin.cookie })).json() as { items: AdminBatch[] }
    ).items.find((item) => item.batchId === 'batch-3');
    await t.post(
      `/api/admin/batches/batch-3/date-changes/${batch?.pendingDateChange?.id ?? ''}/notify`,
      {},
      {
        cookie: admin.cookie,
      },
    );
    const redated = await mailsOf('batch_date_changed', 'moved-customer@example.com');
    expect(redated).toHaveLength(1);
    expect(redated[0]?.textBody).toContain('Before: 30 September 2027\nNow: 29 October 2027');
  });
});
