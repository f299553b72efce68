import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { realBank, realDetails } from '../../../tests/support/business-profile';
import { createUser, guestBilling } from '../../../tests/support/factories';
import { signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import type { OrderResource } from '../../shared/order-flow';
import type { Invoice } from '../../shared/orders/invoice-schema';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { invoices, mailOutbox } from '../db/schema';
import { renderQuoteDocument } from '../quotes/quote-document';
import { passingFactoryTests } from '../../../tests/support/factory-tests';

/** A PDF's text as one line of words (pdftotext wraps where the layout does). */
const pdfText = (pdf: Buffer) => {
  const file = join(mkdtempSync(join(tmpdir(), 'own-addresses-pdf-')), 'document.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
};

/** The .eml files the sender wrote (no SMTP server in tests), headers included. */
const emlFiles = (dataDir: string) => {
  const dir = join(dataDir, 'mail');
  return readdirSync(dir).map((name) => readFileSync(join(dir, name), 'utf8'));
};

const PUBLIC_URL = 'https://shop.fjordlight.test';
const start = new Date('2026-11-20T09:00:00.000Z');

/**
 * Issue 38: a shop whose business profile is filled in (its own mailboxes and site) sends no
 * e-mail and draws no document that names the example company's domain, and every document links
 * the deployment's own terms page.
 */
describe('the company’s own addresses on every document and e-mail', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'own-addresses-'));
  const t = useTestApp({ now: start, env: { PUBLIC_URL, DATA_DIR: dataDir } });

  it('quote, order, confirmation, invoices, payments, credit, shipping and account e-mails: no .example anywhere, the terms on PUBLIC_URL', async () => {
    const admin = await createAdminSession(t);
    expect((await t.put('/api/admin/business-profile', realDetails, { cookie: admin.cookie })).statusCode).toBe(200);
    await admin.stepUp();
    expect((await t.put('/api/admin/business-profile/bank', realBank, { cookie: admin.cookie })).statusCode).toBe(200);

    const email = `buyer-${randomUUID().slice(0, 6)}@lab.fjordlight-customer.test`;
    const { user } = await createUser(t.db, { email });
    const cookie = await signIn(t, user.email);

    // The quote (its PDF is drawn as its e-mail is sent).
    const quoted = await t.post(
      '/api/quotes',
      {
        configuration: defaultSelection,
        customerInfo: {
          email,
          firstName: 'Ada',
          lastName: 'Lovelace',
          organization: 'Analytical Engines',
          country: 'GB',
        },
        flowType: 'quote',
      },
      { cookie },
    );
    expect(quoted.statusCode, quoted.body).toBe(201);
    const quote = (quoted.json() as { quote: QuoteResource }).quote;

    // The order: acknowledgement to the buyer, the alert to the profile's staff alert address.
    const placed = await t.post(
      '/api/orders',
      {
        configuration: defaultSelection,
        billing: guestBilling(email),
        acceptTerms: true,
        idempotencyKey: randomUUID(),
        notes: '',
      },
      { cookie },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const order = (placed.json() as { order: OrderResource }).order;
    const alert = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'order_new_admin'));
    expect(alert.map((mail) => mail.toAddress)).toEqual([realDetails.mail.alertEmail]);

    // Confirmed, deposit invoiced and paid, balance invoiced and paid, a credit note, shipped.
    const orderUrl = `/api/admin/orders/${order.id}`;
    expect((await t.patch(orderUrl, { status: 'confirmed' }, { cookie: admin.cookie })).statusCode).toBe(200);
    await admin.stepUp();
    const deposit = await t.post(`${orderUrl}/invoices`, { kind: 'deposit' }, { cookie: admin.cookie });
    expect(deposit.statusCode, deposit.body).toBe(201);
    const depositInvoice = (deposit.json() as { invoice: Invoice }).invoice;
    const pay = (transactionType: string, amount: number) =>
      t.post(
        `${orderUrl}/payments`,
        { transactionType, amount, paymentMethod: 'bank_transfer', reference: 'FJ-1' },
        { cookie: admin.cookie },
      );
    const paidDeposit = await pay('deposit', depositInvoice.amount);
    expect(paidDeposit.statusCode, paidDeposit.body).toBe(201);
    const balance = await t.post(`${orderUrl}/invoices`, { kind: 'balance' }, { cookie: admin.cookie });
    expect(balance.statusCode, balance.body).toBe(201);
    const balanceInvoice = (balance.json() as { invoice: Invoice }).invoice;
    const credited = await t.post(
      `/api/admin/invoices/${balanceInvoice.id}/credit`,
      { amount: 1000, reason: 'Goodwill' },
      { cookie: admin.cookie },
    );
    expect(credited.statusCode, credited.body).toBe(201);
    const paidBalance = await pay('balance', balanceInvoice.amount - 1000);
    expect(paidBalance.statusCode, paidBalance.body).toBe(201);
    const shipped = await t.patch(
      orderUrl,
      {
        status: 'shipped',
        trackingNumber: '1Z999FJ',
        serialNumbers: ['DW-FJ-0001'],
        factoryTests: passingFactoryTests(1),
        estimatedDeliveryDate: '2026-12-01',
      },
      { cookie: admin.cookie },
    );
    expect(shipped.statusCode, shipped.body).toBe(200);
    const deliveryNote = await t.get(`${orderUrl}/packing-slip`, { cookie: admin.cookie });
    expect(deliveryNote.statusCode).toBe(200);

    // Account e-mails: a password reset and a new account's confirmation.
    expect((await t.post('/api/auth/recover', { email })).statusCode).toBe(200);
    const newcomer = `new-${randomUUID().slice(0, 6)}@lab.fjordlight-customer.test`;
    expect((await t.post('/api/auth/signup', { email: newcomer, password: 'correct-horse-1' })).statusCode).toBe(201);

    // Every PDF kind.
    const stored = await t.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    const outbox = await t.db.select().from(mailOutbox);
    const attachedPdf = (kind: string) => {
      const file = outbox.find((mail) => mail.kind === kind)?.attachments?.[0];
      return pdfText(Buffer.from(file && 'contentBase64' in file ? file.contentBase64 : '', 'base64'));
    };
    const pdfs: Record<string, string> = {
      quote: pdfText(
        await renderQuoteDocument(t.db, quote.reference, t.clock.now, { customerText: true, publicUrl: PUBLIC_URL }),
      ),
      acknowledgement: attachedPdf('order_received'),
      confirmation: attachedPdf('order_confirmed'),
      'delivery note': pdfText(deliveryNote.rawPayload),
      ...Object.fromEntries(
        stored.map((invoice) => [`${invoice.kind} invoice ${invoice.number}`, pdfText(invoice.pdf)]),
      ),
    };
    expect(
      Object.keys(pdfs)
        .filter((name) => name.includes('invoice'))
        .map((name) => name.split(' ')[0]),
    ).toEqual(expect.arrayContaining(['deposit', 'balance', 'credit']));
    for (const [name, text] of Object.entries(pdfs)) {
      expect(text, name).toContain(`${PUBLIC_URL}/terms-of-sale`);
      expect(text, name).not.toContain('.example');
      expect(text, name).not.toContain('dropwise-labs');
    }

    // Every e-mail the outbox holds, as queued and as sent (headers: From, Reply-To).
    const kinds = new Set(outbox.map((mail) => mail.kind));
    for (const kind of ['quote_created', 'order_received', 'order_new_admin', 'order_confirmed', 'order_shipped'])
      expect(kinds, kind).toContain(kind);
    expect(outbox.length).toBeGreaterThan(10);
    for (const mail of outbox) {
      const text = `${mail.toAddress}\n${mail.subject}\n${mail.textBody}\n${mail.htmlBody ?? ''}`;
      expect(text, mail.kind).not.toContain('.example');
      expect(text, mail.kind).not.toContain('dropwise-labs');
    }
    // In the PDFs' language (issue 38): UK dates, no ISO dates or timestamps, no raw status or method values.
    const raw =
      /\b\d{4}-\d{2}-\d{2}(?!\d)|\b(?:bank_transfer|deposit_paid|fully_paid|partially_paid|refund_due|in_production)\b/;
    const rawWords = outbox.flatMap((mail) =>
      `${mail.subject}\n${mail.textBody}\n${mail.htmlBody ?? ''}`
        .split('\n')
        .filter((line) => raw.test(line))
        .map((line) => `${mail.kind}: ${line.trim()}`),
    );
    expect(rawWords).toEqual([]);
    expect(outbox.find((mail) => mail.kind === 'order_shipped')?.textBody).toContain(
      'Estimated delivery: 1 December 2026',
    );
    expect(outbox.find((mail) => mail.kind === 'invoice_deposit')?.textBody).toMatch(
      /due by \d{1,2} [A-Z][a-z]+ 2026\./,
    );
    expect(outbox.find((mail) => mail.kind === 'bank_details_changed')?.textBody).toContain(
      'on 20 November 2026 at 09:00 GMT.',
    );
    expect(await t.deliverMail()).toBeGreaterThan(0);
    while ((await t.deliverMail()) > 0);
    const sent = emlFiles(dataDir);
    expect(sent.length).toBe(outbox.length);
    for (const eml of sent) {
      expect(eml).toMatch(/^From: Fjordlight <no-reply@fjordlight\.test>$/m);
      expect(eml).toMatch(/^Reply-To: sales@fjordlight\.test$/m);
      expect(eml).not.toContain('.example');
    }
  });
});

