// @engine: scheduler claims from two processes, unique rows
import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createOrder, createUser } from '../../../tests/support/factories';
import { englishIn } from '../../../tests/support/english-phrases';
import { payDeposit } from '../../../tests/support/receivables';
import { useTestApp } from '../../../tests/support/test-app';
import type { AdminOrder } from '../../shared/orders/order-schema';
import { defaultSystemSettings, type SystemSettings } from '../../shared/settings';
import { auditLog, mailOutbox, orders, orderStatusHistory, paymentReminders } from '../db/schema';
import { createScheduler } from '../jobs/scheduler';
import { issueInvoice } from './invoices';
import { PAYMENT_REMINDERS_JOB, paymentRemindersJob, runPaymentReminders } from './payment-reminders';
import { recordPayment } from './record-payment';

// After the default reminder hour (10:00, London), whatever the season.
const at = (day: string) => new Date(`${day}T11:00:00.000Z`);
const PUBLIC_URL = 'http://localhost:3000';

describe('overdue payment reminders (daily job)', () => {
  const t = useTestApp({ now: at('2026-03-02') });

  async function staffId() {
    const { user } = await createUser(t.db, { isAdmin: true });
    return user.id;
  }

  /** A confirmed guest order with its deposit invoice issued today (due in 14 days). */
  async function orderWithDepositInvoice(input: {
    email: string;
    firstName?: string;
    lastName?: string;
    currency?: string;
    totalAmount?: number;
    depositAmount?: number;
    language?: 'en' | 'de' | 'fr';
  }) {
    const adminId = await staffId();
    const order = await createOrder(t.db, {
      status: 'confirmed',
      currency: input.currency ?? 'GBP',
      totalAmount: input.totalAmount ?? 480000,
      depositAmount: input.depositAmount ?? 240000,
      accessKey: `key-${input.email}`,
      language: input.language ?? 'en',
      configuration: {
        customerInfo: {
          firstName: input.firstName ?? 'Grace',
          lastName: input.lastName ?? 'Hopper',
          email: input.email,
        },
      },
    });
    const { invoice } = await t.db.transaction((tx) =>
      issueInvoice(tx, { orderId: order.id, kind: 'deposit', adminId, now: t.clock.now, publicUrl: PUBLIC_URL }),
    );
    return { order, invoice, adminId };
  }

  const remindersTo = (email: string) =>
    t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'payment_reminder'), eq(mailOutbox.toAddress, email)))
      .orderBy(asc(mailOutbox.createdAt));

  const stagesOf = async (invoiceId: string) =>
    (
      await t.db
        .select()
        .from(paymentReminders)
        .where(eq(paymentReminders.invoiceId, invoiceId))
        .orderBy(asc(paymentReminders.sentAt))
    ).map((row) => row.stage);

  const staffNotes = async (orderId: string) =>
    (
      await t.db
        .select()
        .from(orderStatusHistory)
        .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.staffOnly, true)))
        .orderBy(asc(orderStatusHistory.seq))
    ).map((row) => row.notes);

  const runOn = async (day: string) => {
    t.clock.now = at(day);
    return t.app.scheduler.runJob(PAYMENT_REMINDERS_JOB);
  };

  it('sends 3 days before, on the due day and 7 days after, each once; nothing in between, and nothing once the invoice is paid', async () => {
    t.clock.now = at('2026-03-02');
    const { order, invoice, adminId } = await orderWithDepositInvoice({ email: 'timeline@example.com' });
    expect(invoice.dueDate).toBe('2026-03-16');

    await runOn('2026-03-12');
    expect(await remindersTo('timeline@example.com')).toHaveLength(0);

    const first = await runOn('2026-03-13');
    expect(first.ran).toBe(true);
    let mails = await remindersTo('timeline@example.com');
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Payment reminder: invoice ${invoice.number} for order ${order.orderNumber} is due on 16 March 2026`,
    ]);
    expect(mails[0]?.textBody).toContain(
      `This is a reminder that invoice ${invoice.number} for your order ${order.orderNumber} is due on 16 March 2026. The amount due is £2,400.00.`,
    );
    expect(mails[0]?.textBody).toContain('Dear Grace,');
    expect(mails[0]?.textBody).toContain(`${PUBLIC_URL}/order-details/${order.id}?key=key-timeline%40example.com`);
    expect(mails[0]?.textBody).not.toMatch(/\{\w+\}/);
    expect(await stagesOf(invoice.id)).toEqual(['before_3']);

    // The same day again: the scheduler has run it today.
    expect(await t.app.scheduler.runJob(PAYMENT_REMINDERS_JOB)).toEqual({ ran: false, reason: 'already_ran' });
    await runOn('2026-03-14');
    await runOn('2026-03-15');
    expect(await remindersTo('timeline@example.com')).toHaveLength(1);

    await runOn('2026-03-16');
    mails = await remindersTo('timeline@example.com');
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe(
      `Payment reminder: invoice ${invoice.number} for order ${order.orderNumber} is due on 16 March 2026`,
    );

    for (const day of ['2026-03-17', '2026-03-20', '2026-03-22']) await runOn(day);
    expect(await remindersTo('timeline@example.com')).toHaveLength(2);

    await runOn('2026-03-23');
    mails = await remindersTo('timeline@example.com');
    expect(mails).toHaveLength(3);
    expect(mails[2]?.subject).toBe(
      `Overdue: invoice ${invoice.number} for order ${order.orderNumber}, £2,400.00 outstanding`,
    );
    expect(mails[2]?.textBody).toContain('was due on 16 March 2026 and is now 7 days overdue');
    expect(await stagesOf(invoice.id)).toEqual(['before_3', 'due', 'after_7']);

    // Paid in full: the 21-day reminder never goes, though the order's balance is still to be invoiced.
    await payDeposit(t, order.id, 240000, adminId);
    await runOn('2026-04-06');
    await runOn('2026-04-20');
    expect(await remindersTo('timeline@example.com')).toHaveLength(3);
    expect(await stagesOf(invoice.id)).toEqual(['before_3', 'due', 'after_7']);

    expect(await staffNotes(order.id)).toEqual([
      `Payment reminder sent (3 days before the due date): ${invoice.number}, £2,400.00 outstanding`,
      `Payment reminder sent (due today): ${invoice.number}, £2,400.00 outstanding`,
      `Payment reminder sent (7 days overdue): ${invoice.number}, £2,400.00 outstanding`,
    ]);
    const admin = await createAdminSession(t, t.db, ['sales']);
    const page = (await t.get(`/api/admin/orders/${order.id}`, { cookie: admin.cookie })).json() as {
      order: AdminOrder;
    };
    expect(
      page.order.reminders?.map((reminder) => [reminder.invoiceNumber, reminder.stage, reminder.outstanding]),
    ).toEqual([
      [invoice.number, 'before_3', 240000],
      [invoice.number, 'due', 240000],
      [invoice.number, 'after_7', 240000],
    ]);
    expect(page.order.remindersExclusion).toBeNull();
    expect(page.order.statusHistory.filter((entry) => entry.staffOnly).map((entry) => entry.notes)).toHaveLength(3);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'orders.payment_reminders'), eq(auditLog.entityId, '2026-03-23')));
    expect(entry?.after).toEqual({ reminders: 1, noRecipient: 0 });
    expect(JSON.stringify(entry?.after)).not.toContain('@');
  });

  it('a part-paid EUR deposit (€1,000 of €1,725) is reminded of the €725.00 it still owes; a stage missed while the job did not run is not sent later', async () => {
    t.clock.now = at('2026-05-04');
    const { order, invoice, adminId } = await orderWithDepositInvoice({
      email: 'part-paid@example.com',
      currency: 'EUR',
      totalAmount: 345000,
      depositAmount: 172500,
    });
    expect(invoice.dueDate).toBe('2026-05-18');
    await payDeposit(t, order.id, 100000, adminId);

    // The job's first run since the invoice is 7 days after its due date: one reminder, the 7-day one.
    await runOn('2026-05-25');
    let mails = await remindersTo('part-paid@example.com');
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Overdue: invoice ${invoice.number} for order ${order.orderNumber}, €725.00 outstanding`,
    ]);
    expect(mails[0]?.textBody).toContain('The amount outstanding is €725.00.');
    expect(mails[0]?.textBody).not.toContain('€1,725.00');
    const [row] = await t.db.select().from(paymentReminders).where(eq(paymentReminders.invoiceId, invoice.id));
    expect(row).toMatchObject({ stage: 'after_7', outstanding: 72500, orderId: order.id });

    await runOn('2026-05-26');
    expect(await remindersTo('part-paid@example.com')).toHaveLength(1);

    // Down from day 8 to day 28: the 21-day reminder goes on the next run, once, saying how late it is.
    await runOn('2026-06-16');
    mails = await remindersTo('part-paid@example.com');
    expect(mails).toHaveLength(2);
    expect(mails[1]?.textBody).toContain('is now 29 days overdue');
    expect(await stagesOf(invoice.id)).toEqual(['after_7', 'after_21']);
    expect(await staffNotes(order.id)).toEqual([
      `Payment reminder sent (7 days overdue): ${invoice.number}, €725.00 outstanding`,
      `Payment reminder sent (21 days overdue; sent 29 days after the due date, the job having not run on the stage's day): ${invoice.number}, €725.00 outstanding`,
    ]);
    // Issue 51: the stages go on; down again until day 73, the 60-day one goes (the 30-day one was missed).
    await runOn('2026-07-30');
    expect(await stagesOf(invoice.id)).toEqual(['after_7', 'after_21', 'after_60']);
  });

  it('an order excluded with a reason gets none; resumed, it gets the latest stage reached (admin routes, audited, orders.edit)', async () => {
    t.clock.now = at('2026-08-03');
    const { order, invoice } = await orderWithDepositInvoice({ email: 'excluded@example.com' });
    expect(invoice.dueDate).toBe('2026-08-17');
    const sales = await createAdminSession(t, t.db, ['sales']);
    const finance = await createAdminSession(t, t.db, ['finance']);
    const url = `/api/admin/orders/${order.id}/reminders-exclusion`;

    expect((await t.post(url, { reason: 'Disputed' }, { cookie: finance.cookie })).statusCode).toBe(403);
    const short = await t.post(url, { reason: ' no ' }, { cookie: sales.cookie });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('Give the reason for stopping payment reminders (at least 5 characters).');

    const stopped = await t.post(
      url,
      { reason: 'Customer disputes the invoice <b>total</b>' },
      { cookie: sales.cookie },
    );
    expect(stopped.statusCode, stopped.body).toBe(200);
    const exclusion = (stopped.json() as { order: AdminOrder }).order.remindersExclusion;
    expect(exclusion).toMatchObject({
      reason: 'Customer disputes the invoice btotal/b',
      at: at('2026-08-03').toISOString(),
      by: { email: sales.user.email },
    });
    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.reminders_exclude'), eq(auditLog.entityId, order.id)));
    expect(audited).toMatchObject({ adminEmail: sales.user.email, before: { reason: null } });

    await runOn('2026-08-14');
    await runOn('2026-08-17');
    expect(await remindersTo('excluded@example.com')).toHaveLength(0);
    expect(await stagesOf(invoice.id)).toEqual([]);

    // A fortnight on, staff sign in afresh to resume them.
    const later = await createAdminSession(t, t.db, ['sales']);
    const resumed = await t.delete(url, undefined, { cookie: later.cookie });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect((resumed.json() as { order: AdminOrder }).order.remindersExclusion).toBeNull();
    // Resuming twice changes nothing and records nothing more.
    expect((await t.delete(url, undefined, { cookie: later.cookie })).statusCode).toBe(200);
    const included = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.reminders_include'), eq(auditLog.entityId, order.id)));
    expect(included).toHaveLength(1);

    await runOn('2026-08-24');
    const mails = await remindersTo('excluded@example.com');
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Overdue: invoice ${invoice.number} for order ${order.orderNumber}, £2,400.00 outstanding`,
    ]);
    expect(await staffNotes(order.id)).toEqual([
      'Payment reminders stopped: Customer disputes the invoice btotal/b',
      'Payment reminders resumed',
      `Payment reminder sent (7 days overdue): ${invoice.number}, £2,400.00 outstanding`,
    ]);
  });

  it('two app processes running the job at once send each reminder once', async () => {
    t.clock.now = at('2026-09-01');
    const first = await orderWithDepositInvoice({ email: 'process-a@example.com' });
    const second = await orderWithDepositInvoice({ email: 'process-b@example.com' });
    const log = { info: () => {}, error: () => {} };
    const processes = [0, 1].map(() => {
      const scheduler = createScheduler({ db: t.db, log, now: () => t.clock.now });
      scheduler.register(paymentRemindersJob(PUBLIC_URL));
      return scheduler;
    });
    t.clock.now = at('2026-09-12');
    const outcomes = await Promise.all(processes.map((scheduler) => scheduler.runJob(PAYMENT_REMINDERS_JOB)));
    expect(outcomes.filter((outcome) => outcome.ran)).toHaveLength(1);
    expect(await remindersTo('process-a@example.com')).toHaveLength(1);
    expect(await remindersTo('process-b@example.com')).toHaveLength(1);

    // Even past the scheduler's once-a-day claim (two runs at once on the due day), the
    // (invoice, stage) row lets each reminder go once.
    t.clock.now = at('2026-09-15');
    const now = t.clock.now;
    await Promise.all([0, 1].map(() => t.db.transaction((tx) => runPaymentReminders(tx, now, PUBLIC_URL))));
    expect(await remindersTo('process-a@example.com')).toHaveLength(2);
    expect(await remindersTo('process-b@example.com')).toHaveLength(2);
    expect(await stagesOf(first.invoice.id)).toEqual(['before_3', 'due']);
    expect(await stagesOf(second.invoice.id)).toEqual(['before_3', 'due']);
  });

  it('writes to no customer erased (kept under legal hold, or purged) and not about a cancelled order', async () => {
    t.clock.now = at('2026-10-01');
    const held = await orderWithDepositInvoice({ email: 'held@example.com' });
    const purged = await orderWithDepositInvoice({ email: 'purged@example.com' });
    const cancelled = await orderWithDepositInvoice({ email: 'cancelled@example.com' });
    await t.db.update(orders).set({ legalHoldUntil: '2033-12-31' }).where(eq(orders.id, held.order.id));
    await t.db
      .update(orders)
      .set({ personalDataPurgedAt: at('2026-10-02') })
      .where(eq(orders.id, purged.order.id));
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled.order.id));

    for (const day of ['2026-10-12', '2026-10-15', '2026-10-22', '2026-11-05']) await runOn(day);
    for (const email of ['held@example.com', 'purged@example.com', 'cancelled@example.com'])
      expect(await remindersTo(email)).toHaveLength(0);
    const rows = await t.db
      .select()
      .from(paymentReminders)
      .where(inArray(paymentReminders.orderId, [held.order.id, purged.order.id, cancelled.order.id]));
    expect(rows).toEqual([]);
  });

  it('uses the texts in the settings, placeholders filled as plain text; an unknown placeholder is refused', async () => {
    t.clock.now = at('2027-01-04');
    const owner = await createAdminSession(t);
    // Issue 48, F1: the reminder texts are held to the bank accounts' step-up.
    await owner.stepUp();
    const current = (
      (await t.get('/api/admin/settings', { cookie: owner.cookie })).json() as { settings: SystemSettings }
    ).settings;
    expect(current.paymentReminderOverdueBody).toBe(defaultSystemSettings.paymentReminderOverdueBody);

    const refused = await t.put(
      '/api/admin/settings',
      { ...current, paymentReminderOverdueSubject: 'Pay {amount} by {dueDate} {total}' },
      { cookie: owner.cookie },
    );
    expect(refused.statusCode).toBe(400);
    const fields = (refused.json() as { error: { fields: Record<string, string> } }).error.fields;
    expect(fields.paymentReminderOverdueSubject).toBe(
      'Unknown placeholder {amount}, {total}. Use {firstName}, {orderNumber}, {invoiceNumber}, {amountDue}, {dueDate}, {daysOverdue}, {orderUrl}.',
    );

    const saved = await t.put(
      '/api/admin/settings',
      {
        ...current,
        paymentReminderOverdueSubject: '{invoiceNumber}: {amountDue} for {firstName}',
        paymentReminderOverdueBody: 'Hello {firstName},\r\n{daysOverdue} days late: {amountDue}. See {orderUrl}',
      },
      { cookie: owner.cookie },
    );
    expect(saved.statusCode, saved.body).toBe(200);

    // The customer's own name holds what looks like a placeholder: it stays those characters.
    const { order, invoice } = await orderWithDepositInvoice({
      email: 'custom-text@example.com',
      firstName: 'Zoë {orderUrl}',
    });
    await runOn('2027-01-25');
    const [mail] = await remindersTo('custom-text@example.com');
    expect(mail?.subject).toBe(`${invoice.number}: £2,400.00 for Zoë {orderUrl}`);
    expect(mail?.textBody.split('\n').slice(0, 2)).toEqual([
      'Hello Zoë {orderUrl},',
      `7 days late: £2,400.00. See ${PUBLIC_URL}/order-details/${order.id}?key=key-custom-text%40example.com`,
    ]);

    await t.put('/api/admin/settings', current, { cookie: owner.cookie });
  });
  it("a German order's reminder is German (the shop's wording per stage, not the staff's English settings text); an English order's still uses the staff text", async () => {
    t.clock.now = at('2027-02-01');
    const owner = await createAdminSession(t);
    // Issue 48, F1: the reminder texts are held to the bank accounts' step-up.
    await owner.stepUp();
    const current = (
      (await t.get('/api/admin/settings', { cookie: owner.cookie })).json() as { settings: SystemSettings }
    ).settings;
    const saved = await t.put(
      '/api/admin/settings',
      {
        ...current,
        paymentReminderOverdueSubject: 'Staff wording: {invoiceNumber} is {daysOverdue} days late',
        paymentReminderOverdueBody: 'Hello {firstName}, staff wording: please pay {amountDue}.',
      },
      { cookie: owner.cookie },
    );
    expect(saved.statusCode, saved.body).toBe(200);

    const german = await orderWithDepositInvoice({
      email: 'heidelberg@example.com',
      firstName: 'Jürgen',
      lastName: 'Weber',
      currency: 'EUR',
      language: 'de',
    });
    const english = await orderWithDepositInvoice({ email: 'london@example.com', firstName: 'Ada' });
    expect(german.invoice.dueDate).toBe('2027-02-15');

    await runOn('2027-02-22');
    const [de7] = await remindersTo('heidelberg@example.com');
    expect(de7?.subject).toBe(
      `Überfällig: Rechnung ${german.invoice.number} zur Bestellung ${german.order.orderNumber}, 2.400,00\u00a0€ offen`,
    );
    const body = de7?.textBody ?? '';
    expect(body.split('\n')[0]).toBe('Guten Tag Jürgen Weber,');
    expect(body).toContain(
      `Die Rechnung ${german.invoice.number} zu Ihrer Bestellung ${german.order.orderNumber} war am 15. Februar 2027 fällig und ist seit 7 Tagen überfällig. Der offene Betrag beträgt 2.400,00\u00a0€.`,
    );
    expect(body).toContain(
      `Ihre Bestellung: ${PUBLIC_URL}/order-details/${german.order.id}?key=key-heidelberg%40example.com`,
    );
    expect(body).not.toContain('staff wording');
    expect(body).not.toMatch(/\{\w+\}/);
    expect(englishIn(`${de7?.subject}\n${body}`, 'de')).toEqual([]);

    // The English order, on the same day, reads the staff's text.
    const [en7] = await remindersTo('london@example.com');
    expect(en7?.subject).toBe(`Staff wording: ${english.invoice.number} is 7 days late`);
    expect(en7?.textBody.split('\n')[0]).toBe('Hello Ada, staff wording: please pay £2,400.00.');

    // 21 days overdue: the German second reminder.
    await runOn('2027-03-08');
    const de21 = (await remindersTo('heidelberg@example.com'))[1];
    expect(de21?.subject).toBe(
      `Zweite Erinnerung: Rechnung ${german.invoice.number} zur Bestellung ${german.order.orderNumber}, 2.400,00\u00a0€ offen`,
    );
    expect(de21?.textBody).toContain('den offenen Betrag von 2.400,00\u00a0€ haben wir noch nicht erhalten');
    expect(englishIn(`${de21?.subject}\n${de21?.textBody}`, 'de')).toEqual([]);
    // Staff's timeline stays in the shop's English.
    expect((await staffNotes(german.order.id)).at(-1)).toBe(
      `Payment reminder sent (21 days overdue): ${german.invoice.number}, €2,400.00 outstanding`,
    );

    await t.put('/api/admin/settings', current, { cookie: owner.cookie });
  });
  it("a German order's payment-received e-mail is German (subject, body, money and date), with no English catalogue phrase", async () => {
    t.clock.now = at('2027-03-01');
    const { order, adminId } = await orderWithDepositInvoice({
      email: 'bezahlt@example.com',
      firstName: 'Jürgen',
      lastName: 'Weber',
      currency: 'EUR',
      language: 'de',
    });
    await t.db.transaction((tx) =>
      recordPayment(tx, {
        orderId: order.id,
        transactionType: 'deposit',
        amount: 100000,
        paymentMethod: 'bank_transfer',
        reference: null,
        receivedAt: null,
        adminId,
        now: t.clock.now,
        publicUrl: PUBLIC_URL,
      }),
    );
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'payment_received'), eq(mailOutbox.toAddress, 'bezahlt@example.com')));
    expect(mail?.subject).toBe(`Zahlung für Ihre Bestellung ${order.orderNumber} erhalten`);
    expect(mail?.textBody.split('\n')[0]).toBe('Guten Tag Jürgen Weber,');
    expect(mail?.textBody).toContain(
      `Vielen Dank: Ihre Zahlung von 1.000,00\u00a0€ für Bestellung ${order.orderNumber} ist am 1. März 2027 bei uns eingegangen.`,
    );
    expect(englishIn(`${mail?.subject}\n${mail?.textBody}`, 'de')).toEqual([]);
  });
});
