// @engine: row locks on e-invoices
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createUser } from '../../../tests/support/factories';
import { pdfText } from '../../../tests/support/pdf-text';
import { signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { enterMonthlyRates } from '../../../tests/support/exchange-rates';
import type { OrderResource } from '../../shared/order-flow';
import type { Invoice } from '../../shared/orders/invoice-schema';
import type { Order } from '../../shared/orders/order-schema';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import { einvoiceMessages } from './einvoices';

/**
 * The e-invoices beside each invoice's and credit note's PDF (issue 40): XRechnung refused without
 * the buyer reference (BT-10) and carrying it once given, the same readers as the PDF, and the CII
 * inside the PDF (Factur-X) equal to the CII download.
 */

const start = new Date('2026-11-20T09:00:00.000Z');

/** pdfdetach's list of the PDF's attachments, and the named one's bytes. */
function detach(pdf: Buffer, name: string): { list: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'facturx-'));
  const path = join(dir, 'invoice.pdf');
  writeFileSync(path, pdf);
  const list = execFileSync('pdfdetach', ['-list', path], { encoding: 'utf8' });
  const out = join(dir, name);
  execFileSync('pdfdetach', ['-savefile', name, '-o', out, path]);
  return { list, file: readFileSync(out, 'utf8') };
}

