// @engine: credit note numbers, the ledger in SQL
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createOrder, createUser } from '../../../tests/support/factories';
import { pdfText } from '../../../tests/support/pdf-text';
import { signIn } from '../../../tests/support/sessions';
import { type TestApp, useTestApp } from '../../../tests/support/test-app';
import type { OrderKind } from '../../shared/orders/order-kind';
import { CANCELLATION_FEE_PERCENT, repairTerms } from '../../shared/terms';
import { invoices, mailOutbox, orders } from '../db/schema';
import { collectPersonData } from '../privacy/data-export';

/**
 * Cancelling an order that holds money (issue 36): the admin is warned with the amount held, the
 * fee kept and the refund due; the server refuses a cancel that does not acknowledge the amount; the
 * payment status says a refund is due; the e-mail says what happens to the money; the credit note
 * names the fee; the refund is e-mailed. The fee is the terms' (5% of the deposit).
 */
describe('cancelling with money held (issue 36)', () => {
  const t = useTestApp({ now: new Date('2026-03-02T09:00:10.000Z') });
  const later = () => {
    t.clock.now = new Date(t.clock.now.getTime() + 1000);
  };
  const mailOf = (to: string, kind: string) =>
    t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, to))
      .then((rows) => rows.filter((row) => row.kind === kind));

  /** A confirmed order with its deposit invoice issued and `paid` recorded against it. */
  async function depositHeld(
    t: TestApp,
    options: {
      totalAmount: number;
      depositAmount: number;
      paid: number;
      currency?: string;
      email?: string | null;
      kind?: OrderKind;
    },
  ) {
    const admin = await createAdminSession(t);
    const buyer =
      options.email === null
        ? null
        : await createUser(t.db, { email: options.email ?? `held-${Date.now()}@example.com`, firstName: 'Rosalind' });
    const order = await createOrder(t.db, {
      userId: buyer?.user.id ?? null,
      totalAmount: options.totalAmount,
      depositAmount: options.depositAmount,
      currency: options.currency ?? 'GBP',
      status: 'confirmed',
      kind: options.kind ?? 'instrument',
    });
    const url = `/api/admin/orders/${order.id}`;
    await admin.stepUp();
    // A repair's one invoice is the ledger's first ('deposit') invoice, for the whole total (decision 0062).
    const deposit = await t.post(`${url}/invoices`, { kind: 'deposit' }, { cookie: admin.cookie });
    expect(deposit.statusCode, deposit.body).toBe(201);
    const paid = await t.post(
      `${url}/payments`,
      { transactionType: 'deposit', amount: options.paid, paymentMethod: 'bank_transfer', reference: 'BACS-1' },
      { cookie: admin.cookie },
    );
    expect(paid.statusCode, paid.body).toBe(201);
    return { admin, buyer, order, url, depositInvoice: deposit.json().invoice as { id: string; number: string } };
  }

  it('warns with the £1,731.00 held and refuses a cancel that does not acknowledge it (409 money_held); cancelled, it reads Refund due and the e-mail names the 5% fee of £86.55', async () => {
    // The fee is the terms' figure: 5% of the £1,731.00 deposit is £86.55.
    expect(CANCELLATION_FEE_PERCENT).toBe(5);
    const { admin, buyer, order, url } = await depositHeld(t, {
      totalAmount: 346200,
      depositAmount: 173100,
      paid: 173100,
    });
    const email = buyer?.user.email ?? '';
    const warning =
      'This order holds £1,731.00. Cancelling keeps the 5% cancellation fee of £86.55 and £1,644.45 is to be refunded.';

    // The order page carries the figures the admin's confirmation shows.
    const page = (await t.get(url, { cookie: admin.cookie })).json().order;
    expect(page.cancellation).toEqual({ held: 173100, deposit: 173100, feePercent: 5, fee: 8655, refund: 164445 });
    expect(page.balances).toMatchObject([{ kind: 'deposit', state: 'paid', outstanding: 0, overpaid: 0 }]);

    later();
    const blind = await t.patch(url, { status: 'cancelled' }, { cookie: admin.cookie });
    expect(blind.statusCode).toBe(409);
    expect(blind.json().error).toMatchObject({ code: 'money_held', message: warning, fields: { status: warning } });
    // A stale page that acknowledged another amount is refused alike.
    const stale = await t.patch(url, { status: 'cancelled', acknowledgeHeld: 100000 }, { cookie: admin.cookie });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('money_held');
    expect((await t.db.select().from(orders).where(eq(orders.id, order.id)))[0]?.status).toBe('confirmed');
    expect(await mailOf(email, 'order_cancelled')).toHaveLength(0);

    later();
    const cancelled = await t.patch(url, { status: 'cancelled', acknowledgeHeld: 173100 }, { cookie: admin.cookie });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // Not "Fully Paid": the money held is to go back (less the fee).
    expect(cancelled.json().order).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refund_due',
      cancellation: null,
    });
    const [mail] = await mailOf(email, 'order_cancelled');
    expect(mail?.textBody).toContain(
      'Your deposit of £1,731.00 will be refunded less the 5% cancellation fee of £86.55.',
    );
    expect(mail?.textBody).not.toContain('Nothing is outstanding');
  });

  it('credits the deposit keeping the fee: the credit note records £86.55 and its PDF names it; the order pages show it; the refund is e-mailed with what remains', async () => {
    const { admin, buyer, order, url, depositInvoice } = await depositHeld(t, {
      totalAmount: 346200,
      depositAmount: 173100,
      paid: 173100,
    });
    const email = buyer?.user.email ?? '';
    later();
    expect(
      (await t.patch(url, { status: 'cancelled', acknowledgeHeld: 173100 }, { cookie: admin.cookie })).statusCode,
    ).toBe(200);

    // An amount that is not the deposit less the fee is refused when keeping the fee.
    const mismatch = await t.post(
      `/api/admin/invoices/${depositInvoice.id}/credit`,
      { amount: 164400, keepCancellationFee: true },
      { cookie: admin.cookie },
    );
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json().error).toMatchObject({
      code: 'cancellation_fee_mismatch',
      fields: { amount: 'Keeping the cancellation fee, the credit is £1,644.45.' },
    });

    later();
    const credit = await t.post(
      `/api/admin/invoices/${depositInvoice.id}/credit`,
      { reason: 'Order cancelled; 5% cancellation fee kept', keepCancellationFee: true },
      { cookie: admin.cookie },
    );
    expect(credit.statusCode, credit.body).toBe(201);
    expect(credit.json().invoice).toMatchObject({ kind: 'credit', amount: -164445 });
    const [note] = await t.db.select().from(invoices).where(eq(invoices.id, credit.json().invoice.id));
    expect(note?.cancellationFee).toBe(8655);
    const text = pdfText(note?.pdf ?? Buffer.alloc(0));
    expect(text).toMatch(/Cancellation fee kept \(5%\) £86\.55/);
    expect(text).toContain(`corrects invoice ${depositInvoice.number}`);

    // The admin's order page: the fee, the refund due, and the deposit invoice overpaid by what is to go back.
    const admins = (await t.get(url, { cookie: admin.cookie })).json().order;
    expect(admins.ledger).toMatchObject({ paid: 173100, owed: 8655, refundDue: 164445, cancellationFee: 8655 });
    expect(admins.paymentStatus).toBe('refund_due');
    expect(admins.balances).toMatchObject([{ state: 'overpaid', net: 8655, overpaid: 164445 }]);
    expect(admins.documents.find((d: { kind: string }) => d.kind === 'credit')?.cancellationFee).toBe(8655);

    // The customer's order answer names the same fee.
    const cookie = await signIn(t, email);
    const own = (await t.get(`/api/account/orders/${order.id}`, { cookie })).json().order;
    expect(own.ledger).toMatchObject({ cancellationFee: 8655, refundDue: 164445, outstanding: 0 });

    // The refund: e-mailed in the same transaction with amount, date, method and what remains.
    later();
    const paymentId = admins.payments[0].id as string;
    const refund = await t.post(
      `${url}/payments/${paymentId}/refund`,
      { amount: 164445, refundedOn: '2026-03-03', method: 'bank_transfer', reference: 'RF-36' },
      { cookie: admin.cookie },
    );
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().order.paymentStatus).toBe('refunded');
    const [refundMail] = await mailOf(email, 'refund_made');
    expect(refundMail?.subject).toBe(`Refund for your order ${order.orderNumber}`);
    expect(refundMail?.textBody).toContain('Dear Rosalind,');
    expect(refundMail?.textBody).toContain(
      `We have refunded £1,644.45 to you for order ${order.orderNumber} on 3 March 2026, by bank transfer (reference RF-36).`,
    );
    expect(refundMail?.textBody).toContain('Paid: £86.55.');
    expect(refundMail?.textBody).toContain('Cancellation fee: £86.55.');
    expect(refundMail?.textBody).toContain('Nothing is outstanding on this order.');
  });

  it('instalments: €1,000 of a €1,725 deposit held, the fee is 5% of the deposit (€86.25) and €913.75 is to be refunded', async () => {
    const { admin, buyer, url } = await depositHeld(t, {
      totalAmount: 345000,
      depositAmount: 172500,
      paid: 100000,
      currency: 'EUR',
    });
    const page = (await t.get(url, { cookie: admin.cookie })).json().order;
    expect(page.balances).toMatchObject([{ kind: 'deposit', state: 'part_paid', outstanding: 72500 }]);
    const blind = await t.patch(url, { status: 'cancelled' }, { cookie: admin.cookie });
    expect(blind.json().error.message).toBe(
      'This order holds €1,000.00. Cancelling keeps the 5% cancellation fee of €86.25 and €913.75 is to be refunded.',
    );
    later();
    expect(
      (await t.patch(url, { status: 'cancelled', acknowledgeHeld: 100000 }, { cookie: admin.cookie })).statusCode,
    ).toBe(200);
    const [mail] = await mailOf(buyer?.user.email ?? '', 'order_cancelled');
    expect(mail?.textBody).toContain(
      'Your deposit of €1,000.00 will be refunded less the 5% cancellation fee of €86.25.',
    );
  });

  it('a paid repair order (paid in full, no deposit): warned of no fee, the e-mail says refunded in full under the repair terms, the credit note refunds the whole £240.00 with no fee line; keeping a fee is refused', async () => {
    const { admin, buyer, order, url, depositInvoice } = await depositHeld(t, {
      totalAmount: 24_000,
      depositAmount: 24_000,
      paid: 24_000,
      kind: 'repair',
    });
    const email = buyer?.user.email ?? '';
    const warning =
      'This order holds £240.00. Cancelling keeps no cancellation fee: £240.00 is to be refunded in full.';
    const page = (await t.get(url, { cookie: admin.cookie })).json().order;
    expect(page.cancellation).toEqual({ held: 24_000, deposit: 24_000, feePercent: 0, fee: 0, refund: 24_000 });
    const blind = await t.patch(url, { status: 'cancelled' }, { cookie: admin.cookie });
    expect(blind.statusCode).toBe(409);
    expect(blind.json().error).toMatchObject({ code: 'money_held', message: warning });

    later();
    const cancelled = await t.patch(url, { status: 'cancelled', acknowledgeHeld: 24_000 }, { cookie: admin.cookie });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [mail] = await mailOf(email, 'order_cancelled');
    expect(mail?.textBody).toContain('Your payment of £240.00 will be refunded in full.');
    expect(mail?.textBody).toContain(repairTerms.cancellation);
    expect(mail?.textBody).not.toContain('cancellation fee of');
    expect(mail?.textBody).not.toContain('deposit');

    // The sale's "keep the fee" does not apply to a repair.
    const keep = await t.post(
      `/api/admin/invoices/${depositInvoice.id}/credit`,
      { keepCancellationFee: true },
      { cookie: admin.cookie },
    );
    expect(keep.statusCode).toBe(409);
    expect(keep.json().error.code).toBe('no_cancellation_fee');

    later();
    const credit = await t.post(
      `/api/admin/invoices/${depositInvoice.id}/credit`,
      { reason: 'Repair cancelled before it started' },
      { cookie: admin.cookie },
    );
    expect(credit.statusCode, credit.body).toBe(201);
    expect(credit.json().invoice).toMatchObject({ kind: 'credit', amount: -24_000 });
    const [note] = await t.db.select().from(invoices).where(eq(invoices.id, credit.json().invoice.id));
    expect(note?.cancellationFee).toBe(0);
    const text = pdfText(note?.pdf ?? Buffer.alloc(0));
    expect(text).not.toMatch(/Cancellation fee/);
    expect(text).toContain(`corrects invoice ${depositInvoice.number}`);
    expect(text).toMatch(/-£240\.00|£-240\.00|−£240\.00/);
    const einvoice = JSON.stringify(note?.einvoice ?? {});
    expect(einvoice).not.toMatch(/[Cc]ancellation fee/);

    const admins = (await t.get(url, { cookie: admin.cookie })).json().order;
    expect(admins.ledger).toMatchObject({ paid: 24_000, owed: 0, refundDue: 24_000, cancellationFee: 0 });
    const cookie = await signIn(t, email);
    const own = (await t.get(`/api/account/orders/${order.id}`, { cookie })).json().order;
    expect(own.ledger).toMatchObject({ cancellationFee: 0, refundDue: 24_000 });
  });

  it('a sale cancelled alongside still keeps 5% of its deposit (the repair terms change nothing for it)', async () => {
    const { admin, url } = await depositHeld(t, { totalAmount: 100_000, depositAmount: 50_000, paid: 50_000 });
    const page = (await t.get(url, { cookie: admin.cookie })).json().order;
    expect(page.cancellation).toEqual({ held: 50_000, deposit: 50_000, feePercent: 5, fee: 2500, refund: 47_500 });
  });

  it('with nothing held cancels without acknowledgement and keeps the old wording; a refund on an order with no one to write to sends no mail', async () => {
    const admin = await createAdminSession(t);
    const buyer = await createUser(t.db, { email: `nothing-held-${Date.now()}@example.com` });
    const bare = await createOrder(t.db, { userId: buyer.user.id, status: 'confirmed' });
    const cancelled = await t.patch(`/api/admin/orders/${bare.id}`, { status: 'cancelled' }, { cookie: admin.cookie });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().order.paymentStatus).toBe('pending');
    const [mail] = await mailOf(buyer.user.email, 'order_cancelled');
    expect(mail?.textBody).toContain('Nothing is outstanding on this order.');

    // A guest order without an e-mail: the refund is recorded, nothing is queued.
    const guest = await depositHeld(t, { totalAmount: 100000, depositAmount: 50000, paid: 50000, email: null });
    const before = (await t.db.select().from(mailOutbox)).filter((row) => row.kind === 'refund_made').length;
    const paymentId = (await t.get(guest.url, { cookie: guest.admin.cookie })).json().order.payments[0].id as string;
    const refund = await t.post(
      `${guest.url}/payments/${paymentId}/refund`,
      { amount: 10000 },
      { cookie: guest.admin.cookie },
    );
    expect(refund.statusCode, refund.body).toBe(200);
    const after = (await t.db.select().from(mailOutbox)).filter((row) => row.kind === 'refund_made').length;
    expect(after).toBe(before);
  });
});