describe('the collection option', () => {
  const t = useTestApp({ now: start });

  it('names the profile’s town, and follows a profile change at once', async () => {
    const collection = async () =>
      (
        (await t.get('/api/products/dropwise')).json().product.shipping as {
          id: string;
          name: string;
          description: string;
        }[]
      ).find((option) => option.id === 'collection');
    expect(await collection()).toMatchObject({
      name: 'Collect from Lancaster',
      description: 'Collect from our Lancaster office by appointment.',
    });
    const admin = await createAdminSession(t);
    expect((await t.put('/api/admin/business-profile', realDetails, { cookie: admin.cookie })).statusCode).toBe(200);
    expect(await collection()).toMatchObject({
      name: 'Collect from Manchester',
      description: 'Collect from our Manchester office by appointment.',
    });
  });
});

describe('a deployment’s MAIL_FROM', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mail-from-'));
  const t = useTestApp({
    now: start,
    env: { DATA_DIR: dataDir, MAIL_FROM: 'Fjordlight Orders <orders@mail.fjordlight.test>' },
  });

  it('wins over the profile’s sender, and the checklist counts the sender as done', async () => {
    const { user } = await createUser(t.db, { email: 'reset-me@lab.fjordlight-customer.test' });
    expect((await t.post('/api/auth/recover', { email: user.email })).statusCode).toBe(200);
    expect(await t.deliverMail()).toBe(1);
    const [eml] = emlFiles(dataDir);
    expect(eml).toMatch(/^From: Fjordlight Orders <orders@mail\.fjordlight\.test>$/m);
    expect(eml).not.toContain('no-reply@dropwise-labs.example');

    const admin = await createAdminSession(t);
    const checklist = (await t.get('/api/admin/business-profile/checklist', { cookie: admin.cookie })).json()
      .checklist as { key: string; done: boolean }[];
    expect(checklist.find((item) => item.key === 'mailSender')?.done).toBe(true);
    // The example profile's alert address is still the example's.
    expect(checklist.find((item) => item.key === 'alertMailbox')?.done).toBe(false);
  });
});