describe('e-invoice downloads', () => {
  const t = useTestApp({ now: start });
  // Issue 51: a euro invoice charging UK VAT is issued only with its month's HMRC rate.
  beforeAll(() => enterMonthlyRates(t.db));

  async function placeOrder(cookie: string, billing: Record<string, string> = {}) {
    const response = await t.post(
      '/api/orders',
      {
        configuration: { ...defaultSelection, batch: 'batch-2', customerCountry: 'DE', powerAdaptor: 'eu-power' },
        billing: {
          firstName: 'Erika',
          lastName: 'Mustermann',
          company: 'Universität Heidelberg',
          email: 'einkauf@example.com',
          phone: '',
          address: 'Im Neuenheimer Feld 234',
          city: 'Heidelberg',
          state: '',
          postalCode: '69120',
          country: 'DE',
          ...billing,
        },
        acceptTerms: true,
        notes: '',
        idempotencyKey: randomUUID(),
        // The buyer picks English over Germany's default German (issue 40): these checks read the English PDF.
        language: 'en',
      },
      { cookie },
    );
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { order: OrderResource }).order;
  }

  it('refuses an XRechnung while BT-10 is empty, with the reason; with a Leitweg-ID staff add, BT-10 is in the XML; another customer gets 404', async () => {
    const buyer = await createUser(t.db, { email: 'einkauf@example.com' });
    const cookie = await signIn(t, buyer.user.email);
    const order = await placeOrder(cookie);
    const admin = await createAdminSession(t);
    await admin.stepUp();
    const issued = await t.post(
      `/api/admin/orders/${order.id}/invoices`,
      { kind: 'deposit' },
      { cookie: admin.cookie },
    );
    expect(issued.statusCode, issued.body).toBe(201);
    const invoice = (issued.json() as { invoice: Invoice }).invoice;
    const url = (format: string) => `/api/orders/${order.id}/documents/${invoice.id}/einvoice/${format}`;

    // The order page lists the three e-invoices beside the invoice's PDF.
    const page = (await t.get(`/api/orders/${order.id}`, { cookie })).json() as { order: Order };
    const listed = page.order.documents.find((document) => document.id === invoice.id);
    expect(listed?.einvoices?.map((einvoice) => einvoice.url)).toEqual([url('xrechnung'), url('peppol'), url('cii')]);

    const refused = await t.get(url('xrechnung'), { cookie });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { message: einvoiceMessages.xrechnungNeedsBuyerReference } });

    const peppol = await t.get(url('peppol'), { cookie });
    expect(peppol.statusCode).toBe(200);
    expect(peppol.headers['content-type']).toContain('application/xml');
    expect(peppol.headers['content-disposition']).toBe(`attachment; filename="${invoice.number}-peppol.xml"`);
    expect(peppol.body).toContain(`<cbc:ID>${invoice.number}</cbc:ID>`);
    expect(peppol.body).not.toContain('<cbc:BuyerReference>');

    const set = await t.put(
      `/api/admin/orders/${order.id}/buyer-routing-reference`,
      { buyerRoutingReference: ' 04011000-1234512345-06 ' },
      { cookie: admin.cookie },
    );
    expect(set.statusCode, set.body).toBe(200);
    expect((set.json() as { order: Order }).order.buyerRoutingReference).toBe('04011000-1234512345-06');

    const xrechnung = await t.get(url('xrechnung'), { cookie });
    expect(xrechnung.statusCode, xrechnung.body).toBe(200);
    expect(xrechnung.body).toContain('<cbc:BuyerReference>04011000-1234512345-06</cbc:BuyerReference>');
    expect(xrechnung.body).toContain('urn:xeinkauf.de:kosit:xrechnung_3.0');

    // Another customer, and anyone without the order: 404, as for the PDF.
    const stranger = await createUser(t.db, { email: 'stranger@example.com' });
    const strangerCookie = await signIn(t, stranger.user.email);
    expect((await t.get(url('peppol'), { cookie: strangerCookie })).statusCode).toBe(404);
    expect((await t.get(url('xrechnung'), { cookie: strangerCookie })).statusCode).toBe(404);
    expect((await t.get(url('cii'))).statusCode).toBe(404);
    // Staff with orders.view read it from the admin.
    expect((await t.get(url('cii'), { cookie: admin.cookie })).statusCode).toBe(200);
  });

  it('a German public body gives its Leitweg-ID when ordering: it is the XRechnung BT-10 of its invoices', async () => {
    const buyer = await createUser(t.db, { email: 'uni@example.com' });
    const cookie = await signIn(t, buyer.user.email);
    const order = await placeOrder(cookie, { email: 'uni@example.com', buyerRoutingReference: '991-33333TEST-33' });
    const admin = await createAdminSession(t);
    await admin.stepUp();
    const issued = await t.post(
      `/api/admin/orders/${order.id}/invoices`,
      { kind: 'deposit' },
      { cookie: admin.cookie },
    );
    const invoice = (issued.json() as { invoice: Invoice }).invoice;
    const xrechnung = await t.get(`/api/orders/${order.id}/documents/${invoice.id}/einvoice/xrechnung`, { cookie });
    expect(xrechnung.statusCode, xrechnung.body).toBe(200);
    expect(xrechnung.body).toContain('<cbc:BuyerReference>991-33333TEST-33</cbc:BuyerReference>');
  });

  it('every invoice and credit-note PDF carries factur-x.xml, equal to the CII download, and reads as before', async () => {
    const buyer = await createUser(t.db, { email: 'factur-x@example.com' });
    const cookie = await signIn(t, buyer.user.email);
    const order = await placeOrder(cookie, { email: 'factur-x@example.com', poNumber: 'PO-77' });
    const admin = await createAdminSession(t);
    await admin.stepUp();
    const deposit = (
      (
        await t.post(`/api/admin/orders/${order.id}/invoices`, { kind: 'deposit' }, { cookie: admin.cookie })
      ).json() as {
        invoice: Invoice;
      }
    ).invoice;
    const credited = await t.post(
      `/api/admin/invoices/${deposit.id}/credit`,
      { amount: 10000 },
      { cookie: admin.cookie },
    );
    expect(credited.statusCode, credited.body).toBe(201);
    const credit = (credited.json() as { invoice: Invoice }).invoice;

    for (const document of [deposit, credit]) {
      const pdf = await t.get(`/api/orders/${order.id}/documents/${document.id}`, { cookie });
      expect(pdf.statusCode).toBe(200);
      const cii = await t.get(`/api/orders/${order.id}/documents/${document.id}/einvoice/cii`, { cookie });
      expect(cii.statusCode).toBe(200);
      const attached = detach(pdf.rawPayload, 'factur-x.xml');
      expect(attached.list).toContain('factur-x.xml');
      expect(attached.file).toBe(cii.body);
      expect(cii.body).toContain(`<ram:ID>${document.number}</ram:ID>`);
      expect(cii.body).toContain('<ram:BuyerReference>PO-77</ram:BuyerReference>');
      // The PDF a person reads: its number and amounts as ever.
      const text = pdfText(pdf.rawPayload);
      expect(text).toContain(document.kind === 'credit' ? 'CREDIT NOTE' : 'INVOICE');
      expect(text).toContain(document.number);
    }
  });
});
