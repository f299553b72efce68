import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { realDetails } from '../../../tests/support/business-profile';
import { createOrder, createUser, payInFull } from '../../../tests/support/factories';
import { pdfText } from '../../../tests/support/pdf-text';
import { signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { originStatement } from '../../shared/customs';
import { saveBusinessProfile } from '../business-profile/profile-service';
import { seedCatalogue } from '../catalogue/seed-catalogue';
import type { Db } from '../db/client';
import { invoices, orderItems } from '../db/schema';
import { passingFactoryTests } from '../../../tests/support/factory-tests';

/** A PDF's text in reading order (no layout): a wrapped cell reads as one run of words. */
const readingOrder = (pdf: Buffer) => {
  const file = join(mkdtempSync(join(tmpdir(), 'commercial-invoice-')), 'document.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
};

const start = new Date('2026-03-02T09:00:00.000Z');
const longCompany =
  'Universitätsklinikum Heidelberg Zentrum für Molekulare Biologie und Zellkulturlabor für Translationale Forschung GmbH';
const heidelberg = {
  street: 'Im Neuenheimer Feld 282',
  city: 'Heidelberg',
  state: null,
  postal_code: '69120',
  country: 'DE',
  name: 'Dr. Lena Vogt',
  company: longCompany,
  phone: null,
};
const lancaster = {
  ...heidelberg,
  street: '1 Bailrigg Lane',
  city: 'Lancaster',
  postal_code: 'LA1 4YW',
  country: 'GB',
};

/** The order's lines as checkout writes them: the instrument and its parts, syringes, shipping and a servicing plan. */
async function addLines(db: Db, orderId: string) {
  const line = (itemType: string, itemId: string, itemName: string, quantity: number, unitPrice: number) => ({
    orderId,
    itemType: itemType as 'accessory',
    itemId,
    itemName,
    quantity,
    unitPrice,
    totalPrice: unitPrice * quantity,
  });
  await db
    .insert(orderItems)
    .values([
      line('base_configuration', 'dropwise-standard', 'Dropwise Standard', 1, 334000),
      line('power_adaptor', 'eu-power', 'EU plug (Type C/F)', 1, 0),
      line('syringe_holder', '3ml-syringe-mount', '3 mL syringe mount', 1, 0),
      line('adaptor', 'luer-lock-adaptor', 'Luer-lock adaptor', 1, 4100),
      line('accessory', '10x-2ml-syringes', '10 x 2 mL sterile syringes', 2, 2100),
      line('shipping', 'fedex-priority', 'FedEx International Priority', 1, 11000),
      line('servicing', '3-year', '3-year servicing', 1, 126990),
    ]);
}

describe('customs papers for every EU delivery (issue 37)', () => {
  const t = useTestApp({ now: start });

  const saveProfile = () =>
    t.db.transaction((tx) => saveBusinessProfile(tx, { details: { ...realDetails, eoriNumber: 'GB123456789000' } }));

  it('a German lab’s order with a long company name: the commercial invoice holds every item customs needs, the origin statement word for word', async () => {
    await seedCatalogue(t.db);
    await saveProfile();
    const customer = await createUser(t.db);
    const order = await createOrder(t.db, {
      userId: customer.user.id,
      currency: 'EUR',
      totalAmount: 487290,
      status: 'shipped',
      vatNumber: 'DE811907980',
      poNumber: 'PO-2026-118',
      shippingAddress: heidelberg,
      billingAddress: heidelberg,
    });
    await addLines(t.db, order.id);
    await t.db.insert(invoices).values({
      orderId: order.id,
      orderNumber: order.orderNumber,
      kind: 'balance',
      number: 'INV2026-00042',
      amount: 243645,
      vatAmount: 0,
      currency: 'EUR',
      issuedAt: new Date('2026-02-20T10:00:00.000Z'),
      dueDate: '2026-03-06',
      pdf: Buffer.from('%PDF stored'),
      pdfSha256: 'stored',
    });
    const admin = await createAdminSession(t);

    const response = await t.get(`/api/admin/orders/${order.id}/commercial-invoice`, { cookie: admin.cookie });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Commercial-invoice-${order.orderNumber}.pdf"`,
    );
    const text = pdfText(response.rawPayload);
    const flat = text.replace(/\s+/g, ' ');
    expect(text).toContain('COMMERCIAL INVOICE');
    // Seller with its GB EORI; buyer with its VAT number, its EORI (not given at checkout) and the long name whole.
    expect(flat).toContain('Fjordlight Instruments Ltd');
    expect(flat).toContain('EORI number: GB123456789000');
    expect(flat).toContain('VAT number: GB123456789');
    // A long name wraps in its column: read in reading order, it is whole.
    expect(readingOrder(response.rawPayload)).toContain(longCompany);
    expect(flat).toContain('VAT number: DE811907980');
    expect(flat).toContain('EORI number: not given');
    // The invoice's number and date (the latest invoice), the Incoterm with the delivery town.
    expect(flat).toContain('Invoice number: INV2026-00042');
    expect(flat).toContain('Invoice date: 20 February 2026');
    expect(flat).toContain('Incoterm: DAP Heidelberg, Incoterms 2020');
    // Each goods line: description, commodity code, origin, quantity, net and gross weight, value in euros.
    // Issue 51: the instrument's net weight is the website's 1.5 kg.
    expect(text).toMatch(/Dropwise Standard\s+8479 89 97\s+United\s+1\s+1\.50 kg\s+3\.00 kg\s+€3,340\.00/);
    expect(text).toMatch(/10 x 2 mL sterile syringes\s+9018 31 10\s+Germany\s+2\s+180 g\s+300 g\s+€42\.00/);
    expect(text).toMatch(/Luer-lock adaptor\s+8479 90 70\s+United\s+1\s+30 g\s+60 g\s+€41\.00/);
    // Issue 51: the plug given at no charge has a value for customs, from the catalogue.
    expect(text).toMatch(
      /EU plug \(Type C\/F\): no charge, value(?: for)?\s+8544 42 90\s+China\s+1\s+150 g\s+200 g\s+€9\.50/,
    );
    expect(text).toMatch(/3 mL syringe mount: no charge, value\s+8479 90 70\s+United\s+1\s+50 g\s+80 g\s+€47\.00/);
    expect(flat).toContain('value for customs purposes only');
    expect(text).not.toMatch(/€0\.00/);
    expect(flat).toContain('Total goods 1.91 kg 3.64 kg €3,479.50');
    // Shipping is the freight to the named place; the servicing plan is a service, not goods.
    expect(flat).toContain('Freight and insurance to Heidelberg €110.00');
    expect(flat).toContain('Total invoice value €3,533.00');
    expect(flat).toContain('Goods at no charge (value for customs purposes only) €56.50');
    expect(flat).toContain('Total value for customs €3,589.50');
    expect(flat).not.toContain('€1,269.90');
    expect(flat).not.toContain('3-year servicing');
    expect(flat).toContain('Packages: 2 cartons (1 instrument carton, 1 accessories carton)');
    expect(flat).toContain('Total net weight: 1.91 kg. Total gross weight: 3.64 kg.');
    // The TCA statement on origin in its prescribed words, with the company's EORI as the exporter's reference,
    // and the goods not of UK origin clearly indicated.
    expect(flat).toContain(originStatement('GB123456789000'));
    expect(flat).toContain(
      'The exporter of the products covered by this document (Exporter Reference No GB123456789000) declares that, except where otherwise clearly indicated, these products are of United Kingdom preferential origin.',
    );
    expect(flat).toContain(
      'Not of United Kingdom preferential origin: EU plug (Type C/F); 10 x 2 mL sterile syringes.',
    );
    expect(flat).toContain('Zero-rated export');
    expect(flat).toContain('Signed: Ada Brightwater, Commercial Director, for Fjordlight Instruments Ltd');

    // The customer finds it among the order's documents, and downloads the same paper.
    const cookie = await signIn(t, customer.user.email);
    const page = (await t.get(`/api/orders/${order.id}`, { cookie })).json() as {
      order: { documents: { id: string; kind: string; url: string; number: string }[] };
    };
    const listed = page.order.documents.find((document) => document.kind === 'commercial_invoice');
    expect(listed).toMatchObject({
      number: 'INV2026-00042',
      url: `/api/orders/${order.id}/documents/commercial-invoice`,
    });
    const download = await t.get(listed?.url ?? '', { cookie });
    expect(download.statusCode).toBe(200);
    expect(pdfText(download.rawPayload).replace(/\s+/g, ' ')).toContain('Incoterm: DAP Heidelberg, Incoterms 2020');

    // Staff without orders.view may not print it.
    const catalogue = await createAdminSession(t, t.db, ['catalogue']);
    expect(
      (await t.get(`/api/admin/orders/${order.id}/commercial-invoice`, { cookie: catalogue.cookie })).statusCode,
    ).toBe(403);
  });

  it('before any invoice the order number and the day of printing stand in; staff print it at confirmation, the customer sees it once shipped', async () => {
    await seedCatalogue(t.db);
    await saveProfile();
    const customer = await createUser(t.db);
    const order = await createOrder(t.db, {
      userId: customer.user.id,
      currency: 'EUR',
      status: 'confirmed',
      shippingAddress: heidelberg,
      billingAddress: heidelberg,
    });
    await addLines(t.db, order.id);
    const admin = await createAdminSession(t);
    const response = await t.get(`/api/admin/orders/${order.id}/commercial-invoice`, { cookie: admin.cookie });
    expect(response.statusCode).toBe(200);
    const flat = pdfText(response.rawPayload).replace(/\s+/g, ' ');
    expect(flat).toContain(`Invoice number: ${order.orderNumber}`);
    expect(flat).toContain('Invoice date: 2 March 2026');
    expect(flat).toContain(originStatement('GB123456789000'));

    const cookie = await signIn(t, customer.user.email);
    const page = (await t.get(`/api/orders/${order.id}`, { cookie })).json() as {
      order: { documents: { kind: string }[] };
    };
    expect(page.order.documents.map((document) => document.kind)).not.toContain('commercial_invoice');
    expect((await t.get(`/api/orders/${order.id}/documents/commercial-invoice`, { cookie })).statusCode).toBe(404);
  });

  it('a UK delivery has no commercial invoice: 404 for staff, not among the customer’s documents, no proof of export', async () => {
    await seedCatalogue(t.db);
    const customer = await createUser(t.db);
    const order = await createOrder(t.db, {
      userId: customer.user.id,
      status: 'delivered',
      shippingAddress: lancaster,
      billingAddress: lancaster,
    });
    await addLines(t.db, order.id);
    const admin = await createAdminSession(t);
    expect((await t.get(`/api/admin/orders/${order.id}/commercial-invoice`, { cookie: admin.cookie })).statusCode).toBe(
      404,
    );
    const cookie = await signIn(t, customer.user.email);
    const page = (await t.get(`/api/orders/${order.id}`, { cookie })).json() as {
      order: { documents: { kind: string }[] };
    };
    expect(page.order.documents.map((document) => document.kind)).not.toContain('commercial_invoice');
    expect((await t.get(`/api/orders/${order.id}/documents/commercial-invoice`, { cookie })).statusCode).toBe(404);

    const detail = (await t.get(`/api/admin/orders/${order.id}`, { cookie: admin.cookie })).json();
    expect(detail.order.exportPapers).toBeNull();
    const refused = await t.put(
      `/api/admin/orders/${order.id}/export-proof`,
      { carrier: 'DHL', deliveryDate: '2026-03-01' },
      { cookie: admin.cookie },
    );
    expect(refused.statusCode).toBe(409);
    expect((await t.get('/api/admin/dashboard', { cookie: admin.cookie })).json().exportProofMissing).toEqual({
      count: 0,
    });
  });

  it('an EU order marked delivered without proof of export is flagged on the order and the dashboard, and not once the record is complete', async () => {
    await seedCatalogue(t.db);
    const order = await createOrder(t.db, {
      currency: 'EUR',
      totalAmount: 10000,
      status: 'processing',
      paymentStatus: 'fully_paid',
      shippingAddress: heidelberg,
      billingAddress: heidelberg,
    });
    await payInFull(t.db, order);
    const admin = await createAdminSession(t);
    const detail = async () => (await t.get(`/api/admin/orders/${order.id}`, { cookie: admin.cookie })).json().order;
    const dashboardCount = async () =>
      (await t.get('/api/admin/dashboard', { cookie: admin.cookie })).json().exportProofMissing.count as number;
    const listed = async () =>
      (
        (await t.get('/api/admin/orders?exportProof=missing', { cookie: admin.cookie })).json().items as {
          id: string;
        }[]
      ).map((row) => row.id);

    // A malformed MRN is refused at dispatch, naming the field.
    const badMrn = await t.patch(
      `/api/admin/orders/${order.id}`,
      {
        status: 'shipped',
        carrier: 'dhl',
        trackingNumber: 'JD014600006281',
        exportMrn: 'MRN-1',
        serialNumbers: ['DW-EXPORT-0001'],
        factoryTests: passingFactoryTests(1),
      },
      { cookie: admin.cookie },
    );
    expect(badMrn.statusCode).toBe(400);
    expect(badMrn.json().error.fields.exportMrn).toBe(
      'Enter the MRN as 18 letters and digits, for example 26GB1234567890ABC1',
    );

    // Dispatch: carrier, tracking number, the day and the MRN go on the record.
    const shipped = await t.patch(
      `/api/admin/orders/${order.id}`,
      {
        status: 'shipped',
        carrier: 'dhl',
        trackingNumber: 'JD014600006281',
        exportMrn: '26gb 1234567890abc1',
        serialNumbers: ['DW-EXPORT-0001'],
        factoryTests: passingFactoryTests(1),
      },
      { cookie: admin.cookie },
    );
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().order.exportPapers).toMatchObject({
      proof: {
        carrier: 'DHL Express',
        trackingNumber: 'JD014600006281',
        dispatchDate: '2026-03-02',
        exportMrn: '26GB1234567890ABC1',
        deliveryDate: null,
      },
      complete: false,
      missing: false,
    });
    expect(await dashboardCount()).toBe(0);

    // Marked delivered with no delivery date or proof of delivery: flagged on the order, counted and listed.
    const delivered = await t.patch(`/api/admin/orders/${order.id}`, { status: 'delivered' }, { cookie: admin.cookie });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect((await detail()).exportPapers).toMatchObject({ complete: false, missing: true });
    expect(await dashboardCount()).toBe(1);
    expect(await listed()).toEqual([order.id]);

    // A delivery before the dispatch is refused.
    const early = await t.put(
      `/api/admin/orders/${order.id}/export-proof`,
      { deliveryDate: '2026-03-01', proofReference: 'POD 7781' },
      { cookie: admin.cookie },
    );
    expect(early.statusCode).toBe(400);
    expect(early.json().error.fields.deliveryDate).toBe('The delivery date cannot be before the dispatch date');

    // Completed at delivery: no longer flagged, nor counted.
    const completed = await t.put(
      `/api/admin/orders/${order.id}/export-proof`,
      { deliveryDate: '2026-03-04', proofReference: 'POD 7781' },
      { cookie: admin.cookie },
    );
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json().order.exportPapers).toMatchObject({
      proof: { carrier: 'DHL Express', deliveryDate: '2026-03-04', proofReference: 'POD 7781' },
      complete: true,
      missing: false,
    });
    expect(await dashboardCount()).toBe(0);
    expect(await listed()).toEqual([]);

    const finance = await createAdminSession(t, t.db, ['finance']);
    expect(
      (await t.put(`/api/admin/orders/${order.id}/export-proof`, { carrier: 'UPS' }, { cookie: finance.cookie }))
        .statusCode,
    ).toBe(403);
  });

  it('F12: a malformed or impossible date in the proof of export is 400 beside its field, never a 500, and nothing is written', async () => {
    await seedCatalogue(t.db);
    const order = await createOrder(t.db, {
      currency: 'EUR',
      status: 'shipped',
      shippingAddress: heidelberg,
      billingAddress: heidelberg,
    });
    const admin = await createAdminSession(t);
    const cases: [string, string, string][] = [
      ['dispatchDate', '2026-13-01', 'There is no such day: enter a real calendar date as YYYY-MM-DD'],
      ['deliveryDate', '2026-00-10', 'There is no such day: enter a real calendar date as YYYY-MM-DD'],
      ['deliveryDate', '2026-02-30', 'There is no such day: enter a real calendar date as YYYY-MM-DD'],
      ['dispatchDate', '9999-99-99', 'There is no such day: enter a real calendar date as YYYY-MM-DD'],
      ['deliveryDate', 'not-a-date', 'Use a date as YYYY-MM-DD'],
    ];
    for (const [field, value, message] of cases) {
      const refused = await t.put(
        `/api/admin/orders/${order.id}/export-proof`,
        { carrier: 'DHL', [field]: value },
        { cookie: admin.cookie },
      );
      expect(refused.statusCode, `${field} ${value}: ${refused.body}`).toBe(400);
      expect(refused.json().error.fields[field]).toBe(message);
    }
    expect(
      (await t.get(`/api/admin/orders/${order.id}`, { cookie: admin.cookie })).json().order.exportPapers.proof,
    ).toBeNull();
  });
});