describe('one balance on every page (issue 36)', () => {
  const t = useTestApp({ now: new Date('2026-03-02T09:00:10.000Z') });

  it('overpayment: £2,200 against a £2,154 deposit reads deposit paid with £46.00 credit held; the customer answer and the data export give one outstanding figure, the ledger’s', async () => {
    const admin = await createAdminSession(t);
    const buyer = await createUser(t.db, { email: `one-balance-${Date.now()}@example.com` });
    const order = await createOrder(t.db, {
      userId: buyer.user.id,
      totalAmount: 430800,
      depositAmount: 215400,
      status: 'confirmed',
    });
    const url = `/api/admin/orders/${order.id}`;
    await admin.stepUp();
    expect((await t.post(`${url}/invoices`, { kind: 'deposit' }, { cookie: admin.cookie })).statusCode).toBe(201);
    const paid = await t.post(
      `${url}/payments`,
      { transactionType: 'deposit', amount: 220000, paymentMethod: 'bank_transfer' },
      { cookie: admin.cookie },
    );
    expect(paid.statusCode, paid.body).toBe(201);
    const admins = paid.json().order;
    expect(admins.balances).toMatchObject([{ kind: 'deposit', state: 'overpaid', overpaid: 4600, outstanding: 0 }]);
    expect(admins.ledger).toMatchObject({ creditHeld: 4600, depositOutstanding: 0, outstanding: 210800 });

    const cookie = await signIn(t, buyer.user.email);
    const own = (await t.get(`/api/account/orders/${order.id}`, { cookie })).json().order;
    expect(own.paymentStatus).toBe('deposit_paid');
    expect(own.ledger).toMatchObject({ paid: 220000, depositOutstanding: 0, creditHeld: 4600, outstanding: 210800 });

    // The e-mail of the payment names the same figures.
    const [received] = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, buyer.user.email))).filter(
      (row) => row.kind === 'payment_received',
    );
    expect(received?.textBody).toContain('Paid: £2,200.00.');
    expect(received?.textBody).toContain('Credit held: £46.00.');
    expect(received?.textBody).toContain('Outstanding: £2,108.00.');
    expect(received?.textBody).not.toContain('Deposit due');

    // The data export: the ledger's figures, no planned balance beside them.
    const { data } = await collectPersonData(
      t.db,
      { email: buyer.user.email, userId: buyer.user.id },
      t.clock.now,
      t.env.publicUrl,
    );
    const exported = (data.orders as unknown as Record<string, unknown>[]).find((row) => row.id === order.id);
    expect(exported).toBeDefined();
    expect(exported).not.toHaveProperty('remainingAmount');
    expect(exported?.ledger).toMatchObject({ depositDue: 0, paid: 220000, outstanding: 210800, creditHeld: 4600 });
    expect(JSON.stringify(exported)).not.toContain('"remainingAmount"');
  });
});
