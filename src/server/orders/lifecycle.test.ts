import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createOrder, createQuote, createUser } from '../../../tests/support/factories';
import { signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { auditLog, invoices, mailOutbox, orders, orderStatusHistory } from '../db/schema';
import { passingFactoryTests } from '../../../tests/support/factory-tests';

describe('the order lifecycle and its ledger (issue 28)', () => {
  const t = useTestApp({ now: new Date('2026-03-02T09:00:10.000Z') });
  const later = () => {
    t.clock.now = new Date(t.clock.now.getTime() + 1000);
  };
  const historyOf = (id: string) => t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id));
  const mailOf = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));

  it('refuses to ship an unpaid order (409 naming the status) unless an owner overrides with a reason; delivered follows shipped', async () => {
    const admin = await createAdminSession(t);
    const customer = await createUser(t.db, { email: `life-${Date.now()}@example.com` });
    const order = await createOrder(t.db, { userId: customer.user.id, totalAmount: 682000, depositAmount: 341000 });
    const url = `/api/admin/orders/${order.id}`;

    const early = await t.patch(url, { status: 'shipped' }, { cookie: admin.cookie });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatchObject({
      code: 'status_move_not_allowed',
      fields: { status: 'A pending order cannot become shipped. It can become: Confirmed, Cancelled.' },
    });
    later();
    expect((await t.patch(url, { status: 'confirmed' }, { cookie: admin.cookie })).statusCode).toBe(200);
    // Re-saving the same status: no history row, no second e-mail.
    later();
    const again = await t.patch(url, { status: 'confirmed', internalNotes: 'checked' }, { cookie: admin.cookie });
    expect(again.statusCode).toBe(200);
    expect((await historyOf(order.id)).filter((h) => h.newStatus === 'confirmed')).toHaveLength(1);
    expect((await mailOf(customer.user.email)).filter((m) => m.kind === 'order_confirmed')).toHaveLength(1);

    later();
    const unpaid = await t.patch(url, { status: 'shipped', trackingNumber: '1Z999' }, { cookie: admin.cookie });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().error).toMatchObject({
      code: 'balance_unpaid',
      fields: {
        status:
          'Shipping needs the balance paid: £6,820.00 is outstanding. An owner can ship it anyway with a recorded reason.',
      },
    });
    expect((await t.db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({
      status: 'confirmed',
      trackingNumber: null,
    });
    expect((await mailOf(customer.user.email)).some((m) => m.kind === 'order_shipped')).toBe(false);
    // Delivered only follows shipped.
    expect((await t.patch(url, { status: 'delivered' }, { cookie: admin.cookie })).statusCode).toBe(409);

    // The owner's override needs a fresh code and a reason; both are recorded.
    const noCode = await t.post(`${url}/ship-override`, { reason: 'Trusted lab' }, { cookie: admin.cookie });
    expect(noCode.statusCode).toBe(403);
    await admin.stepUp();
    expect((await t.post(`${url}/ship-override`, { reason: 'ok' }, { cookie: admin.cookie })).statusCode).toBe(400);
    later();
    const override = await t.post(
      `${url}/ship-override`,
      {
        reason: 'University lab, balance on delivery agreed by phone',
        trackingNumber: 'JD0123',
        carrier: 'dhl',
        serialNumbers: ['DW-LIFE-0001'],
        factoryTests: passingFactoryTests(1),
      },
      { cookie: admin.cookie },
    );
    expect(override.statusCode).toBe(200);
    expect(override.json().order.status).toBe('shipped');
    const shipped = (await historyOf(order.id)).find((h) => h.newStatus === 'shipped');
    expect(shipped?.notes).toContain('owner’s override'.replace('’', "'"));
    expect(shipped?.notes).toContain('University lab, balance on delivery agreed by phone');
    expect(shipped?.notes).toContain('£6,820.00 outstanding');
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'order.ship_override'));
    expect(audit?.after).toMatchObject({ overrideReason: 'University lab, balance on delivery agreed by phone' });
    const shippedMail = (await mailOf(customer.user.email)).find((m) => m.kind === 'order_shipped');
    expect(shippedMail?.textBody).toContain('Carrier: DHL Express');
    expect(shippedMail?.textBody).toContain('Tracking number: JD0123');
    expect(shippedMail?.textBody).toContain('https://www.dhl.com/gb-en/home/tracking.html?tracking-id=JD0123');

    later();
    expect((await t.patch(url, { status: 'processing' }, { cookie: admin.cookie })).statusCode).toBe(409);
    expect((await t.patch(url, { status: 'delivered' }, { cookie: admin.cookie })).statusCode).toBe(200);
    const delivered = (await mailOf(customer.user.email)).filter((m) => m.kind === 'order_delivered');
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.subject).toBe(`Your order ${order.orderNumber} has been delivered`);
    expect(delivered[0]?.textBody).toContain(`Your order ${order.orderNumber} has been delivered.`);
    expect(delivered[0]?.textBody).toContain(`/order-details/${order.id}`);
    expect(delivered[0]?.textBody).toContain('Questions? Write to ');
  });

  it('ships a paid order; a cancelled order takes no invoice and no payment; an invoiced order cannot be deleted', async () => {
    const admin = await createAdminSession(t);
    const order = await createOrder(t.db, { totalAmount: 100000, depositAmount: 50000, status: 'confirmed' });
    const url = `/api/admin/orders/${order.id}`;
    await admin.stepUp();
    for (const [transactionType, amount] of [
      ['deposit', 50000],
      ['balance', 50000],
    ] as const) {
      const paid = await t.post(
        `${url}/payments`,
        { transactionType, amount, paymentMethod: 'bank_transfer' },
        { cookie: admin.cookie },
      );
      expect(paid.statusCode).toBe(201);
    }
    const paidOrder = (await t.get(url, { cookie: admin.cookie })).json().order;
    expect(paidOrder.ledger).toMatchObject({ paid: 100000, outstanding: 0 });
    expect(paidOrder.outstandingAmount).toBe(0);
    expect(
      (
        await t.patch(
          url,
          { status: 'shipped', serialNumbers: ['DW-LIFE-0002'], factoryTests: passingFactoryTests(1) },
          { cookie: admin.cookie },
        )
      ).statusCode,
    ).toBe(200);

    const buyer = await createUser(t.db, { email: `cancel-due-${Date.now()}@example.com`, firstName: 'Grace' });
    const cancelled = await createOrder(t.db, { userId: buyer.user.id, totalAmount: 100000, depositAmount: 50000 });
    const invoiced = await t.post(
      `/api/admin/orders/${cancelled.id}/invoices`,
      { kind: 'deposit' },
      { cookie: admin.cookie },
    );
    expect(invoiced.statusCode).toBe(201);
    const refused = await t.delete(`/api/admin/orders/${cancelled.id}`, {}, { cookie: admin.cookie });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('order_has_ledger');
    expect(
      (await t.patch(`/api/admin/orders/${cancelled.id}`, { status: 'cancelled' }, { cookie: admin.cookie }))
        .statusCode,
    ).toBe(200);
    // The cancellation notice states what the ledger still holds due: the deposit invoiced and unpaid.
    const notice = (await mailOf(buyer.user.email)).filter((m) => m.kind === 'order_cancelled');
    expect(notice).toHaveLength(1);
    expect(notice[0]?.subject).toBe(`Your order ${cancelled.orderNumber} is cancelled`);
    expect(notice[0]?.textBody).toContain('Dear Grace,');
    expect(notice[0]?.textBody).toContain('£500.00 remains due under our terms of sale.');
    const balance = await t.post(
      `/api/admin/orders/${cancelled.id}/invoices`,
      { kind: 'balance' },
      { cookie: admin.cookie },
    );
    expect(balance.statusCode).toBe(409);
    expect(balance.json().error.code).toBe('order_cancelled');
    const payment = await t.post(
      `/api/admin/orders/${cancelled.id}/payments`,
      { transactionType: 'deposit', amount: 50000, paymentMethod: 'bank_transfer' },
      { cookie: admin.cookie },
    );
    expect(payment.statusCode).toBe(409);
    expect(payment.json().error.code).toBe('order_cancelled');
    // Cancelled is final.
    expect(
      (await t.patch(`/api/admin/orders/${cancelled.id}`, { status: 'confirmed' }, { cookie: admin.cookie }))
        .statusCode,
    ).toBe(409);
  });

  it('cancels with the 5% fee: credits 95% of the deposit (CN series), refunds it, and the order page, the customer and the dashboard agree', async () => {
    const admin = await createAdminSession(t);
    const customer = await createUser(t.db, { email: `cancel-${Date.now()}@example.com` });
    const order = await createOrder(t.db, {
      userId: customer.user.id,
      totalAmount: 514800,
      depositAmount: 257400,
      subtotalAmount: 429000,
      vatAmount: 85800,
      vatRate: 20,
    });
    const url = `/api/admin/orders/${order.id}`;
    later();
    expect((await t.patch(url, { status: 'confirmed' }, { cookie: admin.cookie })).statusCode).toBe(200);
    await admin.stepUp();
    const deposit = await t.post(`${url}/invoices`, { kind: 'deposit' }, { cookie: admin.cookie });
    expect(deposit.json().invoice).toMatchObject({ amount: 257400, vatAmount: 42900 });
    const paid = await t.post(
      `${url}/payments`,
      { transactionType: 'deposit', amount: 257400, paymentMethod: 'bank_transfer', reference: 'BACS 991' },
      { cookie: admin.cookie },
    );
    expect(paid.statusCode).toBe(201);
    const received = (await mailOf(customer.user.email)).find((m) => m.kind === 'payment_received');
    expect(received?.textBody).toContain('£2,574.00');
    expect(received?.textBody).toContain('Paid: £2,574.00.');
    expect(received?.textBody).toContain('Outstanding: £2,574.00.');

    later();
    expect(
      (await t.patch(url, { status: 'cancelled', acknowledgeHeld: 257400 }, { cookie: admin.cookie })).statusCode,
    ).toBe(200);
    const cancelledMail = (await mailOf(customer.user.email)).filter((m) => m.kind === 'order_cancelled');
    expect(cancelledMail).toHaveLength(1);
    expect(cancelledMail[0]?.subject).toBe(`Your order ${order.orderNumber} is cancelled`);
    expect(cancelledMail[0]?.textBody).toContain(`Your order ${order.orderNumber} has been cancelled.`);
    // The deposit held (£2,574.00) comes back less the terms' 5% fee (£128.70).
    expect(cancelledMail[0]?.textBody).toContain(
      'Your deposit of £2,574.00 will be refunded less the 5% cancellation fee of £128.70.',
    );
    expect(cancelledMail[0]?.textBody).not.toContain('Nothing is outstanding');
    expect(cancelledMail[0]?.textBody).toContain(`/order-details/${order.id}`);
    const credit = await t.post(
      `/api/admin/invoices/${deposit.json().invoice.id}/credit`,
      { amount: 244530, reason: 'Order cancelled; 5% cancellation fee kept' },
      { cookie: admin.cookie },
    );
    expect(credit.statusCode).toBe(201);
    expect(credit.json().invoice).toMatchObject({ kind: 'credit', amount: -244530, vatAmount: -40755 });
    expect(credit.json().invoice.number).toMatch(/^CN2026-\d{5}$/);
    expect(244530).toBe(Math.round(257400 * 0.95));

    const before = (await t.get(url, { cookie: admin.cookie })).json().order;
    expect(before.ledger).toMatchObject({ owed: 12870, paid: 257400, refundDue: 244530, outstanding: 0 });
    const paymentId = before.payments[0].id as string;
    const refund = await t.post(
      `${url}/payments/${paymentId}/refund`,
      { amount: 244530, refundedOn: '2026-03-03', method: 'bank_transfer', reference: 'RF-77', reason: 'Cancellation' },
      { cookie: admin.cookie },
    );
    expect(refund.statusCode).toBe(200);
    const after = refund.json().order;
    expect(after.ledger).toMatchObject({ owed: 12870, paid: 12870, refunded: 244530, refundDue: 0, outstanding: 0 });
    expect(after.outstandingAmount).toBe(0);
    expect(after.paymentStatus).toBe('refunded');
    expect(after.refunds[0]).toMatchObject({ amount: 244530, refundedOn: '2026-03-03', reference: 'RF-77' });
    // A second refund beyond what is left of the payment is refused.
    const tooMuch = await t.post(`${url}/payments/${paymentId}/refund`, { amount: 12871 }, { cookie: admin.cookie });
    expect(tooMuch.statusCode).toBe(409);

    // The signed-in customer: not "Pending Payment", nothing remaining, the confirmation still among the documents.
    const cookie = await signIn(t, customer.user.email);
    const own = (await t.get(`/api/account/orders/${order.id}`, { cookie })).json().order;
    expect(own.ledger.outstanding).toBe(0);
    expect(own.paymentStatus).toBe('refunded');
    expect(own.documents.map((d: { kind: string }) => d.kind)).toEqual([
      'acknowledgement',
      'confirmation',
      'deposit',
      'credit',
    ]);

    // The dashboard's outstanding total is the sum of every order's ledger outstanding.
    const listed = (await t.get('/api/admin/orders?pageSize=100', { cookie: admin.cookie })).json().items as {
      id: string;
    }[];
    let sum = 0;
    for (const item of listed)
      sum += (await t.get(`/api/admin/orders/${item.id}`, { cookie: admin.cookie })).json().order.ledger.outstanding;
    const dashboard = (await t.get('/api/admin/dashboard', { cookie: admin.cookie })).json();
    expect(dashboard.outstanding.amount.GBP ?? 0).toBe(sum);
    const rows = await t.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(rows.map((r) => r.number).sort()[0]).toMatch(/^CN/);
  });

  it('the customer’s history reads in their words ("Deposit of £3,410.00 received", "In production"); staff keep the raw rows', async () => {
    const admin = await createAdminSession(t);
    const customer = await createUser(t.db, { email: `words-${Date.now()}@example.com` });
    const order = await createOrder(t.db, { userId: customer.user.id, totalAmount: 682000, depositAmount: 341000 });
    const url = `/api/admin/orders/${order.id}`;
    later();
    expect((await t.patch(url, { status: 'confirmed' }, { cookie: admin.cookie })).statusCode).toBe(200);
    await admin.stepUp();
    const invoice = await t.post(`${url}/invoices`, { kind: 'deposit' }, { cookie: admin.cookie });
    expect(invoice.statusCode, invoice.body).toBe(201);
    later();
    const paid = await t.post(
      `${url}/payments`,
      { transactionType: 'deposit', amount: 341000, paymentMethod: 'bank_transfer', reference: 'UNICAM BACS 884512' },
      { cookie: admin.cookie },
    );
    expect(paid.statusCode, paid.body).toBe(201);
    later();
    expect((await t.patch(url, { status: 'processing' }, { cookie: admin.cookie })).statusCode).toBe(200);
    expect((await t.post(`${url}/comments`, { text: 'Chased goods-in' }, { cookie: admin.cookie })).statusCode).toBe(
      201,
    );

    const cookie = await signIn(t, customer.user.email);
    const own = (await t.get(`/api/account/orders/${order.id}`, { cookie })).json().order as {
      statusHistory: { notes: string; messageId?: string; values?: Record<string, string | number> }[];
    };
    // The factory's order was placed at the real time, after this test's clock: its row sorts last.
    expect(own.statusHistory.map((entry) => entry.notes)).toEqual([
      'Order confirmed',
      'Deposit of £3,410.00 received',
      'In production',
      'Order placed',
    ]);
    expect(JSON.stringify(own.statusHistory)).not.toMatch(/admin panel|UNICAM|bank transfer|Chased/i);
    // Issue 53: each row says it by id too, its amount in minor units, for the page's language.
    expect(own.statusHistory.map((entry) => [entry.messageId, entry.values])).toEqual([
      ['history.confirmed', undefined],
      ['history.depositReceived', { amount: 341000 }],
      ['history.processing', undefined],
      ['history.placed', undefined],
    ]);
    const staffNotes = ((await t.get(url, { cookie: admin.cookie })).json().order.statusHistory as { notes: string }[])
      .map((entry) => entry.notes)
      .join('\n');
    expect(staffNotes).toContain('Status updated via admin panel');
    expect(staffNotes).toContain('Deposit of £3,410.00 recorded (bank transfer, ref UNICAM BACS 884512)');
    expect(staffNotes).toContain('Chased goods-in');
  });

  it('keeps the buyer’s checkout note as written; staff write a message to the customer and staff-only comments', async () => {
    const admin = await createAdminSession(t);
    const customer = await createUser(t.db, { email: `note-${Date.now()}@example.com` });
    const order = await createOrder(t.db, { userId: customer.user.id, notes: 'goods-in, Mon-Thu' });
    const url = `/api/admin/orders/${order.id}`;
    const overwrite = await t.patch(url, { notes: 'Deposit received' }, { cookie: admin.cookie });
    expect(overwrite.statusCode).toBe(400);
    expect(overwrite.json().error.fields.notes).toContain('kept as written');
    const message = await t.patch(
      url,
      { notes: 'goods-in, Mon-Thu', customerMessage: 'Your instrument is in calibration.' },
      { cookie: admin.cookie },
    );
    expect(message.statusCode).toBe(200);
    expect(
      (await t.post(`${url}/comments`, { text: 'Customer prefers calls after 2pm' }, { cookie: admin.cookie }))
        .statusCode,
    ).toBe(201);
    const adminView = (await t.get(url, { cookie: admin.cookie })).json().order;
    expect(adminView.notes).toBe('goods-in, Mon-Thu');
    expect(adminView.statusHistory.find((h: { staffOnly: boolean }) => h.staffOnly)?.notes).toBe(
      'Customer prefers calls after 2pm',
    );
    const cookie = await signIn(t, customer.user.email);
    const own = (await t.get(`/api/account/orders/${order.id}`, { cookie })).json().order;
    expect(own).toMatchObject({ notes: 'goods-in, Mon-Thu', customerMessage: 'Your instrument is in calibration.' });
    expect(JSON.stringify(own.statusHistory)).not.toContain('calls after 2pm');
  });
});

