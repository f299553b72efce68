import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createOrder, createUser } from '../../../tests/support/factories';
import { payDeposit } from '../../../tests/support/receivables';
import { useTestApp } from '../../../tests/support/test-app';
import type { AdminOrder } from '../../shared/orders/order-schema';
import type { SystemSettings } from '../../shared/settings';
import {
  auditLog,
  mailOutbox,
  organisationMembers,
  organisations,
  orderStatusHistory,
  paymentReminders,
} from '../db/schema';
import { issueInvoice } from './invoices';
import { PAYMENT_REMINDERS_JOB } from './payment-reminders';

/** A winter day at a London (= UTC) hour. */
const at = (day: string, hour = 11, minute = 0) =>
  new Date(`${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00.000Z`);
const PUBLIC_URL = 'http://localhost:3000';

describe('payment reminders past 21 days, to accounts payable, at the hour staff set, paused by Finance (issue 51)', () => {
  const t = useTestApp({ now: at('2026-01-05') });

  /** A confirmed order of an account (or a guest) with its deposit invoice issued today (due in 14 days). */
  async function invoicedOrder(input: { email: string; userId?: string; language?: 'en' | 'de' | 'fr' }) {
    const { user: staff } = await createUser(t.db, { isAdmin: true });
    const order = await createOrder(t.db, {
      status: 'confirmed',
      currency: 'GBP',
      totalAmount: 480000,
      depositAmount: 240000,
      userId: input.userId ?? null,
      accessKey: `key-${input.email}`,
      language: input.language ?? 'en',
      configuration: { customerInfo: { firstName: 'Grace', email: input.email } },
    });
    const { invoice } = await t.db.transaction((tx) =>
      issueInvoice(tx, {
        orderId: order.id,
        kind: 'deposit',
        adminId: staff.id,
        now: t.clock.now,
        publicUrl: PUBLIC_URL,
      }),
    );
    return { order, invoice, staffId: staff.id };
  }

  const remindersAbout = (orderNumber: string) =>
    t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'payment_reminder'))
      .orderBy(asc(mailOutbox.createdAt))
      .then((rows) => rows.filter((row) => row.subject.includes(orderNumber)));

  const stagesOf = async (invoiceId: string) =>
    (
      await t.db
        .select()
        .from(paymentReminders)
        .where(eq(paymentReminders.invoiceId, invoiceId))
        .orderBy(asc(paymentReminders.sentAt))
    ).map((row) => row.stage);

  const runAt = (when: Date) => {
    t.clock.now = when;
    return t.app.scheduler.runJob(PAYMENT_REMINDERS_JOB);
  };

  it('a 91-day debtor gets the 30-, 60- and 90-day reminders, each in its own words, then the final notice naming the late-payment interest', async () => {
    t.clock.now = at('2026-01-05');
    const { order, invoice } = await invoicedOrder({ email: 'slow.payer@example.com' });
    expect(invoice.dueDate).toBe('2026-01-19');
    // The job on the mornings it ran, from the due date to 91 days after it.
    for (const day of [0, 3, 7, 14, 21, 25, 30, 45, 59, 60, 75, 89, 90, 91]) {
      await runAt(new Date(at('2026-01-19').getTime() + day * 86_400_000));
    }
    expect(await stagesOf(invoice.id)).toEqual(['due', 'after_7', 'after_21', 'after_30', 'after_60', 'after_90']);
    const mails = await remindersAbout(order.orderNumber);
    const subjects = mails.map((mail) => mail.subject);
    expect(new Set(subjects.slice(3)).size).toBe(3);
    expect(subjects[3]).toBe(
      `Third reminder: invoice ${invoice.number} for order ${order.orderNumber}, £2,400.00 outstanding`,
    );
    expect(mails[3]?.textBody).toContain('is now 30 days overdue');
    expect(mails[4]?.textBody).toContain('is now 60 days overdue');
    expect(mails[5]?.textBody).toContain('is now 90 days overdue');
    expect(mails[5]?.subject).toContain('Urgent');

    // Day 100: the final notice, with the terms' late-payment interest; then nothing more.
    await runAt(at('2026-04-29'));
    const final = (await remindersAbout(order.orderNumber)).at(-1);
    expect(final?.subject).toContain('Final notice');
    expect(final?.textBody).toContain('Late payment interest: 8% above the Bank of England base rate.');
    expect(final?.textBody).toContain(`${PUBLIC_URL}/terms-of-sale`);
    await runAt(at('2026-06-30'));
    expect(await stagesOf(invoice.id)).toHaveLength(7);
  });

  it('the 60-day reminder of a French order is French', async () => {
    t.clock.now = at('2027-01-04');
    const { order, invoice } = await invoicedOrder({ email: 'labo@example.fr', language: 'fr' });
    await runAt(new Date(at(invoice.dueDate).getTime() + 60 * 86_400_000));
    const [mail] = await remindersAbout(order.orderNumber);
    expect(await stagesOf(invoice.id)).toEqual(['after_60']);
    expect(mail?.textBody).toContain('60');
    expect(mail?.textBody).not.toContain('overdue');
    expect(mail?.subject).not.toContain('reminder');
  });

  it('a reminder goes to accounts payable with the orderer in copy', async () => {
    t.clock.now = at('2027-06-01');
    const orderer = await createUser(t.db, { email: 'orderer@lab.example', firstName: 'Rosalind' });
    const payables = await createUser(t.db, { email: 'accounts.payable@lab.example', firstName: 'Ada' });
    const [organisation] = await t.db
      .insert(organisations)
      .values({ name: 'The Lab', ownerUserId: orderer.user.id })
      .returning();
    if (!organisation) throw new Error('no organisation');
    await t.db.insert(organisationMembers).values([
      { userId: orderer.user.id, organisationId: organisation.id, role: 'buyer' },
      { userId: payables.user.id, organisationId: organisation.id, role: 'accounts_payable' },
    ]);
    const { order, invoice } = await invoicedOrder({ email: 'orderer@lab.example', userId: orderer.user.id });
    await runAt(at(invoice.dueDate));
    const mails = await remindersAbout(order.orderNumber);
    expect(mails.map((mail) => [mail.toAddress, mail.ccAddress])).toEqual([
      ['accounts.payable@lab.example', 'orderer@lab.example'],
    ]);
    expect(mails[0]?.textBody.split('\n')[0]).toBe('Dear Accounts Payable,');
  });

  it('a receipt keyed before the reminder hour stops that reminder; an unpaid one goes at the hour', async () => {
    t.clock.now = at('2027-11-01');
    const paid = await invoicedOrder({ email: 'paid.this.morning@example.com' });
    const unpaid = await invoicedOrder({ email: 'still.owes@example.com' });
    const sevenDaysLate = '2027-11-22';
    // 07:30: the bank statement is not in yet; the job does not run (and claims nothing).
    expect(await runAt(at(sevenDaysLate, 7, 30))).toEqual({ ran: false, reason: 'not_yet' });
    // 09:15: the clerk keys the morning's receipts.
    t.clock.now = at(sevenDaysLate, 9, 15);
    await payDeposit(t, paid.order.id, 240000, paid.staffId);
    // 10:00: the reminders go, checking the ledger as each is sent.
    const run = await runAt(at(sevenDaysLate, 10, 0));
    expect(run.ran).toBe(true);
    expect(await remindersAbout(paid.order.orderNumber)).toHaveLength(0);
    expect((await remindersAbout(unpaid.order.orderNumber)).map((mail) => mail.subject)).toEqual([
      `Overdue: invoice ${unpaid.invoice.number} for order ${unpaid.order.orderNumber}, £2,400.00 outstanding`,
    ]);
  });

  it('a paused customer gets no reminder until the pause ends; the pause is audited and shown on the order (Finance)', async () => {
    t.clock.now = at('2028-02-01');
    const customer = await createUser(t.db, { email: 'paused.customer@example.com', firstName: 'Grace' });
    const { order, invoice } = await invoicedOrder({ email: 'paused.customer@example.com', userId: customer.user.id });
    const sales = await createAdminSession(t, t.db, ['sales']);
    const finance = await createAdminSession(t, t.db, ['finance']);
    const url = `/api/admin/customers/${customer.user.id}/reminder-pauses`;

    expect(
      (await t.post(url, { reason: 'Paying by arrangement', until: '2028-02-25' }, { cookie: sales.cookie }))
        .statusCode,
    ).toBe(403);
    const past = await t.post(
      url,
      { reason: 'Paying by arrangement', until: '2028-01-31' },
      { cookie: finance.cookie },
    );
    expect(past.statusCode).toBe(409);
    expect(past.body).toContain('Enter the last day of the pause (today or later).');
    const paused = await t.post(
      url,
      { reason: 'Paying by arrangement: two instalments', until: '2028-02-25' },
      { cookie: finance.cookie },
    );
    expect(paused.statusCode, paused.body).toBe(201);
    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.reminders_pause'), eq(auditLog.entityId, customer.user.id)));
    expect(audited).toMatchObject({ adminEmail: finance.user.email, after: { until: '2028-02-25' } });

    const page = (await t.get(`/api/admin/orders/${order.id}`, { cookie: finance.cookie })).json() as {
      order: AdminOrder;
    };
    expect(page.order.reminderPauses).toEqual([
      expect.objectContaining({
        scope: 'customer',
        reason: 'Paying by arrangement: two instalments',
        until: '2028-02-25',
        by: expect.objectContaining({ email: finance.user.email }),
      }),
    ]);
    const notes = await t.db
      .select({ notes: orderStatusHistory.notes })
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, order.id), eq(orderStatusHistory.staffOnly, true)));
    expect(notes.map((row) => row.notes)).toContain(
      "Payment reminders paused (all the customer's orders) until 2028-02-25: Paying by arrangement: two instalments",
    );

    expect(invoice.dueDate).toBe('2028-02-15');
    for (const day of ['2028-02-12', '2028-02-15', '2028-02-22', '2028-02-25']) await runAt(at(day));
    expect(await remindersAbout(order.orderNumber)).toHaveLength(0);

    // The day after the pause's last day: the latest stage reached goes (the 7-day one; 21 days is not yet reached).
    await runAt(at('2028-02-26'));
    expect(await stagesOf(invoice.id)).toEqual(['after_7']);
  });

  it('an order paused and ended early by Finance is reminded again from the next run', async () => {
    t.clock.now = at('2028-06-01');
    const { order, invoice } = await invoicedOrder({ email: 'order.paused@example.com' });
    const finance = await createAdminSession(t, t.db, ['finance']);
    const paused = await t.post(
      `/api/admin/orders/${order.id}/reminder-pauses`,
      { reason: 'Disputed delivery date', until: '2028-07-31' },
      { cookie: finance.cookie },
    );
    expect(paused.statusCode, paused.body).toBe(201);
    const [pause] = (paused.json() as { order: AdminOrder }).order.reminderPauses ?? [];
    expect(pause).toMatchObject({ scope: 'order', until: '2028-07-31' });
    await runAt(at(invoice.dueDate));
    expect(await remindersAbout(order.orderNumber)).toHaveLength(0);
    // Finance signs in afresh that afternoon and ends the pause.
    const later = await createAdminSession(t, t.db, ['finance']);
    const ended = await t.delete(`/api/admin/reminder-pauses/${pause?.id}`, undefined, { cookie: later.cookie });
    expect(ended.statusCode, ended.body).toBe(200);
    await runAt(at('2028-06-16'));
    expect(await stagesOf(invoice.id)).toEqual(['due']);
  });

  it('staff set the hour in the settings (London time, checked on save)', async () => {
    t.clock.now = at('2029-01-08');
    const owner = await createAdminSession(t);
    await owner.stepUp();
    const save = async (hour: number) => {
      const current = (await t.get('/api/admin/settings', { cookie: owner.cookie })).json().settings as SystemSettings;
      return t.put('/api/admin/settings', { ...current, paymentReminderHour: hour }, { cookie: owner.cookie });
    };
    const refused = await save(24);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Enter an hour from 0 to 23');
    const saved = await save(14);
    expect(saved.statusCode, saved.body).toBe(200);
    const { order, invoice } = await invoicedOrder({ email: 'afternoon@example.com' });
    expect(await runAt(at(invoice.dueDate, 13, 59))).toEqual({ ran: false, reason: 'not_yet' });
    await runAt(at(invoice.dueDate, 14, 0));
    expect(await remindersAbout(order.orderNumber)).toHaveLength(1);
  });
});
