// @engine: hand-written report SQL (the register's receipts on account and voids)
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { parseCsv } from '../../../tests/support/csv';
import { createOrder, createUser } from '../../../tests/support/factories';
import { useTestApp } from '../../../tests/support/test-app';
import type { AccountReceipt, AccountReceiptPage } from '../../shared/orders/account-receipts';
import type { AdminOrder } from '../../shared/orders/order-schema';
import type { PaymentsRegisterAnswer } from '../../shared/reporting/payments-register-contracts';
import { auditLog, mailOutbox } from '../db/schema';
import { loadStatement } from '../customers/customer-statement';
import type { AgedDebtAnswer } from '../../shared/reporting/receivables-schemas';

/** A download as Excel opens it: the rows by header. */
function spreadsheet(bytes: Buffer) {
  const [header = [], ...rows] = parseCsv(bytes.subarray(3).toString('utf8'));
  return rows.map((cells) => Object.fromEntries(header.map((name, index) => [name, cells[index] ?? ''])));
}

describe('receipts on account, their allocation, and the void of a mis-keyed receipt (issue 51)', () => {
  const t = useTestApp({ now: new Date('2026-03-02T09:00:10.000Z') });

  async function finance() {
    const admin = await createAdminSession(t, t.db, ['finance']);
    await admin.stepUp();
    return admin;
  }

  /** A confirmed order with its deposit invoice issued (£2,400.00 of £4,800.00 by default). */
  async function depositInvoiced(overrides: Parameters<typeof createOrder>[1] = {}) {
    const admin = await finance();
    const order = await createOrder(t.db, {
      status: 'confirmed',
      totalAmount: 480000,
      depositAmount: 240000,
      configuration: {
        customerInfo: { firstName: 'Grace', lastName: 'Hopper', email: `grace-${Math.random()}@example.com` },
      },
      ...overrides,
    });
    const issued = await t.post(
      `/api/admin/orders/${order.id}/invoices`,
      { kind: 'deposit' },
      { cookie: admin.cookie },
    );
    expect(issued.statusCode, issued.body).toBe(201);
    return { order, admin, invoiceNumber: issued.json().invoice.number as string };
  }

  const register = async (cookie: string, from = '2026-03-01', to = '2026-03-31', search = '') =>
    (
      await t.get(`/api/admin/payments?from=${from}&to=${to}${search ? `&search=${encodeURIComponent(search)}` : ''}`, {
        cookie,
      })
    ).json() as PaymentsRegisterAnswer;

  /** The admin's order with each invoice's standing (the order answer's `balances`). */
  type OrderWithBalances = AdminOrder & { balances?: { number: string; state: string; outstanding: number }[] };
  const orderPage = async (orderId: string, cookie: string) =>
    ((await t.get(`/api/admin/orders/${orderId}`, { cookie })).json() as { order: OrderWithBalances }).order;

  it('a receipt with no invoice is recorded on account and the register shows it unallocated', async () => {
    const clerk = await finance();
    const customer = await createUser(t.db, {
      email: 'buyer@chem.example',
      firstName: 'Rosalind',
      company: 'Chem Lab Ltd',
    });
    const recorded = await t.post(
      '/api/admin/account-receipts',
      {
        userId: customer.user.id,
        amount: 125000,
        currency: 'GBP',
        receivedOn: '2026-03-03',
        reference: 'BACS CHEMLAB 0303',
      },
      { cookie: clerk.cookie },
    );
    expect(recorded.statusCode, recorded.body).toBe(201);
    const receipt = (recorded.json() as { receipt: AccountReceipt }).receipt;
    expect(receipt).toMatchObject({ amount: 125000, allocated: 0, unallocated: 125000, allocations: [] });

    // And one the bank statement names only by its reference.
    const unknown = await t.post(
      '/api/admin/account-receipts',
      { amount: 48000, currency: 'EUR', receivedOn: '2026-03-04', reference: 'SEPA 88812 UNKNOWN' },
      { cookie: clerk.cookie },
    );
    expect(unknown.statusCode, unknown.body).toBe(201);
    const nameless = await t.post(
      '/api/admin/account-receipts',
      { amount: 1000, currency: 'GBP', receivedOn: '2026-03-04' },
      { cookie: clerk.cookie },
    );
    expect(nameless.statusCode).toBe(400);
    expect(nameless.body).toContain('Name the customer, or give the bank reference of an unidentified receipt.');

    const answer = await register(clerk.cookie);
    const lines = answer.items.filter((row) => row.accountReceiptId !== null);
    expect(
      lines.map((row) => [
        row.kind,
        row.date,
        row.customer,
        row.amount,
        row.currency,
        row.unallocated,
        row.orderNumber,
      ]),
    ).toEqual([
      ['receipt', '2026-03-03', 'Chem Lab Ltd', 125000, 'GBP', 125000, null],
      ['receipt', '2026-03-04', 'Unidentified (on account)', 48000, 'EUR', 48000, null],
    ]);
    expect(answer.totals).toEqual([
      expect.objectContaining({ currency: 'EUR', received: 48000, net: 48000, unallocated: 48000 }),
      expect.objectContaining({ currency: 'GBP', received: 125000, net: 125000, unallocated: 125000 }),
    ]);
    expect((await register(clerk.cookie, '2026-03-01', '2026-03-31', 'CHEMLAB')).items).toHaveLength(1);

    const csv = await t.get('/api/admin/payments.csv?from=2026-03-01&to=2026-03-31', { cookie: clerk.cookie });
    const rows = spreadsheet(csv.rawPayload);
    expect(rows.find((row) => row.Reference === 'BACS CHEMLAB 0303')).toMatchObject({
      Type: 'Receipt',
      Amount: '1250',
      Unallocated: '1250',
      Note: 'On account, not allocated',
    });
    expect(rows.find((row) => row.Type === 'Unallocated GBP')).toMatchObject({ Unallocated: '1250' });

    // Aged debt shows the money in hand beside the debt; the customer's statement lists it and holds it as credit.
    const aged = (await t.get('/api/admin/receivables/aged-debt', { cookie: clerk.cookie })).json() as AgedDebtAnswer;
    expect(aged.currencies.find((section) => section.currency === 'GBP')?.unallocated).toBe(125000);
    expect(aged.currencies.find((section) => section.currency === 'EUR')?.unallocated).toBe(48000);
    const statement = await loadStatement(t.db, { kind: 'account', userId: customer.user.id });
    expect(statement.entries.map((entry) => [entry.details, entry.payment])).toEqual([
      ['Payment received on account, not yet allocated to an invoice (ref BACS CHEMLAB 0303)', 125000],
    ]);
    expect(statement.closing).toEqual([
      expect.objectContaining({ currency: 'GBP', creditHeld: 125000, owedOnInvoices: 0 }),
    ]);

    const open = (await t.get('/api/admin/account-receipts', { cookie: clerk.cookie })).json() as AccountReceiptPage;
    expect(open.unallocated).toEqual([
      { currency: 'EUR', amount: 48000, receipts: 1 },
      { currency: 'GBP', amount: 125000, receipts: 1 },
    ]);
  });

  it('allocating a receipt on account to an invoice settles it; the rest goes to a second order, and the register counts the bank line once', async () => {
    t.clock.now = new Date('2026-04-02T09:00:00.000Z');
    const first = await depositInvoiced({ totalAmount: 200000, depositAmount: 100000 });
    const second = await depositInvoiced({ totalAmount: 100000, depositAmount: 50000 });
    const clerk = await finance();
    const recorded = await t.post(
      '/api/admin/account-receipts',
      { amount: 125000, currency: 'GBP', receivedOn: '2026-04-02', reference: 'BACS ONE PAYMENT TWO ORDERS' },
      { cookie: clerk.cookie },
    );
    const receiptId = (recorded.json() as { receipt: AccountReceipt }).receipt.id;
    const mailsBefore = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'payment_received'))).length;

    // More than the receipt holds: refused, nothing allocated.
    const tooMuch = await t.post(
      `/api/admin/account-receipts/${receiptId}/allocations`,
      {
        allocations: [
          { orderId: first.order.id, amount: 100000 },
          { orderId: second.order.id, amount: 50000 },
        ],
      },
      { cookie: clerk.cookie },
    );
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.body).toContain('That is more than is left to allocate of this receipt (£1,250.00).');

    const allocated = await t.post(
      `/api/admin/account-receipts/${receiptId}/allocations`,
      { allocations: [{ orderId: first.order.id, amount: 100000 }] },
      { cookie: clerk.cookie },
    );
    expect(allocated.statusCode, allocated.body).toBe(200);
    expect((allocated.json() as { receipt: AccountReceipt }).receipt).toMatchObject({
      allocated: 100000,
      unallocated: 25000,
    });

    const settled = await orderPage(first.order.id, clerk.cookie);
    expect(settled.paymentStatus).toBe('deposit_paid');
    expect(settled.balances?.find((balance) => balance.number === first.invoiceNumber)).toMatchObject({
      state: 'paid',
      outstanding: 0,
    });

    // The rest, £250.00, part-pays the second order's £500.00 deposit.
    const rest = await t.post(
      `/api/admin/account-receipts/${receiptId}/allocations`,
      { allocations: [{ orderId: second.order.id, amount: 25000 }] },
      { cookie: clerk.cookie },
    );
    expect(rest.statusCode, rest.body).toBe(200);
    expect((await orderPage(second.order.id, clerk.cookie)).outstandingAmount).toBe(75000);

    const answer = await register(clerk.cookie, '2026-04-01', '2026-04-30');
    expect(
      answer.items.map((row) => [
        row.kind,
        row.amount,
        row.unallocated,
        row.allocatedTo.map((entry) => entry.amount).sort(),
      ]),
    ).toEqual([['receipt', 125000, 0, [100000, 25000]]]);
    expect(answer.totals).toEqual([
      expect.objectContaining({ currency: 'GBP', receipts: 1, received: 125000, net: 125000, unallocated: 0 }),
    ]);
    // Each customer hears their payment was received, as for any receipt keyed against the order.
    expect((await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'payment_received'))).length).toBe(
      mailsBefore + 2,
    );

    // A euro order cannot take pounds.
    const euro = await depositInvoiced({ currency: 'EUR' });
    const gbp = await t.post(
      '/api/admin/account-receipts',
      { amount: 5000, currency: 'GBP', receivedOn: '2026-04-02', reference: 'GBP 50' },
      { cookie: clerk.cookie },
    );
    const wrong = await t.post(
      `/api/admin/account-receipts/${(gbp.json() as { receipt: AccountReceipt }).receipt.id}/allocations`,
      { allocations: [{ orderId: euro.order.id, amount: 5000 }] },
      { cookie: clerk.cookie },
    );
    expect(wrong.statusCode).toBe(409);
    expect(wrong.body).toContain('A receipt is allocated only to orders in its own currency.');
  });

  it('a voided receipt leaves every figure and e-mails nobody; the register shows who voided it, when and why', async () => {
    t.clock.now = new Date('2026-05-04T09:00:00.000Z');
    const guestEmail = 'wrong.order@example.de';
    const { order, admin } = await depositInvoiced({
      currency: 'EUR',
      totalAmount: 96000,
      depositAmount: 48000,
      configuration: { customerInfo: { firstName: 'Jürgen', email: guestEmail } },
    });
    const keyed = await t.post(
      `/api/admin/orders/${order.id}/payments`,
      {
        transactionType: 'deposit',
        amount: 20000,
        paymentMethod: 'bank_transfer',
        receivedAt: '2026-05-04',
        reference: 'SEPA WRONG ORDER',
      },
      { cookie: admin.cookie },
    );
    expect(keyed.statusCode, keyed.body).toBe(201);
    const paymentId = (keyed.json() as { order: AdminOrder }).order.payments[0]?.id;
    /** Every e-mail about the order (a refund notice, a payment notice, anything). */
    const aboutOrder = async () =>
      (await t.db.select().from(mailOutbox)).filter(
        (mail) => mail.subject.includes(order.orderNumber) || mail.textBody.includes(order.orderNumber),
      ).length;
    const mailsBefore = await aboutOrder();

    // Sales cannot, and Finance needs a fresh code.
    const sales = await createAdminSession(t, t.db, ['sales']);
    await sales.stepUp();
    const url = `/api/admin/orders/${order.id}/payments/${paymentId}/void`;
    expect((await t.post(url, { reason: 'Keyed against the wrong order' }, { cookie: sales.cookie })).statusCode).toBe(
      403,
    );
    const stale = await createAdminSession(t, t.db, ['finance']);
    expect((await t.post(url, { reason: 'Keyed against the wrong order' }, { cookie: stale.cookie })).statusCode).toBe(
      403,
    );
    const clerk = await finance();
    const noReason = await t.post(url, { reason: 'x' }, { cookie: clerk.cookie });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('Give the reason for voiding (at least 5 characters).');

    const voided = await t.post(url, { reason: 'Keyed against the wrong order' }, { cookie: clerk.cookie });
    expect(voided.statusCode, voided.body).toBe(200);
    const after = (voided.json() as { order: AdminOrder }).order;
    expect(after.paidAmount).toBe(0);
    expect(after.outstandingAmount).toBe(96000);
    expect(after.paymentStatus).toBe('pending');
    expect(after.payments[0]).toMatchObject({
      status: 'voided',
      voided: { reason: 'Keyed against the wrong order', by: expect.objectContaining({ email: clerk.user.email }) },
    });
    // No e-mail at all: no refund notice, nothing.
    expect(await aboutOrder()).toBe(mailsBefore);
    // Voiding twice, or refunding a voided receipt, is refused.
    expect((await t.post(url, { reason: 'Keyed against the wrong order' }, { cookie: clerk.cookie })).statusCode).toBe(
      409,
    );
    expect(
      (await t.post(`/api/admin/orders/${order.id}/payments/${paymentId}/refund`, {}, { cookie: clerk.cookie }))
        .statusCode,
    ).toBe(409);

    // The register: listed as voided with who, when and why; in no total.
    const answer = await register(clerk.cookie, '2026-05-01', '2026-05-31');
    expect(answer.items.map((row) => [row.kind, row.amount, row.voided?.reason, row.voided?.by])).toEqual([
      ['voided', 20000, 'Keyed against the wrong order', clerk.user.email],
    ]);
    expect(answer.totals).toEqual([
      expect.objectContaining({ currency: 'EUR', receipts: 0, received: 0, net: 0, voided: 1 }),
    ]);
    const csv = spreadsheet(
      (await t.get('/api/admin/payments.csv?from=2026-05-01&to=2026-05-31', { cookie: clerk.cookie })).rawPayload,
    );
    expect(csv[0]).toMatchObject({ Type: 'Voided receipt', Amount: '0' });
    expect(csv[0]?.Note).toContain(
      `Voided 200.00 EUR on 2026-05-04 by ${clerk.user.email}: Keyed against the wrong order`,
    );

    // Aged debt owes the whole deposit again; the customer's page and statement show no receipt.
    const aged = await t.get('/api/admin/receivables/aged-debt', { cookie: clerk.cookie });
    expect(aged.statusCode, aged.body).toBe(200);
    expect(aged.body).toContain(order.orderNumber);
    expect((await orderPage(order.id, clerk.cookie)).balances?.[0]).toMatchObject({
      outstanding: 48000,
      state: 'open',
    });

    const statement = await loadStatement(t.db, { kind: 'guest', email: guestEmail });
    expect(statement.entries.map((entry) => entry.kind)).toEqual(['invoice']);

    // The audit log: who voided which receipt, the money in euros.
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.payment_void'), eq(auditLog.entityId, order.id)));
    expect(entry?.adminEmail).toBe(clerk.user.email);
    // The log reads an entry's `currency` for its money (src/web/admin/audit/audit-changes.ts): €200.00 → €0.00.
    expect(entry?.before).toMatchObject({ currency: 'EUR', paid: 20000, payment: { amount: 20000 } });
    expect(entry?.after).toMatchObject({
      currency: 'EUR',
      paid: 0,
      payment: { status: 'voided', reason: 'Keyed against the wrong order' },
    });
  });

  it('a €480 payment reads "€0.00 → €480.00" in the audit log, not pounds', async () => {
    t.clock.now = new Date('2026-06-01T09:00:00.000Z');
    const { order, admin } = await depositInvoiced({ currency: 'EUR', totalAmount: 96000, depositAmount: 48000 });
    const paid = await t.post(
      `/api/admin/orders/${order.id}/payments`,
      { transactionType: 'deposit', amount: 48000, paymentMethod: 'bank_transfer', reference: 'SEPA 480' },
      { cookie: admin.cookie },
    );
    expect(paid.statusCode, paid.body).toBe(201);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.payment'), eq(auditLog.entityId, order.id)));
    // The log shows an entry's money in its `currency` (src/web/admin/audit/audit-changes.ts): €0.00 → €480.00.
    expect(entry?.before).toMatchObject({ currency: 'EUR', paidAmount: 0 });
    expect(entry?.after).toMatchObject({ currency: 'EUR', paidAmount: 48000 });
  });

  it('a voided receipt on account takes its allocations back with it', async () => {
    t.clock.now = new Date('2026-07-01T09:00:00.000Z');
    const { order } = await depositInvoiced();
    const clerk = await finance();
    const recorded = await t.post(
      '/api/admin/account-receipts',
      { amount: 240000, currency: 'GBP', receivedOn: '2026-07-01', reference: 'BACS TWICE' },
      { cookie: clerk.cookie },
    );
    const receiptId = (recorded.json() as { receipt: AccountReceipt }).receipt.id;
    await t.post(
      `/api/admin/account-receipts/${receiptId}/allocations`,
      { allocations: [{ orderId: order.id, amount: 240000 }] },
      { cookie: clerk.cookie },
    );
    expect((await orderPage(order.id, clerk.cookie)).paidAmount).toBe(240000);
    const voided = await t.post(
      `/api/admin/account-receipts/${receiptId}/void`,
      { reason: 'Keyed twice from the statement' },
      { cookie: clerk.cookie },
    );
    expect(voided.statusCode, voided.body).toBe(200);
    expect((voided.json() as { receipt: AccountReceipt }).receipt).toMatchObject({
      unallocated: 0,
      voided: { reason: 'Keyed twice from the statement', by: clerk.user.email },
    });
    expect((await orderPage(order.id, clerk.cookie)).paidAmount).toBe(0);
    const answer = await register(clerk.cookie, '2026-07-01', '2026-07-31');
    expect(answer.totals).toEqual([expect.objectContaining({ received: 0, net: 0, unallocated: 0, voided: 1 })]);
  });
});
