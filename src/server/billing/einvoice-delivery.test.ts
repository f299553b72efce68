import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { enterMonthlyRates } from '../../../tests/support/exchange-rates';
import { createUser } from '../../../tests/support/factories';
import { pdfText } from '../../../tests/support/pdf-text';
import { signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import type { OrderResource } from '../../shared/order-flow';
import type { Invoice } from '../../shared/orders/invoice-schema';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import { mailOutbox } from '../db/schema';

/**
 * Issue 52: the e-invoice goes with the invoice (the XML its receiver chose beside the PDF, read from
 * the outbox), and a French public buyer's Chorus Pro references reach the Factur-X and the PDF.
 */

const start = new Date('2026-11-20T09:00:00.000Z');

describe('e-invoices with the invoice, and public buyers’ references', () => {
  const t = useTestApp({ now: start });
  // A euro invoice charging UK VAT states it in sterling at HMRC's rate for its month (issue 51).
  beforeAll(() => enterMonthlyRates(t.db));

  async function placeOrder(cookie: string, billing: Record<string, string>, customerCountry: string) {
    const response = await t.post(
      '/api/orders',
      {
        configuration: { ...defaultSelection, batch: 'batch-2', customerCountry, powerAdaptor: 'eu-power' },
        billing: { phone: '', state: '', ...billing },
        acceptTerms: true,
        notes: '',
        idempotencyKey: randomUUID(),
        language: 'en',
      },
      { cookie },
    );
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { order: OrderResource }).order;
  }

  const germanBody = {
    firstName: 'Erika',
    lastName: 'Mustermann',
    company: 'Universität Heidelberg',
    email: 'einkauf@example.com',
    address: 'Im Neuenheimer Feld 234',
    city: 'Heidelberg',
    postalCode: '69120',
    country: 'DE',
  };

  const mailsTo = async (to: string, kind: string) =>
    t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind)));
  const xmlOf = (contentBase64: string) => Buffer.from(contentBase64, 'base64').toString('utf8');

  it('an invoice e-mail to a buyer whose organisation chose XRechnung carries the XML; the buyer’s own choice of PDF wins for the credit note', async () => {
    const buyer = await createUser(t.db, { email: 'einkauf@example.com' });
    const cookie = await signIn(t, buyer.user.email);
    expect((await t.post('/api/account/organisation', { name: 'Universität Heidelberg' }, { cookie })).statusCode).toBe(
      201,
    );
    const chosen = await t.put(
      '/api/account/organisation/einvoice-delivery',
      { einvoiceDelivery: 'pdf_xrechnung' },
      { cookie },
    );
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().organisation.einvoiceDelivery).toBe('pdf_xrechnung');
    // A Leitweg-ID with a typing error is refused beside its field; the right one is kept.
    const typo = await t.post(
      '/api/orders',
      {
        configuration: { ...defaultSelection, batch: 'batch-2', customerCountry: 'DE', powerAdaptor: 'eu-power' },
        billing: { phone: '', state: '', ...germanBody, buyerRoutingReference: '04011000-1234512345-07' },
        acceptTerms: true,
        notes: '',
        idempotencyKey: randomUUID(),
      },
      { cookie },
    );
    expect(typo.statusCode).toBe(400);
    expect(typo.body).toContain('check digits');
    const order = await placeOrder(cookie, { ...germanBody, buyerRoutingReference: '04011000-1234512345-06' }, 'DE');

    const admin = await createAdminSession(t);
    await admin.stepUp();
    const issued = await t.post(
      `/api/admin/orders/${order.id}/invoices`,
      { kind: 'deposit' },
      { cookie: admin.cookie },
    );
    expect(issued.statusCode, issued.body).toBe(201);
    const invoice = (issued.json() as { invoice: Invoice }).invoice;

    const [mail] = await mailsTo(buyer.user.email, 'invoice_deposit');
    expect(mail?.attachments?.map((attachment) => attachment.filename)).toEqual([
      `${invoice.number}.pdf`,
      `${invoice.number}-xrechnung.xml`,
    ]);
    expect(mail?.textBody).toContain('The e-invoice (XRechnung) is attached beside the PDF');
    const attached = mail?.attachments?.[1];
    const xml = attached && 'contentBase64' in attached ? xmlOf(attached.contentBase64) : '';
    expect(attached?.contentType).toBe('application/xml');
    expect(xml).toContain('urn:xeinkauf.de:kosit:xrechnung_3.0');
    expect(xml).toContain('<cbc:BuyerReference>04011000-1234512345-06</cbc:BuyerReference>');
    expect(xml).toContain('<cbc:InvoiceTypeCode>386</cbc:InvoiceTypeCode>');
    // The XML is the download's, byte for byte.
    const download = await t.get(`/api/orders/${order.id}/documents/${invoice.id}/einvoice/xrechnung`, { cookie });
    expect(download.body).toBe(xml);
    // The Leitweg-ID is printed on the invoice's PDF.
    const pdf = await t.get(`/api/orders/${order.id}/documents/${invoice.id}`, { cookie });
    expect(pdfText(pdf.rawPayload)).toContain('04011000-1234512345-06');

    // The buyer's own choice (the PDF alone) wins over the organisation's.
    const profile = (await t.get('/api/account/profile', { cookie })).json().profile;
    const own = await t.put(
      '/api/account/profile',
      {
        firstName: profile.firstName,
        lastName: profile.lastName,
        phone: profile.phone,
        company: profile.company,
        country: profile.country,
        einvoiceDelivery: 'pdf',
      },
      { cookie },
    );
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().profile.einvoiceDelivery).toBe('pdf');
    const credited = await t.post(`/api/admin/invoices/${invoice.id}/credit`, {}, { cookie: admin.cookie });
    expect(credited.statusCode, credited.body).toBe(201);
    const [credit] = await mailsTo(buyer.user.email, 'invoice_credit');
    expect(credit?.attachments?.map((attachment) => attachment.filename)).toEqual([
      `${(credited.json() as { invoice: Invoice }).invoice.number}.pdf`,
    ]);
  });

  it('a French public buyer’s SIRET, service code and engagement number reach the Factur-X and the PDF', async () => {
    const buyer = await createUser(t.db, { email: 'achats@univ-lyon.example' });
    const cookie = await signIn(t, buyer.user.email);
    const french = {
      firstName: 'Camille',
      lastName: 'Martin',
      company: 'Université de Lyon',
      email: 'achats@univ-lyon.example',
      address: '92 rue Pasteur',
      city: 'Lyon',
      postalCode: '69007',
      country: 'FR',
    };
    const wrong = await t.post(
      '/api/orders',
      {
        configuration: { ...defaultSelection, batch: 'batch-2', customerCountry: 'FR', powerAdaptor: 'eu-power' },
        billing: { phone: '', state: '', ...french, publicBuyerSiret: '110 002 011 00045' },
        acceptTerms: true,
        notes: '',
        idempotencyKey: randomUUID(),
      },
      { cookie },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('SIRET');
    const order = await placeOrder(
      cookie,
      {
        ...french,
        publicBuyerSiret: '110 002 011 00044',
        publicBuyerServiceCode: 'SERVICE-ACHATS-42',
        publicBuyerEngagementNumber: 'EJ-2026-000731',
      },
      'FR',
    );
    const admin = await createAdminSession(t);
    await admin.stepUp();
    const issued = await t.post(
      `/api/admin/orders/${order.id}/invoices`,
      { kind: 'deposit' },
      { cookie: admin.cookie },
    );
    expect(issued.statusCode, issued.body).toBe(201);
    const invoice = (issued.json() as { invoice: Invoice }).invoice;

    const cii = (await t.get(`/api/orders/${order.id}/documents/${invoice.id}/einvoice/cii`, { cookie })).body;
    expect(cii).toMatch(/<ram:BuyerTradeParty>\s*<ram:GlobalID schemeID="0009">11000201100044<\/ram:GlobalID>/);
    expect(cii).toContain('<ram:ID schemeID="0009">11000201100044</ram:ID>');
    expect(cii).toContain('<ram:BuyerReference>SERVICE-ACHATS-42</ram:BuyerReference>');
    expect(cii).toMatch(
      /<ram:BuyerOrderReferencedDocument>\s*<ram:IssuerAssignedID>EJ-2026-000731<\/ram:IssuerAssignedID>/,
    );

    for (const documentId of [invoice.id, 'acknowledgement']) {
      const pdf = await t.get(`/api/orders/${order.id}/documents/${documentId}`, { cookie });
      expect(pdf.statusCode, `${documentId}: ${pdf.body.slice(0, 200)}`).toBe(200);
      const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
      expect(text).toContain('SIRET');
      expect(text).toContain('11000201100044');
      expect(text).toContain('SERVICE-ACHATS-42');
      expect(text).toContain('EJ-2026-000731');
    }
  });
});
