// @engine: concurrent admin writes
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { parseCsv } from '../../../tests/support/csv';
import { createOrder, createUser } from '../../../tests/support/factories';
import { signIn, totpCode } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import { auditLog, mailOutbox, orders, orderStatusHistory, paymentTransactions, profiles } from '../db/schema';
import { passingFactoryTests } from '../../../tests/support/factory-tests';

describe('the admin API', () => {
  const t = useTestApp({ now: new Date('2026-03-02T09:00:10.000Z') });

  // The matrix of every route × caller is generated in authorization-matrix.test.ts.
  it('accepts a step-up code once, and tells a customer and an admin at aal1 what they lack', async () => {
    const admin = await createAdminSession(t);
    const customer = await createUser(t.db);
    t.clock.now = new Date(t.clock.now.getTime() + 30_000);
    const code = totpCode(admin.secret, t.clock.now);
    expect((await t.post('/api/admin/step-up', { code }, { cookie: admin.cookie })).statusCode).toBe(200);
    expect((await t.post('/api/admin/step-up', { code }, { cookie: admin.cookie })).statusCode).toBe(400);
    expect((await t.get('/api/admin/users', { cookie: admin.aal1Cookie })).json().error.message).toBe(
      'Multi-factor authentication required for admin operations',
    );
    expect(
      (await t.get('/api/admin/users', { cookie: await signIn(t, customer.user.email) })).json().error.message,
    ).toBe('Insufficient privileges - admin access required');
  });

  it('counts wrong step-up codes towards the factor lock, as at sign-in', async () => {
    const admin = await createAdminSession(t);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await t.post('/api/admin/step-up', { code: '000000' }, { cookie: admin.cookie })).statusCode).toBe(400);
    }
    const locked = await t.post('/api/admin/step-up', { code: '000000' }, { cookie: admin.cookie });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('factor_locked');
    // While locked, a right code does not step up either.
    t.clock.now = new Date(t.clock.now.getTime() + 30_000);
    expect(
      (
        await t.post('/api/admin/step-up', { code: totpCode(admin.secret, t.clock.now) }, { cookie: admin.cookie })
      ).json().error.code,
    ).toBe('factor_locked');
  });

  it('records a deposit then the balance, refuses overpayment, and writes history and audit', async () => {
    const admin = await createAdminSession(t);
    const customer = await createUser(t.db);
    const order = await createOrder(t.db, { userId: customer.user.id, totalAmount: 100000 });
    await admin.stepUp();
    const url = `/api/admin/orders/${order.id}/payments`;
    const over = await t.post(
      url,
      { transactionType: 'deposit', amount: 100001, paymentMethod: 'bank_transfer' },
      { cookie: admin.cookie },
    );
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe('overpayment');

    const deposit = await t.post(
      url,
      {
        transactionType: 'deposit',
        amount: 50000,
        paymentMethod: 'bank_transfer',
        reference: 'INV-1',
        receivedAt: '2026-03-01',
      },
      { cookie: admin.cookie },
    );
    expect(deposit.statusCode).toBe(201);
    expect(deposit.json().order).toMatchObject({
      paymentStatus: 'deposit_paid',
      paidAmount: 50000,
      outstandingAmount: 50000,
    });

    const tooMuch = await t.post(
      url,
      { transactionType: 'balance', amount: 50001, paymentMethod: 'bank_transfer' },
      { cookie: admin.cookie },
    );
    expect(tooMuch.statusCode).toBe(409);
    const balance = await t.post(
      url,
      { transactionType: 'balance', amount: 50000, paymentMethod: 'bank_transfer' },
      { cookie: admin.cookie },
    );
    expect(balance.json().order).toMatchObject({
      paymentStatus: 'fully_paid',
      paidAmount: 100000,
      outstandingAmount: 0,
    });
    const payments = await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, order.id));
    expect(payments.map((p) => [p.transactionType, p.amount, p.status, p.processedAt !== null])).toEqual([
      ['deposit', 50000, 'completed', true],
      ['balance', 50000, 'completed', true],
    ]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'order.payment')));
    expect(audit.map((a) => [a.before?.paymentStatus, a.after?.paymentStatus, a.adminEmail])).toEqual(
      expect.arrayContaining([
        ['pending', 'deposit_paid', admin.user.email],
        ['deposit_paid', 'fully_paid', admin.user.email],
      ]),
    );
    // The customer sees Paid.
    const customerCookie = await signIn(t, customer.user.email);
    expect(
      (await t.get(`/api/account/orders/${order.id}`, { cookie: customerCookie })).json().order.paymentStatus,
    ).toBe('fully_paid');
  });

  it('makes one transaction of 20 identical deposit posts at once', async () => {
    const admin = await createAdminSession(t);
    const order = await createOrder(t.db, { totalAmount: 80000 });
    await admin.stepUp();
    const body = { transactionType: 'deposit', amount: 40000, paymentMethod: 'bank_transfer' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.post(`/api/admin/orders/${order.id}/payments`, body, { cookie: admin.cookie }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(19);
    expect(await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, order.id))).toHaveLength(
      1,
    );
  });

  it('confirms and ships with history, e-mails and audit; a deleted order keeps its audit entries', async () => {
    const admin = await createAdminSession(t);
    const customer = await createUser(t.db, { email: `ship-${Date.now()}@example.com` });
    const order = await createOrder(t.db, { userId: customer.user.id });
    const url = `/api/admin/orders/${order.id}`;
    t.clock.now = new Date(t.clock.now.getTime() + 1000);
    expect(
      (await t.patch(url, { status: 'confirmed', invoiceNumber: '' }, { cookie: admin.cookie })).json().order,
    ).toMatchObject({ status: 'confirmed', invoiceNumber: null });
    // Shipping needs the balance paid (the lifecycle, issue 28): paid in full here.
    await t.db.insert(paymentTransactions).values({
      orderId: order.id,
      transactionType: 'balance',
      amount: order.totalAmount,
      currency: 'GBP',
      status: 'completed',
    });
    t.clock.now = new Date(t.clock.now.getTime() + 1000);
    const shipped = await t.patch(
      url,
      {
        status: 'shipped',
        trackingNumber: '1Z999',
        serialNumbers: ['DW-ROUTES-0001'],
        factoryTests: passingFactoryTests(1),
      },
      { cookie: admin.cookie },
    );
    expect(
      shipped.json().order.statusHistory.find((h: { newStatus: string }) => h.newStatus === 'shipped'),
    ).toMatchObject({
      oldStatus: 'confirmed',
      newStatus: 'shipped',
      notes: 'Status updated via admin panel',
      changedBy: { id: admin.user.id },
    });
    const history = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
    expect(history.map((h) => h.newStatus).sort()).toEqual(['confirmed', 'pending', 'shipped']);
    const mail = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, customer.user.email));
    expect(mail.map((m) => m.kind).sort()).toEqual(['order_confirmed', 'order_shipped']);
    expect(mail.find((m) => m.kind === 'order_shipped')?.textBody).toContain('Tracking number: 1Z999');

    await admin.stepUp();
    t.clock.now = new Date(t.clock.now.getTime() + 1000);
    // A paid order is on the books: refused (409); once its payment row goes (a test-only shortcut), deleted.
    expect((await t.delete(url, {}, { cookie: admin.cookie })).statusCode).toBe(409);
    await t.db.delete(paymentTransactions).where(eq(paymentTransactions.orderId, order.id));
    expect((await t.delete(url, {}, { cookie: admin.cookie })).statusCode).toBe(200);
    expect(await t.db.select().from(orders).where(eq(orders.id, order.id))).toHaveLength(0);
    const entries = (
      await t.get(`/api/admin/audit?entityType=order&entityId=${order.id}`, { cookie: admin.cookie })
    ).json().items as {
      action: string;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    }[];
    expect(entries.map((e) => e.action)).toEqual(['order.delete', 'order.update', 'order.update']);
    expect(entries[1]).toMatchObject({
      before: { status: 'confirmed', trackingNumber: null },
      after: { status: 'shipped', trackingNumber: '1Z999', serialNumbers: ['DW-ROUTES-0001'] },
    });
    expect((await t.get(`${url}`, { cookie: admin.cookie })).statusCode).toBe(404);
  });

  it('orders the timeline by time, then by insertion, for entries written in the same millisecond', async () => {
    const admin = await createAdminSession(t);
    const customer = await createUser(t.db);
    const order = await createOrder(t.db, { userId: customer.user.id });
    const at = new Date('2026-03-02T10:00:00.000Z');
    const steps = Array.from({ length: 8 }, (_, i) => `step ${i}`);
    await t.db.insert(orderStatusHistory).values(
      steps.map((notes) => ({
        orderId: order.id,
        oldStatus: 'pending',
        newStatus: 'confirmed',
        notes,
        createdAt: at,
      })),
    );
    // Rewriting the first half moves their tuples to the end of the heap, so a sort without a
    // tie-breaker would see them after the second half.
    await t.db
      .update(orderStatusHistory)
      .set({ notes: sql`${orderStatusHistory.notes}` })
      .where(inArray(orderStatusHistory.notes, steps.slice(0, 4)));
    const notesOf = (history: { notes: string | null }[]) =>
      history.map((h) => h.notes).filter((n) => n?.startsWith('step '));
    expect(
      notesOf((await t.get(`/api/admin/orders/${order.id}`, { cookie: admin.cookie })).json().order.statusHistory),
    ).toEqual(steps);
    // The customer reads each row in their words, in the same order.
    const staffIds = (
      (await t.get(`/api/admin/orders/${order.id}`, { cookie: admin.cookie })).json().order.statusHistory as {
        id: string;
        notes: string | null;
      }[]
    )
      .filter((h) => h.notes?.startsWith('step '))
      .map((h) => h.id);
    const customerCookie = await signIn(t, customer.user.email);
    const own = (await t.get(`/api/account/orders/${order.id}`, { cookie: customerCookie })).json().order
      .statusHistory as { id: string; notes: string }[];
    const ownSteps = own.filter((h) => staffIds.includes(h.id));
    expect(ownSteps.map((h) => h.id)).toEqual(staffIds);
    expect(new Set(ownSteps.map((h) => h.notes))).toEqual(new Set(['Order confirmed']));
  });

  it('returns hostile customer text only as data in every admin view and both CSV exports, cleaned and spreadsheet-safe', async () => {
    const admin = await createAdminSession(t);
    const customer = await createUser(t.db, { email: `hostile-${Date.now()}@example.com` });
    const cookie = await signIn(t, customer.user.email);
    // The quote first: placing it copies its (valid) names into the profile; the profile's hostile text comes after.
    const quote = await t.post(
      '/api/quotes',
      {
        configuration: defaultSelection,
        customerInfo: {
          email: customer.user.email,
          firstName: 'Rosalind',
          lastName: 'Franklin',
          organization: 'Kings College',
        },
        flowType: 'quote',
      },
      { cookie },
    );
    expect(quote.statusCode).toBe(201);
    const profile = {
      firstName: '=HYPERLINK("http://x")<script>alert(1)</script>',
      lastName: '<img src=x onerror=alert(2)>',
      company: '+SUM(1)<img src=y onerror=alert(3)>',
      phone: '',
      country: 'GB',
    };
    expect((await t.put('/api/account/profile', profile, { cookie })).statusCode).toBe(200);
    const billing = {
      firstName: profile.firstName,
      lastName: profile.lastName,
      company: profile.company,
      email: customer.user.email,
      phone: '',
      address: '<img src=z onerror=alert(5)> Road',
      city: 'Lancaster',
      state: '',
      postalCode: 'LA1 1AA',
      country: 'GB',
    };
    const placed = await t.post(
      '/api/orders',
      {
        configuration: defaultSelection,
        billing,
        notes: '<script>alert(4)</script>',
        idempotencyKey: randomUUID(),
        acceptTerms: true,
      },
      { cookie },
    );
    expect(placed.statusCode).toBe(201);
    const orderId = (placed.json() as { order: { id: string } }).order.id;
    // A guest whose name and organisation start with - and @.
    const guestEmail = `guest-${Date.now()}@example.com`;
    const guest = await t.post('/api/orders', {
      configuration: defaultSelection,
      billing: { ...billing, email: guestEmail, firstName: '-2+3', lastName: 'Guest', company: '@SUM(A1)' },
      notes: '',
      idempotencyKey: randomUUID(),
      acceptTerms: true,
    });
    expect(guest.statusCode).toBe(201);
    // An admin edit puts the customer's notes into the audit log's before and after.
    expect(
      (await t.patch(`/api/admin/orders/${orderId}`, { status: 'confirmed' }, { cookie: admin.cookie })).statusCode,
    ).toBe(200);

    const search = encodeURIComponent(customer.user.email);
    const views = [
      `/api/admin/users?search=${search}`,
      `/api/admin/quotes?search=${search}`,
      `/api/admin/orders?search=${search}`,
      `/api/admin/orders/${orderId}`,
      `/api/admin/audit?entityType=order&entityId=${orderId}`,
    ];
    const cleaned = [
      '=HYPERLINK("http://x")scriptalert(1)/script',
      'img src=x onerror=alert(2)',
      '+SUM(1)img src=y onerror=alert(3)',
    ];
    for (const url of views) {
      const response = await t.get(url, { cookie: admin.cookie });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.body, url).not.toMatch(/[<>]|\\u003c|\\u003e/i);
      const text = JSON.stringify(response.json());
      for (const part of url.includes('/audit') ? ['scriptalert(4)/script'] : cleaned)
        expect(text, url).toContain(JSON.stringify(part).slice(1, -1));
    }
    const detail = JSON.stringify((await t.get(`/api/admin/orders/${orderId}`, { cookie: admin.cookie })).json());
    expect(detail).toContain('img src=z onerror=alert(5) Road');
    expect(detail).toContain('scriptalert(4)/script');

    const exports = [
      {
        url: `/api/admin/orders.csv?search=${search}`,
        cells: [
          `'=HYPERLINK("http://x")scriptalert(1)/script img src=x onerror=alert(2)`,
          `'+SUM(1)img src=y onerror=alert(3)`,
        ],
      },
      {
        url: `/api/admin/quotes.csv?search=${search}`,
        cells: [
          `'=HYPERLINK("http://x")scriptalert(1)/script img src=x onerror=alert(2)`,
          `'+SUM(1)img src=y onerror=alert(3)`,
        ],
      },
      { url: `/api/admin/orders.csv?search=${encodeURIComponent(guestEmail)}`, cells: [`'-2+3 Guest`, `'@SUM(A1)`] },
    ];
    for (const { url, cells } of exports) {
      const response = await t.get(url, { cookie: admin.cookie });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition'], url).toMatch(/^attachment/);
      expect(response.body, url).not.toMatch(/[<>]/);
      const rows = parseCsv(response.body);
      expect(rows.length, url).toBe(2);
      const data = rows.slice(1).flat();
      for (const cell of cells) expect(data, url).toContain(cell);
      // No cell a spreadsheet would read as a formula.
      expect(
        data.filter((cell) => /^[=+\-@]/.test(cell)),
        url,
      ).toEqual([]);
    }
  });

  it('keeps the last admin and refuses self-demotion', async () => {
    const admin = await createAdminSession(t);
    await admin.stepUp();
    const self = await t.patch(`/api/admin/users/${admin.user.id}`, { isAdmin: false }, { cookie: admin.cookie });
    expect(self.statusCode).toBe(409);
    expect(self.json().error.code).toBe('self_demotion');
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, admin.user.id));
    expect(row?.isAdmin).toBe(true);
  });

  it('lists, searches and filters orders, and exports spreadsheet-safe CSV', async () => {
    const admin = await createAdminSession(t);
    const evil = '=HYPERLINK("http://x")';
    const order = await createOrder(t.db, {
      configuration: {
        customerInfo: {
          email: 'finder@lab.example',
          firstName: evil,
          lastName: '<script>alert(1)</script>',
          organization: '@SUM(A1)',
        },
      },
    });
    const byEmail = (await t.get('/api/admin/orders?search=FINDER@lab', { cookie: admin.cookie })).json();
    expect(byEmail.items.map((i: { id: string }) => i.id)).toEqual([order.id]);
    expect(byEmail).toMatchObject({ total: 1, page: 1, pageSize: 25 });
    expect(
      (
        await t.get(`/api/admin/orders?search=${order.orderNumber.slice(0, 6)}&status=pending`, {
          cookie: admin.cookie,
        })
      ).json().total,
    ).toBeGreaterThan(0);
    expect(
      (await t.get('/api/admin/orders?search=finder@lab&status=shipped', { cookie: admin.cookie })).json().total,
    ).toBe(0);
    expect(
      (await t.get('/api/admin/orders?search=finder@lab&paymentStatus=fully_paid', { cookie: admin.cookie })).json()
        .total,
    ).toBe(0);
    expect(
      (await t.get('/api/admin/orders?search=finder@lab&from=2099-01-01', { cookie: admin.cookie })).json().total,
    ).toBe(0);
    expect((await t.get('/api/admin/orders?status=nonsense', { cookie: admin.cookie })).statusCode).toBe(400);

    const csv = await t.get('/api/admin/orders.csv?search=finder@lab', { cookie: admin.cookie });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"") <script>alert(1)</script>"`);
    expect(lines[1]).toContain(`"'@SUM(A1)"`);
    expect(lines[1]).not.toMatch(/,=|,@|,\+|,-/);
  });
});
