import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { useTestApp } from '../../../tests/support/test-app';
import type { Invoice } from '../../shared/orders/invoice-schema';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import { exchangeRates, invoices } from '../db/schema';

/** Issue 51: the money papers an inspector and an auditor read. */

const pdfText = (pdf: Buffer) => {
  const file = join(mkdtempSync(join(tmpdir(), 'money-papers-')), 'document.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};

const ukBilling = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  company: 'Engines Ltd',
  email: 'papers@example.com',
  phone: '',
  address: '12 St James Square',
  city: 'London',
  state: '',
  postalCode: 'SW1Y 4JH',
  country: 'GB',
};

describe('money papers (issue 51)', () => {
  const t = useTestApp({ now: new Date('2026-11-02T09:00:00.000Z') });

  /**
   * A UK company ordering for its German lab: goods zero-rated exports, the servicing plan at UK VAT, in
   * euros, which it chooses (decision 0085: billed in the UK, pounds by default).
   */
  async function placeGermanLabOrder() {
    const placed = await t.post('/api/orders', {
      currency: 'EUR',
      configuration: { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'DE', batch: 'batch-2' },
      billing: ukBilling,
      shipping: {
        firstName: 'Goods',
        lastName: 'Inwards',
        phone: '',
        address: 'Im Neuenheimer Feld 280',
        city: 'Heidelberg',
        state: '',
        postalCode: '69120',
        country: 'DE',
      },
      acceptTerms: true,
      notes: '',
      idempotencyKey: randomUUID(),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    return (placed.json() as { order: { id: string; currency: string; vatAmount: number } }).order;
  }

  const download = async (orderId: string, documentId: string, cookie: string) => {
    const response = await t.get(`/api/orders/${orderId}/documents/${documentId}`, { cookie });
    expect(response.statusCode, response.body).toBe(200);
    return pdfText(response.rawPayload);
  };

  it('a euro invoice with UK VAT states the VAT in sterling and the rate; none is issued while the month’s rate is missing', async () => {
    const admin = await createAdminSession(t);
    await admin.stepUp();
    const order = await placeGermanLabOrder();
    expect(order.currency).toBe('EUR');

    // November's rate is not entered: the invoice is refused, saying so, and no number is used up.
    const refused = await t.post(
      `/api/admin/orders/${order.id}/invoices`,
      { kind: 'deposit' },
      { cookie: admin.cookie },
    );
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe('exchange_rate_missing');
    expect(refused.json().error.message).toContain("HMRC's EUR rate for November 2026 is not entered yet");
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, order.id))).toEqual([]);

    await t.db.insert(exchangeRates).values({ month: '2026-11', currency: 'EUR', rate: 1.1512, source: 'manual' });
    const issued = await t.post(
      `/api/admin/orders/${order.id}/invoices`,
      { kind: 'deposit' },
      { cookie: admin.cookie },
    );
    expect(issued.statusCode, issued.body).toBe(201);
    const invoice = (issued.json() as { invoice: Invoice }).invoice;
    // Half the servicing's VAT: €126.99, which is £110.31 at €1.1512 to the pound.
    expect(invoice.vatAmount).toBe(12699);
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row?.gbpVatAmount).toBe(11031);
    const text = pdfText(row?.pdf ?? Buffer.alloc(0));
    expect(text).toContain('€126.99');
    expect(text.replace(/\s+/g, ' ')).toContain(
      'VAT in sterling: £110.31, at HMRC’s monthly exchange rate for November 2026 (£1 = 1.1512 EUR).',
    );

    // Its credit note states the credited VAT in sterling too.
    const credited = await t.post(
      `/api/admin/invoices/${invoice.id}/credit`,
      { reason: 'Wrong plan' },
      { cookie: admin.cookie },
    );
    expect(credited.statusCode, credited.body).toBe(201);
    const note = (credited.json() as { invoice: Invoice }).invoice;
    const [noteRow] = await t.db.select().from(invoices).where(eq(invoices.id, note.id));
    expect(noteRow?.gbpVatAmount).toBe(-11031);
    expect(pdfText(noteRow?.pdf ?? Buffer.alloc(0)).replace(/\s+/g, ' ')).toMatch(
      /VAT in sterling: [−-]£110\.31, at HMRC’s monthly exchange rate for November 2026 \(£1 = 1\.1512 EUR\)\./,
    );
  }, 60_000);

  it('a euro credit note charging UK VAT is not issued while its own month’s rate is missing', async () => {
    t.clock.now = new Date('2026-11-02T09:00:00.000Z');
    const admin = await createAdminSession(t);
    await admin.stepUp();
    const order = await placeGermanLabOrder();
    await t.db
      .insert(exchangeRates)
      .values({ month: '2026-11', currency: 'EUR', rate: 1.1512, source: 'manual' })
      .onConflictDoNothing();
    const issued = await t.post(
      `/api/admin/orders/${order.id}/invoices`,
      { kind: 'deposit' },
      { cookie: admin.cookie },
    );
    const invoice = (issued.json() as { invoice: Invoice }).invoice;
    // December: no rate yet.
    t.clock.now = new Date('2026-12-01T09:00:00.000Z');
    const clerk = await createAdminSession(t);
    await clerk.stepUp();
    const refused = await t.post(`/api/admin/invoices/${invoice.id}/credit`, {}, { cookie: clerk.cookie });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'exchange_rate_missing' });
    expect(refused.json().error.message).toContain('December 2026');
  }, 60_000);

  it('the confirmation’s “Confirmed” date stays the day the order was confirmed after a later payment', async () => {
    t.clock.now = new Date('2026-11-02T09:00:00.000Z');
    const admin = await createAdminSession(t);
    const placed = await t.post('/api/orders', {
      configuration: { ...defaultSelection, batch: 'batch-2' },
      billing: ukBilling,
      shipping: { ...ukBilling, company: '' },
      acceptTerms: true,
      notes: '',
      idempotencyKey: randomUUID(),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = (placed.json() as { order: { id: string; depositAmount: number } }).order;
    const confirmedOn = t.clock.now.toISOString();
    const confirmed = await t.patch(`/api/admin/orders/${order.id}`, { status: 'confirmed' }, { cookie: admin.cookie });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    t.clock.now = new Date('2026-12-07T10:00:00.000Z');
    const clerk = await createAdminSession(t);
    await clerk.stepUp();
    const paid = await t.post(
      `/api/admin/orders/${order.id}/payments`,
      { transactionType: 'deposit', amount: order.depositAmount, paymentMethod: 'bank_transfer' },
      { cookie: clerk.cookie },
    );
    expect(paid.statusCode, paid.body).toBe(201);

    const text = await download(order.id, 'confirmation', clerk.cookie);
    expect(text).toMatch(/Confirmed[^\n]*2 November 2026/);
    expect(text).not.toContain('7 December 2026');
    const page = (await t.get(`/api/admin/orders/${order.id}`, { cookie: clerk.cookie })).json() as {
      order: { documents: { kind: string; issuedAt: string }[] };
    };
    expect(page.order.documents.find((document) => document.kind === 'confirmation')?.issuedAt).toBe(confirmedOn);
  }, 60_000);

  it('the deposit and final invoices are titled “Deposit invoice” and “Final invoice”', async () => {
    t.clock.now = new Date('2026-11-02T09:00:00.000Z');
    const admin = await createAdminSession(t);
    await admin.stepUp();
    const placed = await t.post('/api/orders', {
      configuration: { ...defaultSelection, batch: 'batch-2' },
      billing: ukBilling,
      shipping: { ...ukBilling, company: '' },
      acceptTerms: true,
      notes: '',
      idempotencyKey: randomUUID(),
    });
    const order = (placed.json() as { order: { id: string; depositAmount: number } }).order;
    const issue = async (kind: 'deposit' | 'balance') => {
      const response = await t.post(`/api/admin/orders/${order.id}/invoices`, { kind }, { cookie: admin.cookie });
      expect(response.statusCode, response.body).toBe(201);
      const [row] = await t.db
        .select()
        .from(invoices)
        .where(eq(invoices.id, (response.json() as { invoice: Invoice }).invoice.id));
      return pdfText(row?.pdf ?? Buffer.alloc(0));
    };
    const deposit = await issue('deposit');
    expect(deposit).toContain('DEPOSIT INVOICE');
    await t.post(
      `/api/admin/orders/${order.id}/payments`,
      { transactionType: 'deposit', amount: order.depositAmount, paymentMethod: 'bank_transfer' },
      { cookie: admin.cookie },
    );
    const final = await issue('balance');
    expect(final).toContain('FINAL INVOICE');
    expect(final).not.toContain('DEPOSIT INVOICE');
  }, 60_000);
});
