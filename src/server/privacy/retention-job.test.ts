// @engine: scheduler claims from two processes, hand-written SQL
import { PassThrough } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createScheduler } from '../jobs/scheduler';
import {
  auditLog,
  decontaminationDeclarations,
  incompleteOrders,
  incompleteRegistrations,
  invoices,
  orders,
  paymentTransactions,
  sessions,
  usaWaitlist,
  users,
  vatNumberChecks,
} from '../db/schema';
import { createUser } from '../../../tests/support/factories';
import {
  daysBefore,
  guestOrder,
  incompleteOrder,
  invoiceAndPayment,
  yearsBefore,
} from '../../../tests/support/privacy-records';
import { createInstrument, createServiceRequestRow } from '../../../tests/support/service-fixtures';
import { useTestApp } from '../../../tests/support/test-app';
import { RETENTION_JOB, retentionJob } from './retention-job';

const start = new Date('2026-11-26T12:00:00Z');
const logLines: string[] = [];
const logStream = new PassThrough();
logStream.on('data', (chunk: Buffer) => logLines.push(...chunk.toString().split('\n').filter(Boolean)));

describe('the retention job', () => {
  const t = useTestApp({ now: start, logStream });

  it('deletes short-lived records after 90 days and purges financial records 7 years after their financial year', async () => {
    const now = t.clock.now;
    const fresh = await incompleteOrder(t.db, 'fresh-cart@example.com', daysBefore(now, 89));
    const stale = await incompleteOrder(t.db, 'stale-cart@example.com', daysBefore(now, 91));
    const [staleRegistration] = await t.db
      .insert(incompleteRegistrations)
      .values({
        email: 'stale-quote@example.com',
        flowType: 'quote',
        stepReached: 'contact',
        createdAt: daysBefore(now, 91),
        updatedAt: daysBefore(now, 91),
      })
      .returning();
    await t.db.insert(usaWaitlist).values([
      { email: 'left-long-ago@example.com', leftAt: daysBefore(now, 91), createdAt: daysBefore(now, 200) },
      { email: 'left-lately@example.com', leftAt: daysBefore(now, 10), createdAt: daysBefore(now, 200) },
      { email: 'still-waiting@example.com', createdAt: daysBefore(now, 400) },
    ]);
    const unconfirmed = await createUser(t.db, { email: 'never-confirmed@example.com', confirmed: false });
    await t.db
      .update(users)
      .set({ createdAt: daysBefore(now, 91), updatedAt: daysBefore(now, 91) })
      .where(eq(users.id, unconfirmed.user.id));
    const customer = await createUser(t.db, { email: 'long-time-customer@example.com' });
    await t.db.insert(sessions).values([
      { tokenHash: 'expired-long-ago', userId: customer.user.id, expiresAt: daysBefore(now, 91) },
      { tokenHash: 'expired-lately', userId: customer.user.id, expiresAt: daysBefore(now, 30) },
    ]);

    const sixYears = await guestOrder(t.db, 'six-years@example.com', yearsBefore(now, 6));
    const sixInvoice = await invoiceAndPayment(t.db, sixYears, yearsBefore(now, 6));
    const eightYears = await guestOrder(t.db, 'eight-years@example.com', yearsBefore(now, 8));
    const eightInvoice = await invoiceAndPayment(t.db, eightYears, yearsBefore(now, 8));

    // The VAT-number evidence (issue 37) is kept with the order while its records are held.
    for (const order of [sixYears, eightYears]) {
      await t.db
        .update(orders)
        .set({ vatNumber: 'DE136695976', eoriNumber: 'DE123456789012345' })
        .where(eq(orders.id, order.id));
      await t.db.insert(vatNumberChecks).values({
        orderId: order.id,
        countryCode: 'DE',
        vatNumber: '136695976',
        registry: 'vies',
        status: 'valid',
        registeredName: 'Beispiel Labor GmbH',
        checkedAt: order.createdAt,
      });
    }

    // A decontamination declaration (issue 41) names who signed: kept with the held order, gone with its person.
    const declarationOf = async (orderId: string) => {
      const instrument = await createInstrument(t.db, { orderId });
      const { request } = await createServiceRequestRow(t.db, instrument.id);
      await t.db.insert(decontaminationDeclarations).values({
        requestId: request.id,
        substances: 'Water',
        cleaningMethod: 'Ethanol wipe',
        signatoryName: 'Ada Lovelace',
        signedOn: '2020-01-01',
      });
      return request.id;
    };
    const sixDeclaration = await declarationOf(sixYears.id);
    const eightDeclaration = await declarationOf(eightYears.id);

    const outcome = await t.app.scheduler.runJob(RETENTION_JOB);
    expect(outcome.ran).toBe(true);

    const carts = await t.db
      .select({ id: incompleteOrders.id })
      .from(incompleteOrders)
      .where(inArray(incompleteOrders.id, [fresh.id, stale.id]));
    expect(carts.map((row) => row.id)).toEqual([fresh.id]);
    expect(
      await t.db
        .select()
        .from(incompleteRegistrations)
        .where(eq(incompleteRegistrations.id, staleRegistration?.id ?? '')),
    ).toHaveLength(0);
    const waitlist = await t.db.select({ email: usaWaitlist.email }).from(usaWaitlist);
    expect(waitlist.map((row) => row.email).sort()).toEqual(['left-lately@example.com', 'still-waiting@example.com']);
    expect(await t.db.select().from(users).where(eq(users.id, unconfirmed.user.id))).toHaveLength(0);
    expect(await t.db.select().from(users).where(eq(users.id, customer.user.id))).toHaveLength(1);
    const left = await t.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(left.map((row) => row.tokenHash)).toEqual(['expired-lately']);

    // The 6-year-old invoice and its order stay whole; the 8-year-old one goes, with its order's personal fields.
    const [kept] = await t.db.select().from(invoices).where(eq(invoices.id, sixInvoice.id));
    expect(kept?.pdfSha256).toBe(sixInvoice.pdfSha256);
    const [keptOrder] = await t.db.select().from(orders).where(eq(orders.id, sixYears.id));
    expect(JSON.stringify(keptOrder)).toContain('six-years@example.com');
    expect(await t.db.select().from(invoices).where(eq(invoices.id, eightInvoice.id))).toHaveLength(0);
    expect(
      await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, eightYears.id)),
    ).toHaveLength(0);
    const [purged] = await t.db.select().from(orders).where(eq(orders.id, eightYears.id));
    expect(purged).toBeDefined();
    expect(JSON.stringify(purged)).not.toContain('eight-years@example.com');
    expect(JSON.stringify(purged)).not.toContain('Lovelace');
    expect(JSON.stringify(purged)).not.toContain('St James');
    expect(purged).toMatchObject({ billingAddress: null, shippingAddress: null, notes: null, totalAmount: 488250 });
    expect(purged?.personalDataPurgedAt).not.toBeNull();
    expect(purged).toMatchObject({ vatNumber: null, eoriNumber: null });
    const evidence = async (orderId: string) =>
      t.db.select().from(vatNumberChecks).where(eq(vatNumberChecks.orderId, orderId));
    expect(await evidence(sixYears.id)).toHaveLength(1);
    expect(await evidence(eightYears.id)).toHaveLength(0);
    const declared = await t.db
      .select({ requestId: decontaminationDeclarations.requestId })
      .from(decontaminationDeclarations)
      .where(inArray(decontaminationDeclarations.requestId, [sixDeclaration, eightDeclaration]));
    expect(declared.map((row) => row.requestId)).toEqual([sixDeclaration]);

    // Counts per kind, in the audit register and the log, and never an address.
    const expected = {
      incompleteOrders: 1,
      incompleteRegistrations: 1,
      waitlistLeft: 1,
      unconfirmedSignUps: 1,
      expiredSessions: 1,
      financialOrdersPurged: 1,
      invoicesPurged: 1,
      paymentsPurged: 1,
    };
    expect(outcome.ran && outcome.result).toMatchObject(expected);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'privacy.retention'));
    expect(entry?.after).toMatchObject(expected);
    const logged = logLines.filter((line) => line.includes('daily job ran'));
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0] ?? '{}')).toMatchObject({ job: 'retention', result: expected });
    expect(logLines.join('\n')).not.toMatch(/@example\.com/);
  });

  it('runs once a day: again the same day it does nothing, the next day it runs', async () => {
    const again = await t.app.scheduler.runJob(RETENTION_JOB);
    expect(again).toEqual({ ran: false, reason: 'already_ran' });
    // Moved a day on, the 89-day-old cart of the first test is now 90 days old and stays; 2 days on it goes.
    t.clock.now = new Date(start.getTime() + 2 * 24 * 3600 * 1000);
    const later = await t.app.scheduler.runJob(RETENTION_JOB);
    expect(later.ran && later.result.incompleteOrders).toBe(1);
    expect(await t.db.select().from(incompleteOrders)).toHaveLength(0);
  });

  it('removes each row once when two processes run the job at the same moment', async () => {
    t.clock.now = new Date(start.getTime() + 10 * 24 * 3600 * 1000);
    const now = t.clock.now;
    for (let i = 0; i < 20; i += 1) await incompleteOrder(t.db, `cart-${i}@example.com`, daysBefore(now, 100 + i));
    const log = { info: () => {}, error: () => {} };
    const processes = [0, 1, 2].map(() => {
      const scheduler = createScheduler({ db: t.db, log, now: () => t.clock.now });
      scheduler.register(retentionJob);
      return scheduler;
    });
    const outcomes = await Promise.all(processes.map((scheduler) => scheduler.runJob(RETENTION_JOB)));
    const ran = outcomes.filter((outcome) => outcome.ran);
    expect(ran).toHaveLength(1);
    expect(ran[0]?.ran && ran[0].result.incompleteOrders).toBe(20);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, now.toISOString().slice(0, 10)));
    expect(entries).toHaveLength(1);
  });
});
