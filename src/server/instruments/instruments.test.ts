// @engine: scheduler claims from two processes, locks
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createUser, guestBilling } from '../../../tests/support/factories';
import { signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import {
  auditLog,
  instrumentReminders,
  instruments,
  mailOutbox,
  orders,
  paymentTransactions,
  quotes,
} from '../db/schema';
import { createScheduler } from '../jobs/scheduler';
import { COVER_REMINDERS_JOB, coverRemindersJob } from './cover-reminders';
import { createServiceQuote } from './service-quote';
import { passingFactoryTests } from '../../../tests/support/factory-tests';

const start = new Date('2026-03-02T09:00:00.000Z');

describe('each instrument after it ships (issue 26)', () => {
  const t = useTestApp({ now: start });
  let admin: Awaited<ReturnType<typeof createAdminSession>>;
  const later = () => {
    t.clock.now = new Date(t.clock.now.getTime() + 1000);
  };
  const adminPatch = async (orderId: string, body: Record<string, unknown>) => {
    admin ??= await createAdminSession(t);
    later();
    return t.patch(`/api/admin/orders/${orderId}`, body, { cookie: admin.cookie });
  };

  /** A customer's order placed through the API, confirmed and paid in full: ready to ship. */
  async function paidOrder(
    cookie: string | undefined,
    email: string,
    selection: Partial<typeof defaultSelection> = {},
    quoteReference?: string,
  ) {
    const placed = await t.post(
      '/api/orders',
      {
        ...(quoteReference ? { quoteReference } : { configuration: { ...defaultSelection, ...selection } }),
        billing: guestBilling(email),
        notes: '',
        acceptTerms: true,
        idempotencyKey: randomUUID(),
      },
      cookie ? { cookie } : {},
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const { order, accessKey } = placed.json() as { order: { id: string; totalAmount: number }; accessKey?: string };
    expect((await adminPatch(order.id, { status: 'confirmed' })).statusCode).toBe(200);
    await t.db.insert(paymentTransactions).values({
      orderId: order.id,
      transactionType: 'balance',
      amount: order.totalAmount,
      currency: 'GBP',
      status: 'completed',
    });
    return { id: order.id, total: order.totalAmount, accessKey };
  }
  const instrumentsOf = (orderId: string) => t.db.select().from(instruments).where(eq(instruments.orderId, orderId));

  it('refuses to ship without one serial number per instrument; records them; the warranty follows the plan bought (1, 2 or 3 years)', async () => {
    const customer = await createUser(t.db, { email: 'serials@example.com' });
    const cookie = await signIn(t, customer.user.email);
    const two = await paidOrder(cookie, customer.user.email, { quantity: 2, servicing: '2-year' });

    const none = await adminPatch(two.id, { status: 'shipped' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toMatchObject({
      code: 'serial_numbers_required',
      fields: { serialNumbers: 'Enter the serial number of each of the 2 instruments before shipping.' },
    });
    expect(
      (
        await adminPatch(two.id, {
          status: 'shipped',
          serialNumbers: ['DW-0001'],
          factoryTests: passingFactoryTests(1),
        })
      ).statusCode,
    ).toBe(400);
    const bad = await adminPatch(two.id, {
      status: 'shipped',
      serialNumbers: ['DW-0001', 'DW 0002\n'],
      factoryTests: passingFactoryTests(2),
    });
    expect(bad.json().error.fields).toEqual({
      'serialNumbers.1': 'A serial number is 3 to 40 letters, digits or hyphens.',
    });
    const twice = await adminPatch(two.id, {
      status: 'shipped',
      serialNumbers: ['DW-0001', 'dw-0001'],
      factoryTests: passingFactoryTests(2),
    });
    expect(twice.statusCode).toBe(400);
    const [still] = await t.db.select().from(orders).where(eq(orders.id, two.id));
    expect(still?.status).toBe('confirmed');
    expect(await instrumentsOf(two.id)).toHaveLength(0);

    const shipped = await adminPatch(two.id, {
      status: 'shipped',
      serialNumbers: [' DW-0001 ', 'DW-0002'],
      factoryTests: passingFactoryTests(2),
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().order.instruments).toMatchObject([
      { unitIndex: 1, serialNumber: 'DW-0001', model: 'Dropwise Standard', warrantyYears: 2, deliveredOn: null },
      { unitIndex: 2, serialNumber: 'DW-0002', model: 'Dropwise Standard', warrantyYears: 2 },
    ]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, two.id), eq(auditLog.action, 'order.update')))
      .orderBy(auditLog.createdAt);
    expect(audit).toBeDefined();

    // Unique across the shop: another order cannot ship with a serial number already recorded.
    const other = await paidOrder(cookie, customer.user.email, { servicing: '3-year' });
    const taken = await adminPatch(other.id, {
      status: 'shipped',
      serialNumbers: ['DW-0002'],
      factoryTests: passingFactoryTests(1),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({
      code: 'serial_number_taken',
      message: 'Serial number DW-0002 is already recorded for another instrument.',
      fields: { 'serialNumbers.0': 'Serial number DW-0002 is already recorded for another instrument.' },
    });
    expect(
      (
        await adminPatch(other.id, {
          status: 'shipped',
          serialNumbers: ['DW-0003'],
          factoryTests: passingFactoryTests(1),
        })
      ).statusCode,
    ).toBe(200);
    const one = await paidOrder(cookie, customer.user.email, { servicing: 'none' });
    expect(
      (
        await adminPatch(one.id, {
          status: 'shipped',
          serialNumbers: ['DW-0004'],
          factoryTests: passingFactoryTests(1),
        })
      ).statusCode,
    ).toBe(200);

    // Delivered on 2 March 2026: the warranty runs the plan's years (the terms' rule), the first service a year on.
    for (const id of [two.id, other.id, one.id])
      expect((await adminPatch(id, { status: 'delivered' })).statusCode).toBe(200);
    const ends = Object.fromEntries(
      (await t.db.select().from(instruments)).map((row) => [
        row.serialNumber,
        [row.deliveredOn, row.warrantyEndsOn, row.nextServiceOn],
      ]),
    );
    expect(ends).toEqual({
      'DW-0001': ['2026-03-02', '2028-03-02', '2027-03-02'],
      'DW-0002': ['2026-03-02', '2028-03-02', '2027-03-02'],
      'DW-0003': ['2026-03-02', '2029-03-02', '2027-03-02'],
      'DW-0004': ['2026-03-02', '2027-03-02', '2027-03-02'],
    });
  });

  it('records a serial number once when two orders ship with it at the same moment', async () => {
    const customer = await createUser(t.db, { email: 'race@example.com' });
    const cookie = await signIn(t, customer.user.email);
    const a = await paidOrder(cookie, customer.user.email);
    const b = await paidOrder(cookie, customer.user.email);
    later();
    const answers = await Promise.all(
      [a, b].map((order) =>
        t.patch(
          `/api/admin/orders/${order.id}`,
          { status: 'shipped', serialNumbers: ['DW-RACE-1'], factoryTests: passingFactoryTests(1) },
          { cookie: admin.cookie },
        ),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.db.select().from(instruments).where(eq(instruments.serialNumber, 'DW-RACE-1'));
    expect(rows).toHaveLength(1);
    const shipped = await t.db.select({ id: orders.id, status: orders.status }).from(orders);
    expect(shipped.filter((row) => [a.id, b.id].includes(row.id) && row.status === 'shipped')).toHaveLength(1);
  });

  it('shows the customer their instruments (API), never another customer', async () => {
    const owner = await signIn(t, 'serials@example.com');
    const mine = (await t.get('/api/account/instruments', { cookie: owner })).json().instruments;
    expect(mine.map((row: { serialNumber: string }) => row.serialNumber)).toEqual([
      'DW-0001',
      'DW-0002',
      'DW-0003',
      'DW-0004',
    ]);
    expect(mine[0]).toMatchObject({
      model: 'Dropwise Standard',
      deliveredOn: '2026-03-02',
      warrantyEndsOn: '2028-03-02',
    });
    const orderId = mine[0].orderId as string;
    const page = (await t.get(`/api/account/orders/${orderId}`, { cookie: owner })).json().order;
    expect(page.instruments.map((row: { serialNumber: string }) => row.serialNumber)).toEqual(['DW-0001', 'DW-0002']);

    const stranger = await createUser(t.db, { email: 'stranger@example.com' });
    const strangerCookie = await signIn(t, stranger.user.email);
    expect((await t.get('/api/account/instruments', { cookie: strangerCookie })).json().instruments).toEqual([]);
    expect((await t.get(`/api/account/orders/${orderId}`, { cookie: strangerCookie })).statusCode).toBe(404);
    expect((await t.get(`/api/orders/${orderId}`, { cookie: strangerCookie })).statusCode).toBe(404);
    expect((await t.get('/api/account/instruments')).statusCode).toBe(401);
  });

  it('shows a guest their instruments on the guest order page (with its key only)', async () => {
    const guest = await paidOrder(undefined, 'guest-instrument@example.com', { servicing: 'none' });
    expect(
      (
        await adminPatch(guest.id, {
          status: 'shipped',
          serialNumbers: ['DW-GUEST-1'],
          factoryTests: passingFactoryTests(1),
        })
      ).statusCode,
    ).toBe(200);
    const withKey = (await t.get(`/api/orders/${guest.id}?key=${guest.accessKey}`)).json().order;
    expect(withKey.instruments).toMatchObject([{ serialNumber: 'DW-GUEST-1' }]);
    const withoutKey = (await t.get(`/api/orders/${guest.id}`)).json().order;
    expect(withoutKey.instruments).toBeUndefined();
  });

  it('lets staff correct a serial number (audited, still unique) and list, filter and export the instruments', async () => {
    const [row] = await t.db.select().from(instruments).where(eq(instruments.serialNumber, 'DW-GUEST-1'));
    const url = `/api/admin/instruments/${row?.id}`;
    const clash = await t.patch(url, { serialNumber: 'DW-0001' }, { cookie: admin.cookie });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toBe('Serial number DW-0001 is already recorded for another instrument.');
    const fixed = await t.patch(url, { serialNumber: 'DW-GUEST-01' }, { cookie: admin.cookie });
    expect(fixed.json().instrument).toMatchObject({ serialNumber: 'DW-GUEST-01' });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'instrument.serial_corrected'));
    expect(entry).toMatchObject({ before: { serialNumber: 'DW-GUEST-1' }, after: { serialNumber: 'DW-GUEST-01' } });

    const list = (await t.get('/api/admin/instruments?search=guest-instrument@', { cookie: admin.cookie })).json();
    expect(list).toMatchObject({
      total: 1,
      items: [{ serialNumber: 'DW-GUEST-01', customerEmail: 'guest-instrument@example.com' }],
    });
    const bySerial = (await t.get('/api/admin/instruments?search=dw-000', { cookie: admin.cookie })).json();
    expect(bySerial.total).toBe(4);
    // Not yet delivered counts as active; none has ended on 2 March 2026.
    expect((await t.get('/api/admin/instruments?cover=ended', { cookie: admin.cookie })).json().total).toBe(0);
    const csv = await t.get('/api/admin/instruments.csv?search=DW-0004', { cookie: admin.cookie });
    expect(csv.body).toBe(
      '\uFEFFSerial number,Model,Order,Customer,E-mail,Company,Delivered,Warranty ends,Service plan ends,Next service\r\n' +
        `DW-0004,Dropwise Standard,${(await t.db.select().from(instruments).where(eq(instruments.serialNumber, 'DW-0004')).innerJoin(orders, eq(orders.id, instruments.orderId)))[0]?.orders.orderNumber},Ada Lovelace,serials@example.com,Analytical Engines Ltd,02/03/2026,02/03/2027,,02/03/2027\r\n`,
    );
  });

  it('prices a servicing renewal with the engine (the £425 yearly servicing plus UK VAT), which the customer orders like any quote', async () => {
    const [instrument] = await t.db.select().from(instruments).where(eq(instruments.serialNumber, 'DW-0004'));
    const quote = await t.db.transaction((tx) =>
      createServiceQuote(tx, { kind: 'servicing_renewal', instrumentId: instrument?.id ?? '', now: t.clock.now }),
    );
    expect(quote).toMatchObject({
      kind: 'servicing_renewal',
      serialNumber: 'DW-0004',
      currency: 'GBP',
      status: 'sent',
    });
    const resource = (await t.get(`/api/quotes/${quote.quoteReference}`)).json().quote;
    expect(resource.pricing.totals).toMatchObject({ subtotal: 42500, vat: 8500, total: 51000, deposit: 25500 });
    expect(resource.pricing.items.baseConfiguration.name).toBe(
      'Servicing renewal, 1 year (1-year servicing), instrument DW-0004',
    );

    const cookie = await signIn(t, 'serials@example.com');
    const renewal = await paidOrder(cookie, 'serials@example.com', {}, quote.quoteReference);
    const [ordered] = await t.db.select().from(orders).where(eq(orders.id, renewal.id));
    expect(ordered).toMatchObject({ totalAmount: 51000, depositAmount: 25500, quoteId: quote.id });
    expect(ordered?.configuration?.batch ?? null).toBeNull();
    const items = (await t.get(`/api/account/orders/${renewal.id}`, { cookie })).json().order.items;
    expect(items).toMatchObject([
      { itemName: 'Servicing renewal, 1 year (1-year servicing), instrument DW-0004', totalPrice: 42500 },
    ]);
    expect(items).toHaveLength(1);
    // Confirmed: the instrument's service plan runs a year past its warranty.
    const [after] = await t.db.select().from(instruments).where(eq(instruments.serialNumber, 'DW-0004'));
    expect(after).toMatchObject({ warrantyEndsOn: '2027-03-02', servicePlanEndsOn: '2028-03-02' });
    // Nothing to ship but the service: no serial number asked.
    expect((await adminPatch(renewal.id, { status: 'shipped' })).statusCode).toBe(200);
  });

  it('prices a repair at the net amount staff set, naming the serial number', async () => {
    const [instrument] = await t.db.select().from(instruments).where(eq(instruments.serialNumber, 'DW-0003'));
    const quote = await t.db.transaction((tx) =>
      createServiceQuote(tx, {
        kind: 'repair',
        instrumentId: instrument?.id ?? '',
        description: 'Replace the  dispensing\npump',
        netAmountMinor: 12000,
        now: t.clock.now,
      }),
    );
    const resource = (await t.get(`/api/quotes/${quote.quoteReference}`)).json().quote;
    expect(resource.pricing.items.baseConfiguration.name).toBe(
      'Repair: Replace the dispensing pump, instrument DW-0003',
    );
    expect(resource.pricing.totals).toMatchObject({ subtotal: 12000, vat: 2400, total: 14400 });
    expect(quote.kind).toBe('repair');
    await expect(
      t.db.transaction((tx) =>
        createServiceQuote(tx, { kind: 'repair', instrumentId: instrument?.id ?? '', now: t.clock.now }),
      ),
    ).rejects.toThrow('A repair quote needs its net amount.');
  });

  it('e-mails one renewal offer per instrument per cover end, never twice, across processes', async () => {
    const reminderMail = () => t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'instrument_cover_reminder'));
    const [guestUnit] = await t.db.select().from(instruments).where(eq(instruments.serialNumber, 'DW-GUEST-01'));
    expect((await adminPatch(guestUnit?.orderId ?? '', { status: 'delivered' })).statusCode).toBe(200);

    // 60 days before 2 March 2027: the guest's warranty ends then. DW-0004's warranty ends the same day
    // but its renewed plan outlasts it, so it gets no reminder of its own.
    t.clock.now = new Date('2027-01-01T06:00:00Z');
    const first = await t.app.scheduler.runJob(COVER_REMINDERS_JOB);
    expect(first).toEqual({ ran: true, result: { reminders: 1, emails: 1 } });
    const [mail] = await reminderMail();
    expect(mail?.toAddress).toBe('guest-instrument@example.com');
    expect(mail?.subject).toBe('Your instrument DW-GUEST-01: its warranty ends on 2 March 2027');
    const [reminder] = await t.db.select().from(instrumentReminders);
    const [offered] = await t.db
      .select()
      .from(quotes)
      .where(eq(quotes.id, reminder?.quoteId ?? ''));
    expect(offered).toMatchObject({ kind: 'servicing_renewal', serialNumber: 'DW-GUEST-01' });
    expect(mail?.textBody).toContain(`/quote/${offered?.quoteReference}`);
    expect(mail?.textBody).toContain('£510.00');

    expect(await t.app.scheduler.runJob(COVER_REMINDERS_JOB)).toEqual({ ran: false, reason: 'already_ran' });
    t.clock.now = new Date('2027-01-02T06:00:00Z');
    expect(await t.app.scheduler.runJob(COVER_REMINDERS_JOB)).toEqual({
      ran: true,
      result: { reminders: 0, emails: 0 },
    });

    // Three processes on the day DW-0001 and DW-0002's warranties and DW-0004's plan come within 60 days.
    t.clock.now = new Date('2028-01-10T06:00:00Z');
    const log = { info: () => {}, error: () => {} };
    const processes = [0, 1, 2].map(() => {
      const scheduler = createScheduler({ db: t.db, log, now: () => t.clock.now });
      scheduler.register(coverRemindersJob('http://localhost:3000'));
      return scheduler;
    });
    const outcomes = await Promise.all(processes.map((scheduler) => scheduler.runJob(COVER_REMINDERS_JOB)));
    expect(outcomes.filter((outcome) => outcome.ran)).toEqual([{ ran: true, result: { reminders: 3, emails: 3 } }]);
    t.clock.now = new Date('2028-01-11T06:00:00Z');
    await Promise.all(processes.map((scheduler) => scheduler.runJob(COVER_REMINDERS_JOB)));
    const sent = (await reminderMail()).map((row) => row.subject).sort();
    expect(sent).toEqual([
      'Your instrument DW-0001: its warranty ends on 2 March 2028',
      'Your instrument DW-0002: its warranty ends on 2 March 2028',
      'Your instrument DW-0004: its servicing plan ends on 2 March 2028',
      'Your instrument DW-GUEST-01: its warranty ends on 2 March 2027',
    ]);
    expect(await t.db.select().from(instrumentReminders)).toHaveLength(4);
  });
});
