// @engine: the invoice and credit note number sequences
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createUser } from '../../../tests/support/factories';
import { signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { enterMonthlyRates } from '../../../tests/support/exchange-rates';
import type { OrderResource } from '../../shared/order-flow';
import type { Invoice } from '../../shared/orders/invoice-schema';
import { paymentStatusLabel } from '../../shared/orders/order-status';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import { auditLog, invoices, mailOutbox, orders } from '../db/schema';

const start = new Date('2026-11-20T09:00:00.000Z');

const pdfText = (pdf: Buffer) => {
  const file = join(mkdtempSync(join(tmpdir(), 'paperwork-pdf-')), 'document.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};

describe('order paperwork: confirmation, invoices, credit notes', () => {
  const t = useTestApp({ now: start });
  // Issue 51: a euro invoice charging UK VAT is issued only with its month's HMRC rate.
  beforeAll(() => enterMonthlyRates(t.db));

  async function placeOrder(cookie?: string, email = 'buyer@example.com') {
    const response = await t.post(
      '/api/orders',
      {
        configuration: { ...defaultSelection, batch: 'batch-2' },
        billing: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          company: 'Analytical Engines',
          email,
          phone: '',
          address: '12 St James Square',
          city: 'London',
          state: '',
          postalCode: 'SW1Y 4JH',
          country: 'GB',
          poNumber: 'PO-4471',
        },
        shipping: {
          firstName: 'Goods',
          lastName: 'Inwards',
          company: 'Cambridge Lab',
          phone: '',
          address: '1 Science Park',
          city: 'Cambridge',
          state: '',
          postalCode: 'CB4 0WS',
          country: 'GB',
        },
        acceptTerms: true,
        notes: '',
        idempotencyKey: randomUUID(),
      },
      cookie ? { cookie } : {},
    );
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { order: OrderResource }).order;
  }

  it('attaches the written confirmation PDF (PO number, both addresses) when an admin confirms', async () => {
    const admin = await createAdminSession(t);
    const order = await placeOrder();
    expect(
      (await t.patch(`/api/admin/orders/${order.id}`, { status: 'confirmed' }, { cookie: admin.cookie })).statusCode,
    ).toBe(200);
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'order_confirmed'), eq(mailOutbox.toAddress, 'buyer@example.com')));
    const attachment = mail?.attachments?.[0];
    expect(attachment?.contentType).toBe('application/pdf');
    expect(attachment?.filename).toBe(`Order-confirmation-${order.orderNumber}.pdf`);
    const text = pdfText(
      Buffer.from(attachment && 'contentBase64' in attachment ? attachment.contentBase64 : '', 'base64'),
    );
    expect(text).toContain('ORDER CONFIRMATION');
    expect(text).toContain(order.orderNumber);
    expect(text).toContain('PO-4471');
    expect(text).toContain('12 St James Square');
    expect(text).toContain('1 Science Park');
    expect(text).toMatch(/Cambridge\s*\n[^\n]*CB4 0WS/);
    expect(text).toContain('VAT 20% on goods and services (net £4,068.75)');
    expect(text).toContain('£4,882.50');
    expect(text).toContain('Batch 2');
    expect(text).toContain('DDP');
    expect(text).toContain('/terms-of-sale');
  });

  it('issues deposit then balance invoices with consecutive numbers, amounts and due dates, e-mailed as PDFs; 409 out of turn', async () => {
    const admin = await createAdminSession(t);
    const order = await placeOrder(undefined, 'invoices@example.com');
    const issue = (kind: 'deposit' | 'balance') =>
      t.post(`/api/admin/orders/${order.id}/invoices`, { kind }, { cookie: admin.cookie });

    // Money documents need the fresh second factor.
    t.clock.now = new Date(t.clock.now.getTime() + 6 * 60_000);
    expect((await issue('deposit')).json().error.code).toBe('step_up_required');
    await admin.stepUp();
    const balanceFirst = await issue('balance');
    expect(balanceFirst.statusCode).toBe(409);
    expect(balanceFirst.json().error.code).toBe('deposit_not_paid');

    const depositResponse = await issue('deposit');
    expect(depositResponse.statusCode, depositResponse.body).toBe(201);
    const deposit = (depositResponse.json() as { invoice: Invoice }).invoice;
    const year = t.clock.now.getUTCFullYear();
    expect(deposit.number).toMatch(new RegExp(`^INV${year}-\\d{5}$`));
    expect(deposit).toMatchObject({ kind: 'deposit', amount: 244125, currency: 'GBP', vatAmount: 40688 });
    expect(deposit.dueDate).toBe(new Date(t.clock.now.getTime() + 14 * 86400_000).toISOString().slice(0, 10));
    expect((await issue('deposit')).statusCode).toBe(409);

    const paid = await t.post(
      `/api/admin/orders/${order.id}/payments`,
      { transactionType: 'deposit', amount: 244125, paymentMethod: 'bank_transfer' },
      { cookie: admin.cookie },
    );
    expect(paid.statusCode, paid.body).toBe(201);
    const balance = ((await issue('balance')).json() as { invoice: Invoice }).invoice;
    expect(balance.amount).toBe(488250 - 244125);
    const sequence = (number: string) => Number(number.slice(-5));
    expect(sequence(balance.number)).toBe(sequence(deposit.number) + 1);

    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.invoiceNumber).toBe(balance.number);
    expect(row?.invoiceDueDate).toBe(balance.dueDate);

    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'invoices@example.com'));
    for (const invoice of [deposit, balance]) {
      const mail = mails.find((candidate) => candidate.subject.includes(invoice.number));
      const attachment = mail?.attachments?.[0];
      expect(attachment?.filename).toBe(`${invoice.number}.pdf`);
      const text = pdfText(
        Buffer.from(attachment && 'contentBase64' in attachment ? attachment.contentBase64 : '', 'base64'),
      );
      expect(text).toContain('INVOICE');
      expect(text).toContain(invoice.number);
      expect(text).toContain(order.orderNumber);
      expect(text).toContain('£2,441.25');
      expect(text).toContain('EXAMPLE BANK DETAILS');
    }
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'invoice.issue')));
    expect(audits).toHaveLength(2);
  });

  it('credits an invoice with a negative credit note and never changes the original', async () => {
    const admin = await createAdminSession(t);
    const order = await placeOrder(undefined, 'credit@example.com');
    await admin.stepUp();
    const deposit = (
      (
        await t.post(`/api/admin/orders/${order.id}/invoices`, { kind: 'deposit' }, { cookie: admin.cookie })
      ).json() as { invoice: Invoice }
    ).invoice;
    const [before] = await t.db.select().from(invoices).where(eq(invoices.id, deposit.id));
    const creditResponse = await t.post(`/api/admin/invoices/${deposit.id}/credit`, {}, { cookie: admin.cookie });
    expect(creditResponse.statusCode, creditResponse.body).toBe(201);
    const credit = (creditResponse.json() as { invoice: Invoice }).invoice;
    expect(credit).toMatchObject({
      kind: 'credit',
      amount: -deposit.amount,
      vatAmount: -deposit.vatAmount,
      creditsInvoiceId: deposit.id,
    });
    const [after] = await t.db.select().from(invoices).where(eq(invoices.id, deposit.id));
    expect(after).toEqual(before);
    expect((await t.post(`/api/admin/invoices/${deposit.id}/credit`, {}, { cookie: admin.cookie })).statusCode).toBe(
      409,
    );
    expect((await t.post(`/api/admin/invoices/${credit.id}/credit`, {}, { cookie: admin.cookie })).statusCode).toBe(
      409,
    );
    // Once credited, a new deposit invoice may be issued, with a new number.
    const again = await t.post(`/api/admin/orders/${order.id}/invoices`, { kind: 'deposit' }, { cookie: admin.cookie });
    expect(again.statusCode).toBe(201);
    expect((again.json() as { invoice: Invoice }).invoice.number).not.toBe(deposit.number);
  });

  it('prints a partial credit note with its reason, the one the staff gave', async () => {
    const admin = await createAdminSession(t);
    const order = await placeOrder(undefined, 'credit-reason@example.com');
    await admin.stepUp();
    const deposit = (
      (
        await t.post(`/api/admin/orders/${order.id}/invoices`, { kind: 'deposit' }, { cookie: admin.cookie })
      ).json() as { invoice: Invoice }
    ).invoice;
    const kept = Math.round(deposit.amount * 0.05);
    const reason = 'Order cancelled; 5% cancellation fee kept <b>&</b>';
    const creditResponse = await t.post(
      `/api/admin/invoices/${deposit.id}/credit`,
      { amount: deposit.amount - kept, reason },
      { cookie: admin.cookie },
    );
    expect(creditResponse.statusCode, creditResponse.body).toBe(201);
    const credit = (creditResponse.json() as { invoice: Invoice }).invoice;
    expect(credit.number).toMatch(/^CN2026-\d{5}$/);
    const [stored] = await t.db.select().from(invoices).where(eq(invoices.id, credit.id));
    const text = pdfText(stored?.pdf ?? Buffer.alloc(0));
    expect(text).toContain(`This credit note corrects invoice ${deposit.number}`);
    expect(text.replace(/\s+/g, ' ')).toContain(`Reason: ${reason}`);
  });

  it('lets only the owner and admins download a document; another customer and a guest with the id get 404', async () => {
    const admin = await createAdminSession(t);
    const owner = await createUser(t.db, { email: 'owner-docs@example.com' });
    const ownerCookie = await signIn(t, owner.user.email);
    const order = await placeOrder(ownerCookie, 'owner-docs@example.com');
    await admin.stepUp();
    const invoice = (
      (
        await t.post(`/api/admin/orders/${order.id}/invoices`, { kind: 'deposit' }, { cookie: admin.cookie })
      ).json() as { invoice: Invoice }
    ).invoice;

    const mine = (await t.get(`/api/account/orders/${order.id}`, { cookie: ownerCookie })).json() as {
      order: OrderResource;
    };
    const document = mine.order.documents.find((candidate) => candidate.number === invoice.number);
    expect(document?.url).toBe(`/api/orders/${order.id}/documents/${invoice.id}`);
    const download = await t.get(document?.url ?? '', { cookie: ownerCookie });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(pdfText(download.rawPayload)).toContain(invoice.number);
    // An issued invoice never changes: its stored bytes under their fingerprint, 304 when the client holds them.
    const [stored] = await t.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(download.rawPayload.equals(stored?.pdf ?? Buffer.alloc(0))).toBe(true);
    expect(download.headers.etag).toBe(`"${stored?.pdfSha256}"`);
    expect(download.headers['cache-control']).toBe('private, no-store');
    const held = { cookie: ownerCookie, headers: { 'if-none-match': String(download.headers.etag) } };
    const unchanged = await t.get(document?.url ?? '', held);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.rawPayload).toHaveLength(0);
    // 60 downloads in 10 minutes per client, then 429; another client is not affected.
    const from = { ...held, remoteAddress: '203.0.113.60' };
    for (let i = 1; i <= 60; i += 1) expect((await t.get(document?.url ?? '', from)).statusCode).toBe(304);
    const refused = await t.get(document?.url ?? '', from);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.get(document?.url ?? '', { ...held, remoteAddress: '203.0.113.59' })).statusCode).toBe(304);
    expect((await t.get(document?.url ?? '', { cookie: admin.cookie })).statusCode).toBe(200);

    const other = await createUser(t.db);
    expect((await t.get(document?.url ?? '', { cookie: await signIn(t, other.user.email) })).statusCode).toBe(404);
    expect((await t.get(document?.url ?? '')).statusCode).toBe(404);

    // A guest order: even holding its id, no one signed out downloads its documents.
    const guestOrder = await placeOrder(undefined, 'guest-docs@example.com');
    const guestInvoice = (
      (
        await t.post(`/api/admin/orders/${guestOrder.id}/invoices`, { kind: 'deposit' }, { cookie: admin.cookie })
      ).json() as { invoice: Invoice }
    ).invoice;
    expect((await t.get(`/api/orders/${guestOrder.id}/documents/${guestInvoice.id}`)).statusCode).toBe(404);
    expect(
      (await t.get(`/api/orders/${guestOrder.id}/documents/${guestInvoice.id}`, { cookie: admin.cookie })).statusCode,
    ).toBe(200);
    // Another order's invoice id under this order is not found either.
    expect(
      (await t.get(`/api/orders/${order.id}/documents/${guestInvoice.id}`, { cookie: ownerCookie })).statusCode,
    ).toBe(404);
  });

  it('lists an order as deposit overdue once its invoice is unpaid past the due date, and counts it on the dashboard', async () => {
    const admin = await createAdminSession(t);
    const order = await placeOrder(undefined, 'overdue@example.com');
    await admin.stepUp();
    expect(
      (await t.post(`/api/admin/orders/${order.id}/invoices`, { kind: 'deposit' }, { cookie: admin.cookie }))
        .statusCode,
    ).toBe(201);
    const overdueIds = async () =>
      (
        (await t.get('/api/admin/orders?overdue=deposit&pageSize=100', { cookie: admin.cookie })).json() as {
          items: { id: string }[];
        }
      ).items.map((item) => item.id);
    const dashboardCount = async () =>
      ((await t.get('/api/admin/dashboard', { cookie: admin.cookie })).json() as { depositsOverdue: { count: number } })
        .depositsOverdue.count;
    expect(await overdueIds()).not.toContain(order.id);
    const before = await dashboardCount();
    // Due today is not overdue yet.
    await t.db
      .update(invoices)
      .set({ dueDate: t.clock.now.toISOString().slice(0, 10) })
      .where(eq(invoices.orderId, order.id));
    expect(await overdueIds()).not.toContain(order.id);

    // Its due date passes (moving the clock 15 days would also end the admin's session).
    const yesterday = new Date(t.clock.now.getTime() - 86400_000).toISOString().slice(0, 10);
    await t.db.update(invoices).set({ dueDate: yesterday }).where(eq(invoices.orderId, order.id));
    expect(await overdueIds()).toContain(order.id);
    expect(await dashboardCount()).toBe(before + 1);
    const csv = await t.get('/api/admin/orders.csv?overdue=deposit', { cookie: admin.cookie });
    expect(csv.body).toContain(order.orderNumber);

    await admin.stepUp();
    const paid = await t.post(
      `/api/admin/orders/${order.id}/payments`,
      { transactionType: 'deposit', amount: order.depositAmount, paymentMethod: 'bank_transfer' },
      { cookie: admin.cookie },
    );
    expect(paid.statusCode).toBe(201);
    expect(await overdueIds()).not.toContain(order.id);
    expect(await dashboardCount()).toBe(before);
  });
  it('€1,000 then €725 against a €1,725 deposit invoice: between the two the order reads part-paid, the dashboard counts it as awaiting, and with the clock past the due date it is overdue and in the Deposit overdue filter; after the second it reads paid', async () => {
    let admin = await createAdminSession(t);
    const order = await placeOrder(undefined, 'instalments@example.com');
    await t.db.update(orders).set({ currency: 'EUR', depositAmount: 172500 }).where(eq(orders.id, order.id));
    await admin.stepUp();
    const issued = await t.post(
      `/api/admin/orders/${order.id}/invoices`,
      { kind: 'deposit' },
      { cookie: admin.cookie },
    );
    expect(issued.statusCode, issued.body).toBe(201);
    expect((issued.json() as { invoice: Invoice }).invoice.amount).toBe(172500);
    const pay = (amount: number) =>
      t.post(
        `/api/admin/orders/${order.id}/payments`,
        { transactionType: 'deposit', amount, paymentMethod: 'bank_transfer' },
        { cookie: admin.cookie },
      );
    const detail = async () =>
      (
        (await t.get(`/api/admin/orders/${order.id}`, { cookie: admin.cookie })).json() as {
          order: { paymentStatus: string; ledger: { depositOutstanding: number } };
        }
      ).order;
    const dashboard = async () =>
      (await t.get('/api/admin/dashboard', { cookie: admin.cookie })).json() as {
        depositsAwaiting: { count: number; amount: Record<string, number> };
        depositsOverdue: { count: number };
      };
    const overdueIds = async () =>
      (
        (await t.get('/api/admin/orders?overdue=deposit&pageSize=100', { cookie: admin.cookie })).json() as {
          items: { id: string }[];
        }
      ).items.map((item) => item.id);
    const awaitingBefore = (await dashboard()).depositsAwaiting;

    expect((await pay(100000)).statusCode).toBe(201);
    const partPaid = await detail();
    expect(partPaid.paymentStatus).toBe('deposit_part_paid');
    expect(partPaid.ledger.depositOutstanding).toBe(72500);
    expect(paymentStatusLabel(partPaid.paymentStatus, { amount: 72500, currency: 'EUR' })).toBe(
      'Deposit part-paid (€725.00 due)',
    );
    const listed = (
      (
        await t.get('/api/admin/orders?paymentStatus=deposit_part_paid&pageSize=100', { cookie: admin.cookie })
      ).json() as {
        items: { id: string; paymentStatus: string }[];
      }
    ).items.find((item) => item.id === order.id);
    expect(listed?.paymentStatus).toBe('deposit_part_paid');
    const csv = await t.get('/api/admin/orders.csv', { cookie: admin.cookie });
    expect(csv.body.split('\n').find((line) => line.includes(order.orderNumber))).toContain('Deposit part-paid');
    const awaiting = (await dashboard()).depositsAwaiting;
    expect(awaiting.count).toBe(awaitingBefore.count);
    expect(awaiting.amount.EUR).toBe((awaitingBefore.amount.EUR ?? 0) - 100000);
    expect(await overdueIds()).not.toContain(order.id);

    // The clock passes the invoice's due date (14 days) with €725 still owed on it: a new session, the old one ended.
    t.clock.now = new Date(t.clock.now.getTime() + 15 * 86400_000);
    admin = await createAdminSession(t);
    // (Other tests' unpaid invoices fall due too: the count drops by this one once it is paid.)
    expect(await overdueIds()).toContain(order.id);
    const overdueNow = (await dashboard()).depositsOverdue.count;

    // A second instalment is still the deposit, but never beyond what the deposit invoice asks.
    await admin.stepUp();
    const tooMuch = await pay(73100);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.code).toBe('deposit_instalment_too_much');
    expect(tooMuch.json().error.message).toContain('€725.00');
    expect((await pay(72500)).statusCode).toBe(201);
    const paid = await detail();
    expect(paid.paymentStatus).toBe('deposit_paid');
    expect(paid.ledger.depositOutstanding).toBe(0);
    expect(await overdueIds()).not.toContain(order.id);
    expect((await dashboard()).depositsOverdue.count).toBe(overdueNow - 1);
    expect((await dashboard()).depositsAwaiting.count).toBe(awaitingBefore.count - 1);
    // The deposit invoice is covered: a third deposit is refused as before.
    const third = await pay(100);
    expect(third.statusCode).toBe(409);
    expect(third.json().error.code).toBe('deposit_already_recorded');
  });
  it('£2,200 against £2,154: the balance invoice’s amount due is the balance less £46, and its PDF says so', async () => {
    const admin = await createAdminSession(t);
    const order = await placeOrder(undefined, 'overpaid@example.com');
    await t.db.update(orders).set({ depositAmount: 215400 }).where(eq(orders.id, order.id));
    await admin.stepUp();
    const issue = async (kind: 'deposit' | 'balance') => {
      const response = await t.post(`/api/admin/orders/${order.id}/invoices`, { kind }, { cookie: admin.cookie });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as { invoice: Invoice }).invoice;
    };
    expect((await issue('deposit')).amountDue).toBe(215400);
    const paid = await t.post(
      `/api/admin/orders/${order.id}/payments`,
      { transactionType: 'deposit', amount: 220000, paymentMethod: 'bank_transfer' },
      { cookie: admin.cookie },
    );
    expect(paid.statusCode, paid.body).toBe(201);

    const balance = await issue('balance');
    const balanceAmount = 488250 - 215400;
    expect(balance).toMatchObject({ amount: balanceAmount, paidOnAccount: 4600, amountDue: balanceAmount - 4600 });
    // The invoice asks for what the order page says is outstanding, not £46 more.
    const detail = (
      (await t.get(`/api/admin/orders/${order.id}`, { cookie: admin.cookie })).json() as {
        order: { ledger: { outstanding: number } };
      }
    ).order;
    expect(detail.ledger.outstanding).toBe(balance.amountDue);

    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, balance.id));
    const text = pdfText(Buffer.from(row?.pdf ?? []));
    expect(text).toMatch(/Invoice total\s+£2,728\.50/);
    expect(text).toMatch(/Paid on account\s+[−-]£46\.00/);
    expect(text).toMatch(/Amount due\s+£2,682\.50/);
    const mail = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'overpaid@example.com'))).find(
      (candidate) => candidate.subject.includes(balance.number),
    );
    expect(mail?.textBody).toContain('£2,682.50 (after £46.00 paid on account)');
  });
});