describe('the dashboard’s quote-to-order rate (issue 28)', () => {
  const t = useTestApp({ now: new Date('2026-03-02T09:00:10.000Z') });

  it('counts the quotes buyers asked for, not the order flow’s own step', async () => {
    const admin = await createAdminSession(t);
    const rate = async () =>
      (await t.get('/api/admin/dashboard', { cookie: admin.cookie })).json().quoteToOrderRate90d as {
        quotes: number;
        converted: number;
      };
    const before = await rate();
    const real = await createQuote(t.db, { configuration: { flowType: 'quote' } });
    await createQuote(t.db, { configuration: { flowType: 'quote' } });
    const step = await createQuote(t.db, { configuration: { flowType: 'order' } });
    await createOrder(t.db, { quoteId: real.id });
    await createOrder(t.db, { quoteId: step.id });
    expect(await rate()).toMatchObject({ quotes: before.quotes + 2, converted: before.converted + 1 });
  });
});

describe('the orders search (issue 28)', () => {
  const t = useTestApp({ now: new Date('2026-03-02T09:00:10.000Z') });

  it('finds part of an e-mail or order number, a PO, a VAT number and the quote number', async () => {
    const admin = await createAdminSession(t);
    const quote = await createQuote(t.db, { quoteNumber: 'Q2026-48213' });
    const order = await createOrder(t.db, {
      orderNumber: 'O2026-000371',
      quoteId: quote.id,
      poNumber: 'PO-ZX-5521',
      vatNumber: 'GB987654321',
      configuration: { customerInfo: { email: 'tom.hughes@lab.example', firstName: 'Tom', lastName: 'Hughes' } },
    });
    await createOrder(t.db);
    for (const search of ['tom.hughes', '000371', 'zx-5521', '987654', '48213', 'tom.hughes@lab']) {
      const found = (
        await t.get(`/api/admin/orders?search=${encodeURIComponent(search)}`, { cookie: admin.cookie })
      ).json().items as { id: string }[];
      expect(
        found.map((item) => item.id),
        search,
      ).toEqual([order.id]);
    }
  });
  it('Processing refused without the deposit (409 with the reason); allowed with an Owner’s override and its reason, recorded', async () => {
    const admin = await createAdminSession(t);
    const order = await createOrder(t.db, { totalAmount: 682000, depositAmount: 341000, status: 'confirmed' });
    const url = `/api/admin/orders/${order.id}`;

    // No invoice and nothing paid: the order's deposit is due.
    const refused = await t.patch(url, { status: 'processing' }, { cookie: admin.cookie });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'deposit_unpaid',
      fields: {
        status:
          'Production needs the deposit paid: £3,410.00 of the deposit is outstanding. An owner can start it anyway with a recorded reason.',
      },
    });
    // A part-paid deposit invoice is still refused, naming what it still asks.
    await admin.stepUp();
    expect((await t.post(`${url}/invoices`, { kind: 'deposit' }, { cookie: admin.cookie })).statusCode).toBe(201);
    const part = await t.post(
      `${url}/payments`,
      { transactionType: 'deposit', amount: 100000, paymentMethod: 'bank_transfer' },
      { cookie: admin.cookie },
    );
    expect(part.statusCode, part.body).toBe(201);
    const partPaid = await t.patch(url, { status: 'processing' }, { cookie: admin.cookie });
    expect(partPaid.statusCode).toBe(409);
    expect(partPaid.json().error.message).toContain('£2,410.00 of the deposit is outstanding');
    expect((await t.db.select().from(orders).where(eq(orders.id, order.id)))[0]?.status).toBe('confirmed');

    // The owner's override needs a reason, and records it on the timeline and in the audit log.
    expect((await t.post(`${url}/processing-override`, { reason: 'ok' }, { cookie: admin.cookie })).statusCode).toBe(
      400,
    );
    t.clock.now = new Date(t.clock.now.getTime() + 1000);
    const override = await t.post(
      `${url}/processing-override`,
      { reason: 'Rest of the deposit cleared, bank confirmed by phone' },
      { cookie: admin.cookie },
    );
    expect(override.statusCode, override.body).toBe(200);
    expect(override.json().order.status).toBe('processing');
    const processing = (
      await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id))
    ).find((h) => h.newStatus === 'processing');
    expect(processing?.notes).toContain("owner's override: Rest of the deposit cleared, bank confirmed by phone");
    expect(processing?.notes).toContain('£2,410.00 of the deposit outstanding');
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'order.processing_override'));
    expect(audit?.entityId).toBe(order.id);
    expect(audit?.after).toMatchObject({
      status: 'processing',
      overrideReason: 'Rest of the deposit cleared, bank confirmed by phone',
    });

    // Sales may not override (orders.override is the owner's).
    const sales = await createAdminSession(t, t.db, ['sales']);
    const other = await createOrder(t.db, { totalAmount: 682000, depositAmount: 341000, status: 'confirmed' });
    await sales.stepUp();
    expect(
      (
        await t.post(
          `/api/admin/orders/${other.id}/processing-override`,
          { reason: 'Trusted customer' },
          { cookie: sales.cookie },
        )
      ).statusCode,
    ).toBe(403);

    // With the deposit paid the move needs no override.
    const paid = await createOrder(t.db, { totalAmount: 100000, depositAmount: 50000, status: 'confirmed' });
    expect(
      (
        await t.post(
          `/api/admin/orders/${paid.id}/payments`,
          { transactionType: 'deposit', amount: 50000, paymentMethod: 'bank_transfer' },
          { cookie: admin.cookie },
        )
      ).statusCode,
    ).toBe(201);
    expect(
      (await t.patch(`/api/admin/orders/${paid.id}`, { status: 'processing' }, { cookie: admin.cookie })).statusCode,
    ).toBe(200);
  });
});
