import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createUser, guestBilling } from '../../../tests/support/factories';
import { pdfText } from '../../../tests/support/pdf-text';
import { createInstrument, repairQuoteOfOwnInstrument } from '../../../tests/support/service-fixtures';
import { signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { exampleBusinessProfile } from '../../shared/business-profile';
import type { OrderPriceAnswer } from '../../shared/order-flow';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import type { AdminServiceRequest, ServiceRequest } from '../../shared/service-requests/service-contracts';
import { balanceSentence, depositSentence, repairTerms, terms } from '../../shared/terms';
import { invoices, mailOutbox, orders, quotes, serviceRequests } from '../db/schema';

const start = new Date('2026-03-02T09:00:00.000Z');
const flat = (text: string) => text.replace(/\s+/g, ' ');
const deposit = depositSentence({ depositPercent: 50, depositDueDays: 14 });

/** What the sale's terms say and a repair's papers must not (decision 0062). */
const saleSentences = [
  '50% deposit',
  'Deposit (50%)',
  deposit,
  balanceSentence,
  'before dispatch',
  'Production batch',
  'production starts',
  'before manufacture starts',
];
const expectNoSaleTerms = (text: string, where: string) => {
  for (const sentence of saleSentences) expect(flat(text), `${where}: ${sentence}`).not.toContain(sentence);
};

describe('an order made from a repair quote is paid in full (issue 41, decision 0062)', () => {
  const t = useTestApp({ now: start });

  /** An out-of-warranty instrument's request, its repair quote at £200 net, ordered by its signed-in owner. */
  async function orderedRepair() {
    const { user, cookie, admin, quote } = await repairQuoteOfOwnInstrument(t);
    expect(quote?.kind).toBe('repair');
    const reference = quote?.quoteReference ?? '';

    const priced = await t.post('/api/orders/price', {
      quoteReference: reference,
      billing: { country: 'GB', vatNumber: '' },
    });
    expect(priced.statusCode, priced.body).toBe(200);

    const placed = await t.post(
      '/api/orders',
      {
        quoteReference: reference,
        billing: guestBilling(user.email),
        notes: '',
        acceptTerms: true,
        idempotencyKey: randomUUID(),
      },
      { cookie },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const placedId = (placed.json() as { order: { id: string } }).order.id;
    const [order] = await t.db.select().from(orders).where(eq(orders.id, placedId));
    if (!order) throw new Error('no order');
    return { user, cookie, admin, order, price: priced.json() as OrderPriceAnswer };
  }

  const mailsOf = async (kind: string, to: string) =>
    (await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, kind))).filter((mail) => mail.toAddress === to);

  it('takes the whole total as its one invoice: no balance invoice, no batch, no place hold; the price step says so', async () => {
    const { user, cookie, admin, order, price } = await orderedRepair();
    // £200 net plus 20% UK VAT on a service.
    expect(order).toMatchObject({
      kind: 'repair',
      totalAmount: 24_000,
      depositAmount: 24_000,
      remainingAmount: 0,
      placesHeldUntil: null,
      placesTaken: 0,
    });
    expect(order.configuration?.batch ?? null).toBeNull();
    expect(price.kind).toBe('repair');
    expect(price.pricing.totals).toMatchObject({ total: 24_000, deposit: 24_000 });
    const customerView = (await t.get(`/api/account/orders/${order.id}`, { cookie })).json() as {
      order: { kind: string; depositAmount: number; remainingAmount: number };
    };
    expect(customerView.order).toMatchObject({ kind: 'repair', depositAmount: 24_000, remainingAmount: 0 });

    expect(
      (await t.patch(`/api/admin/orders/${order.id}`, { status: 'confirmed' }, { cookie: admin.cookie })).statusCode,
    ).toBe(200);
    const issued = await t.post(
      `/api/admin/orders/${order.id}/invoices`,
      { kind: 'deposit' },
      { cookie: admin.cookie },
    );
    expect(issued.statusCode, issued.body).toBe(201);
    const balance = await t.post(
      `/api/admin/orders/${order.id}/invoices`,
      { kind: 'balance' },
      { cookie: admin.cookie },
    );
    expect(balance.statusCode).toBe(409);
    expect(balance.json()).toMatchObject({ error: { code: 'paid_in_full_order' } });

    const written = await t.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(written.map((invoice) => ({ kind: invoice.kind, amount: invoice.amount }))).toEqual([
      { kind: 'deposit', amount: 24_000 },
    ]);
    const invoiceText = pdfText(written[0]?.pdf ?? Buffer.alloc(0));
    expect(flat(invoiceText)).toContain(`Payment in full of order ${order.orderNumber}`);
    expect(flat(invoiceText)).toContain(repairTerms.payment);
    expect(flat(invoiceText)).toContain(repairTerms.leadTime);
    expectNoSaleTerms(invoiceText, 'invoice PDF');

    const [invoiceMail] = await mailsOf('invoice_deposit', user.email);
    expect(invoiceMail?.textBody).toContain('for the payment in full of your order');
    expect(invoiceMail?.textBody).not.toContain('for the deposit');
  });

  it('its acknowledgement (e-mail and PDF) and written confirmation carry the repair terms and none of the sale’s', async () => {
    const { user, admin, order } = await orderedRepair();
    const [acknowledgement] = await mailsOf('order_received', user.email);
    const body = acknowledgement?.textBody ?? '';
    expect(body).toContain(repairTerms.payment);
    expect(body).toContain(repairTerms.leadTime);
    expect(body).toContain('Outstanding: £240.00 (payment in full, by invoice)');
    expectNoSaleTerms(body, 'acknowledgement e-mail');
    expect(body).not.toContain('Deposit due');

    const attached = acknowledgement?.attachments?.[0];
    expect(attached?.filename).toBe(`Order-acknowledgement-${order.orderNumber}.pdf`);
    const attachedText = pdfText(
      Buffer.from(attached && 'contentBase64' in attached ? attached.contentBase64 : '', 'base64'),
    );
    expect(flat(attachedText)).toContain(repairTerms.payment);
    expect(flat(attachedText)).toContain(repairTerms.leadTime);
    expectNoSaleTerms(attachedText, 'acknowledgement PDF');
    expect(flat(attachedText)).not.toContain(terms.cancellation);

    expect(
      (await t.patch(`/api/admin/orders/${order.id}`, { status: 'confirmed' }, { cookie: admin.cookie })).statusCode,
    ).toBe(200);
    const [confirmed] = await mailsOf('order_confirmed', user.email);
    expect(confirmed?.textBody).toContain(repairTerms.payment);
    expectNoSaleTerms(confirmed?.textBody ?? '', 'confirmation e-mail');
    const confirmation = await t.get(`/api/orders/${order.id}/documents/confirmation`, { cookie: admin.cookie });
    expect(confirmation.statusCode).toBe(200);
    const confirmationText = flat(pdfText(confirmation.rawPayload));
    expect(confirmationText).toContain('Payment in full of £240.00 due by');
    expect(confirmationText).toContain(repairTerms.leadTime);
    expectNoSaleTerms(confirmationText, 'confirmation PDF');
  });

  it('an instrument order is unchanged: a 50% deposit, the balance before dispatch and its batch', async () => {
    const { user } = await createUser(t.db);
    const cookie = await signIn(t, user.email);
    const placed = await t.post(
      '/api/orders',
      {
        configuration: defaultSelection,
        billing: guestBilling(user.email),
        notes: '',
        acceptTerms: true,
        idempotencyKey: randomUUID(),
      },
      { cookie },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const placedId = (placed.json() as { order: { id: string } }).order.id;
    const [order] = await t.db.select().from(orders).where(eq(orders.id, placedId));
    expect(order?.kind).toBe('instrument');
    expect(order?.depositAmount).toBe(Math.floor((order?.totalAmount ?? 0) / 2 + 0.5));
    expect(order?.remainingAmount).toBe((order?.totalAmount ?? 0) - (order?.depositAmount ?? 0));
    const [acknowledgement] = await mailsOf('order_received', user.email);
    expect(acknowledgement?.textBody).toContain(deposit);
    expect(acknowledgement?.textBody).toContain(balanceSentence);
    expect(acknowledgement?.textBody).toContain('Production batch: Batch 2');
    expect(acknowledgement?.textBody).not.toContain(repairTerms.payment);
  });

  it('a faulty instrument under warranty: acknowledged, declared clean, received, found not covered, quoted, paid in full, repaired and returned; every e-mail to the customer names support@, never sales@', async () => {
    const { user } = await createUser(t.db);
    const cookie = await signIn(t, user.email);
    const instrument = await createInstrument(t.db, { userId: user.id, warrantyEndsOn: '2027-06-01' });
    const opened = await t.post(
      '/api/service-requests',
      { serial: instrument.serialNumber, description: 'The housing cracked after a fall.' },
      { cookie },
    );
    expect(opened.statusCode, opened.body).toBe(201);
    const request = (opened.json() as { request: ServiceRequest }).request;
    expect(request.underWarranty).toBe(true);
    const declared = await t.post(
      `/api/service-requests/${request.requestNumber}/decontamination`,
      {
        substances: 'Aqueous buffers only',
        cleaningMethod: 'Flushed with 70% ethanol, then water',
        signatoryName: 'Ada Lovelace',
        signed: true,
        signedOn: '2026-03-02',
      },
      { cookie },
    );
    expect(declared.statusCode, declared.body).toBe(200);
    const [row] = await t.db
      .select()
      .from(serviceRequests)
      .where(eq(serviceRequests.requestNumber, request.requestNumber));
    const id = row?.id ?? '';
    const admin = await createAdminSession(t);
    await admin.stepUp();
    const step = async (path: string, body: Record<string, unknown>) => {
      const answer = await t.post(`/api/admin/service/${id}${path}`, body, { cookie: admin.cookie });
      expect(answer.statusCode, `${path} ${answer.body}`).toBe(200);
      return answer.json() as { request: AdminServiceRequest };
    };
    await step('/moves', { to: 'authorised', returnInstructions: 'Use the prepaid label.' });
    await step('/moves', { to: 'received' });
    await step('/not-covered', { reason: 'accidental_damage', note: 'Impact marks on the housing.' });
    const quoted = await step('/repair-quote', { description: 'New housing', netAmountMinor: 20_000 });
    const [quote] = await t.db
      .select()
      .from(quotes)
      .where(eq(quotes.quoteNumber, quoted.request.repairQuote?.quoteNumber ?? ''));

    const placed = await t.post(
      '/api/orders',
      {
        quoteReference: quote?.quoteReference,
        billing: guestBilling(user.email),
        notes: '',
        acceptTerms: true,
        idempotencyKey: randomUUID(),
      },
      { cookie },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = (placed.json() as { order: { id: string } }).order.id;
    expect(
      (await t.patch(`/api/admin/orders/${orderId}`, { status: 'confirmed' }, { cookie: admin.cookie })).statusCode,
    ).toBe(200);
    expect(
      (await t.post(`/api/admin/orders/${orderId}/invoices`, { kind: 'deposit' }, { cookie: admin.cookie })).statusCode,
    ).toBe(201);
    const paid = await t.post(
      `/api/admin/orders/${orderId}/payments`,
      { transactionType: 'deposit', amount: 24_000, paymentMethod: 'bank_transfer', reference: 'REPAIR' },
      { cookie: admin.cookie },
    );
    expect(paid.statusCode, paid.body).toBe(201);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.paymentStatus).toBe('fully_paid');
    await step('/moves', { to: 'repaired', note: 'New housing fitted and tested.' });
    await step('/moves', { to: 'returned', note: 'On its way back.' });

    const told = (await t.db.select().from(mailOutbox)).filter((mail) => mail.toAddress === user.email);
    expect(told.map((mail) => mail.kind)).toEqual(
      expect.arrayContaining([
        'service_acknowledgement',
        'service_authorised',
        'service_not_covered',
        'service_repair_quote',
        'order_received',
        'order_confirmed',
        'invoice_deposit',
        'payment_received',
        'service_returned',
      ]),
    );
    for (const mail of told) {
      expect(mail.textBody, mail.kind).toContain(`Questions? Write to ${exampleBusinessProfile.supportEmail}`);
      expect(mail.textBody, mail.kind).not.toContain(exampleBusinessProfile.salesEmail);
    }
    const customerView = (
      (await t.get(`/api/service-requests/${request.requestNumber}`, { cookie })).json() as { request: ServiceRequest }
    ).request;
    expect(customerView.status).toBe('returned');
  });
});
