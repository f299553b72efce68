import { createHash, randomUUID } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createUser, guestBilling } from '../../../tests/support/factories';
import { passingFactoryTest } from '../../../tests/support/factory-tests';
import { pdfText } from '../../../tests/support/pdf-text';
import { tinyPdf } from '../../../tests/support/model-documents';
import { signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { exampleBusinessProfile } from '../../shared/business-profile';
import type { Order } from '../../shared/orders/order-schema';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import {
  instruments,
  instrumentTestCertificates,
  instrumentTestRecords,
  orders,
  paymentTransactions,
  productConfigurations,
  sessions,
} from '../db/schema';
import { buildExportZip } from '../privacy/data-export';
import { updateSettings } from '../settings/settings-service';

const LONG_COMPANY = 'Universitätsklinikum Beispielstadt Institut für Klinische Chemie und Laboratoriumsmedizin gGmbH';

describe('the papers a regulated lab files with each instrument (issue 41)', () => {
  const t = useTestApp({ now: new Date('2026-03-02T09:00:00.000Z') });
  const later = () => {
    t.clock.now = new Date(t.clock.now.getTime() + 1000);
  };
  let admin: Awaited<ReturnType<typeof createAdminSession>>;
  const adminPatch = async (orderId: string, body: Record<string, unknown>) => {
    admin ??= await createAdminSession(t);
    later();
    return t.patch(`/api/admin/orders/${orderId}`, body, { cookie: admin.cookie });
  };

  /** An order placed through the API (a long company name, a PO number), confirmed and paid: ready to ship. */
  async function paidOrder(cookie: string | undefined, email: string) {
    const placed = await t.post(
      '/api/orders',
      {
        configuration: { ...defaultSelection },
        billing: { ...guestBilling(email), company: LONG_COMPANY, poNumber: 'PO-LAB-4471' },
        notes: '',
        acceptTerms: true,
        idempotencyKey: randomUUID(),
      },
      cookie ? { cookie } : {},
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const { order, accessKey } = placed.json() as { order: Order; accessKey?: string };
    expect((await adminPatch(order.id, { status: 'confirmed' })).statusCode).toBe(200);
    await t.db.insert(paymentTransactions).values({
      orderId: order.id,
      transactionType: 'balance',
      amount: order.totalAmount,
      currency: 'GBP',
      status: 'completed',
    });
    return { id: order.id, orderNumber: order.orderNumber, accessKey };
  }

  const statusOf = async (orderId: string) =>
    (await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]?.status;

  it('refuses to ship without a factory test, and with a failing one; with a passing one the certificate holds the serial, the results and the limits', async () => {
    const customer = await createUser(t.db, { email: 'lab.manager@example.com' });
    const cookie = await signIn(t, customer.user.email);
    await t.db
      .update(productConfigurations)
      .set({ softwareVersion: 'FW 2.4.1' })
      .where(eq(productConfigurations.configId, 'dropwise-standard'));
    const order = await paidOrder(cookie, customer.user.email);

    const without = await adminPatch(order.id, { status: 'shipped', serialNumbers: ['DW-QA-0001'] });
    expect(without.statusCode).toBe(400);
    expect(without.json().error).toMatchObject({
      code: 'factory_tests_required',
      fields: { factoryTests: 'Enter the factory test results of the instrument before shipping.' },
    });

    const missingTester = await adminPatch(order.id, {
      status: 'shipped',
      serialNumbers: ['DW-QA-0001'],
      factoryTests: [{ ...passingFactoryTest, testedBy: '  ' }],
    });
    expect(missingTester.statusCode).toBe(400);
    expect(missingTester.json().error.fields).toEqual({ 'factoryTests.0.testedBy': 'Enter the tester’s name.' });

    // Rate +2.5 % against the default ±2 %, and 9.8 mL against 10 mL ±1 % (9.9 to 10.1 mL).
    const failing = await adminPatch(order.id, {
      status: 'shipped',
      serialNumbers: ['DW-QA-0001'],
      factoryTests: [{ ...passingFactoryTest, rateAccuracyPercent: 2.5, volumeDeliveredMl: 9.8 }],
    });
    expect(failing.statusCode).toBe(409);
    expect(failing.json().error).toMatchObject({
      code: 'factory_test_failed',
      fields: {
        'factoryTests.0.rateAccuracyPercent':
          'Rate accuracy +2.5 % is outside ±2 %: this instrument fails its factory test and cannot be shipped.',
        'factoryTests.0.volumeDeliveredMl':
          'Volume delivered 9.8 mL is outside 9.9–10.1 mL: this instrument fails its factory test and cannot be shipped.',
      },
    });
    expect(await statusOf(order.id)).toBe('confirmed');
    expect(await t.db.select().from(instruments).where(eq(instruments.orderId, order.id))).toHaveLength(0);

    // The limits come from the settings: a 3 % rate limit lets +2.5 % pass.
    await updateSettings(t.db, { factoryTestRateLimitPercent: 3 });
    const shipped = await adminPatch(order.id, {
      status: 'shipped',
      serialNumbers: ['DW-QA-0001'],
      factoryTests: [{ ...passingFactoryTest, rateAccuracyPercent: 2.5 }],
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const [stored] = await t.db.select().from(instrumentTestCertificates);
    expect(stored).toMatchObject({
      rateAccuracyPercent: 2.5,
      volumeDeliveredMl: 10.03,
      rateLimitPercent: 3,
      nominalVolumeMl: 10,
      volumeLimitPercent: 1,
      passed: true,
      testedBy: 'Alex Tester',
      testedOn: '2026-02-27',
    });

    // The customer's order lists the certificate and the IQ/OQ protocol; no declaration before staff enter the legislation.
    const mine = (await t.get(`/api/orders/${order.id}`, { cookie })).json().order as Order;
    const papers = mine.documents.filter((document) => document.number === 'DW-QA-0001');
    expect(papers.map((paper) => paper.kind)).toEqual(['test_certificate', 'iq_oq_protocol']);
    const certificate = await t.get(papers[0]?.url ?? '', { cookie });
    expect(certificate.statusCode).toBe(200);
    expect(certificate.headers['content-type']).toBe('application/pdf');
    expect(certificate.headers['content-disposition']).toBe(
      'attachment; filename="Factory-test-certificate-DW-QA-0001.pdf"',
    );
    const text = pdfText(certificate.rawPayload);
    const flat = text.replace(/\s+/g, ' ');
    expect(text).toContain('FACTORY TEST CERTIFICATE');
    expect(flat).toContain('Serial number: DW-QA-0001');
    expect(flat).toContain('Model: Dropwise Standard');
    expect(flat).toContain('Test date: 27 February 2026');
    expect(text).toMatch(/Rate accuracy\s+\+2\.5 %\s+within ±3 % of the set rate\s+PASS/);
    expect(text).toMatch(/Volume delivered\s+10\.03 mL\s+9\.9 to 10\.1 mL \(10 mL ±1 %\)\s+PASS/);
    expect(text).toMatch(/Overall result\s+PASS/);
    expect(flat).toContain('Tested by: Alex Tester');
    expect(flat).toContain(`Signed for and on behalf of ${exampleBusinessProfile.legalName}`);
    expect(flat).toContain(`${exampleBusinessProfile.signatoryName}, ${exampleBusinessProfile.signatoryTitle}`);

    // Issue 51: no declaration of conformity exists yet, and no manual was uploaded: the IQ/OQ protocol
    // asks the lab to check only the certificate, never a paper that is not produced.
    const protocol = pdfText((await t.get(papers[1]?.url ?? '', { cookie })).rawPayload).replace(/\s+/g, ' ');
    expect(protocol).toContain('Factory test certificate present');
    expect(protocol).not.toContain('declaration of conformity');
    expect(protocol).not.toContain('user manual');
  });

  it('F10: uploading a test record needs the fresh code that changing the factory-test limits needs; nothing is stored without it', async () => {
    const order = await paidOrder(undefined, 'record.stale@example.com');
    admin ??= await createAdminSession(t);
    await t.db.update(sessions).set({ steppedUpAt: null }).where(eq(sessions.userId, admin.user.id));
    const upload = () =>
      t.post(
        `/api/admin/orders/${order.id}/test-records`,
        { filename: 'Final test.pdf', dataBase64: tinyPdf('Final test: PASS').toString('base64') },
        { cookie: admin.cookie },
      );
    const refused = await upload();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('step_up_required');
    expect(await t.db.select().from(instrumentTestRecords).where(eq(instrumentTestRecords.orderId, order.id))).toEqual(
      [],
    );
    await admin.stepUp();
    const stored = await upload();
    expect(stored.statusCode, stored.body).toBe(201);
    expect(
      await t.db.select().from(instrumentTestRecords).where(eq(instrumentTestRecords.orderId, order.id)),
    ).toHaveLength(1);
  });

  it("takes an uploaded test record (a PDF by its bytes) instead of typed results, and the certificate names it; staff download its exact bytes, the customer and an anonymous caller are refused, an unknown or another order's record is 404; without results or a record shipping stays refused", async () => {
    const customer = await createUser(t.db, { email: 'record.lab@example.com' });
    const cookie = await signIn(t, customer.user.email);
    const order = await paidOrder(cookie, customer.user.email);
    const other = await paidOrder(undefined, 'other.lab@example.com');
    admin ??= await createAdminSession(t);
    // Issue 48, F10: a test record stands in for the step-up-protected limits, so it needs the same code.
    await admin.stepUp();
    const upload = (orderId: string, filename: string, bytes: Buffer) =>
      t.post(
        `/api/admin/orders/${orderId}/test-records`,
        { filename, dataBase64: bytes.toString('base64') },
        { cookie: admin.cookie },
      );

    // A PNG named .pdf is read by its bytes and refused beside the file field.
    const png = await upload(order.id, 'record.pdf', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
    expect(png.statusCode).toBe(400);
    expect(png.json().error.fields).toEqual({ file: 'Upload a PDF file.' });
    const bytes = tinyPdf('Final test DW-REC-0001');
    const uploaded = await upload(order.id, 'Final test DW-REC-0001.pdf', bytes);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const record = uploaded.json().testRecord as { id: string; filename: string; sha256: string };
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    expect(record).toMatchObject({ filename: 'Final-test-DW-REC-0001.pdf', sha256 });
    const elsewhere = (await upload(other.id, 'other.pdf', tinyPdf('other'))).json().testRecord as { id: string };

    const ship = (factoryTests: unknown[]) =>
      adminPatch(order.id, { status: 'shipped', serialNumbers: ['DW-REC-0001'], factoryTests });
    const recordTest = { testRecordId: record.id, passed: true, testedBy: 'Alex Tester', testedOn: '2026-02-27' };
    // Neither results nor a record: refused as before.
    expect((await ship([])).json().error.code).toBe('factory_tests_required');
    expect((await ship([{ testedBy: 'Alex Tester', testedOn: '2026-02-27' }])).statusCode).toBe(400);
    // Another order's record, and a record without its verdict, are refused beside their fields.
    const foreign = await ship([{ ...recordTest, testRecordId: elsewhere.id }]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields).toEqual({
      'factoryTests.0.testRecordId': 'This test record was not uploaded for this order: upload it again.',
    });
    const { passed: _passed, ...noVerdict } = recordTest;
    expect((await ship([noVerdict])).json().error.fields).toEqual({
      'factoryTests.0.passed': 'Say whether the test record shows a pass.',
    });
    // A record that shows a fail: the instrument does not ship.
    const failed = await ship([{ ...recordTest, passed: false }]);
    expect(failed.statusCode).toBe(409);
    expect(failed.json().error).toMatchObject({ code: 'factory_test_failed' });
    expect(await statusOf(order.id)).toBe('confirmed');

    const shipped = await ship([recordTest]);
    expect(shipped.statusCode, shipped.body).toBe(200);
    const [stored] = await t.db
      .select()
      .from(instrumentTestCertificates)
      .where(eq(instrumentTestCertificates.testRecordId, record.id));
    expect(stored).toMatchObject({ rateAccuracyPercent: null, volumeDeliveredMl: null, passed: true });

    const mine = (await t.get(`/api/orders/${order.id}`, { cookie })).json().order as Order;
    const certificate = mine.documents.find(
      (document) => document.kind === 'test_certificate' && document.number === 'DW-REC-0001',
    );
    const text = pdfText((await t.get(certificate?.url ?? '', { cookie })).rawPayload);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Serial number: DW-REC-0001');
    expect(flat).toContain(`Test record: Final-test-DW-REC-0001.pdf (SHA-256 ${sha256}), uploaded 2 March 2026.`);
    expect(text).toMatch(/Rate accuracy\s+in test record\s+within ±\d+(\.\d+)? % of the set rate/);
    expect(text).toMatch(/Overall result\s+PASS/);
    expect(flat).toContain('Tested by: Alex Tester');

    // Staff download the record: the exact bytes uploaded, as a PDF attachment under its stored name,
    // linked from the order page beside the instrument it certifies.
    const adminView = (await t.get(`/api/admin/orders/${order.id}`, { cookie: admin.cookie })).json().order as {
      instruments: { id: string; serialNumber: string }[];
      testRecords: { id: string; url: string; filename: string; instrumentId: string | null }[];
    };
    const shippedInstrument = adminView.instruments.find((one) => one.serialNumber === 'DW-REC-0001');
    expect(adminView.testRecords).toEqual([
      {
        id: record.id,
        filename: 'Final-test-DW-REC-0001.pdf',
        size: bytes.length,
        sha256,
        url: `/api/admin/orders/${order.id}/test-records/${record.id}`,
        instrumentId: shippedInstrument?.id,
      },
    ]);
    const download = await t.get(adminView.testRecords[0]?.url ?? '', { cookie: admin.cookie });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe('attachment; filename="Final-test-DW-REC-0001.pdf"');
    expect(Buffer.compare(download.rawPayload, bytes)).toBe(0);
    // The bytes stay with staff: the customer who owns the order, and no one signed in, are refused.
    const asOwner = await t.get(`/api/admin/orders/${order.id}/test-records/${record.id}`, { cookie });
    expect([401, 403, 404]).toContain(asOwner.statusCode);
    expect(asOwner.rawPayload.includes(bytes)).toBe(false);
    const anonymous = await t.get(`/api/admin/orders/${order.id}/test-records/${record.id}`);
    expect(anonymous.statusCode).toBe(401);
    // An unknown id, and another order's record under this order, are 404.
    expect(
      (await t.get(`/api/admin/orders/${order.id}/test-records/${randomUUID()}`, { cookie: admin.cookie })).statusCode,
    ).toBe(404);
    expect(
      (await t.get(`/api/admin/orders/${order.id}/test-records/${elsewhere.id}`, { cookie: admin.cookie })).statusCode,
    ).toBe(404);

    // Typed results with their record: the certificate gives both.
    const both = (await upload(other.id, 'Results DW-REC-0002.pdf', tinyPdf('results'))).json().testRecord as {
      id: string;
    };
    const withResults = await adminPatch(other.id, {
      status: 'shipped',
      serialNumbers: ['DW-REC-0002'],
      factoryTests: [{ ...passingFactoryTest, testRecordId: both.id }],
    });
    expect(withResults.statusCode, withResults.body).toBe(200);
    const otherOrder = (await t.get(`/api/admin/orders/${other.id}`, { cookie: admin.cookie })).json().order as Order;
    const otherCertificate = otherOrder.documents.find((document) => document.kind === 'test_certificate');
    const otherText = pdfText((await t.get(otherCertificate?.url ?? '', { cookie: admin.cookie })).rawPayload);
    expect(otherText).toMatch(/Rate accuracy\s+-0\.4 %/);
    expect(otherText.replace(/\s+/g, ' ')).toContain('Test record: Results-DW-REC-0002.pdf');
  });

  it('issues the declaration of conformity and the IQ/OQ protocol with the serial and the PO number, for a customer with a long company name; another customer gets 404', async () => {
    await updateSettings(t.db, {
      conformityUkcaLegislation: ['Electromagnetic Compatibility Regulations 2016'],
      conformityCeLegislation: ['EMC Directive 2014/30/EU'],
      conformityStandards: ['EN 61326-1:2021', 'EN 61010-1:2010+A1:2019'],
    });
    const customer = await createUser(t.db, { email: 'qa.lead@example.com' });
    const cookie = await signIn(t, customer.user.email);
    const order = await paidOrder(cookie, customer.user.email);
    expect(
      (
        await adminPatch(order.id, {
          status: 'shipped',
          serialNumbers: ['DW-QA-0002'],
          factoryTests: [passingFactoryTest],
        })
      ).statusCode,
    ).toBe(200);
    expect((await adminPatch(order.id, { status: 'delivered' })).statusCode).toBe(200);

    // My Account's instruments list links each paper.
    const [instrument] = (await t.get('/api/account/instruments', { cookie })).json().instruments as {
      serialNumber: string;
      papers: { kind: string; url: string }[];
    }[];
    expect(instrument?.papers.map((paper) => paper.kind)).toEqual([
      'test_certificate',
      'declaration_of_conformity',
      'iq_oq_protocol',
    ]);
    const url = (kind: string) => instrument?.papers.find((paper) => paper.kind === kind)?.url ?? '';

    const declaration = await t.get(url('declaration_of_conformity'), { cookie });
    expect(declaration.statusCode).toBe(200);
    const declarationText = pdfText(declaration.rawPayload).replace(/\s+/g, ' ');
    expect(declarationText).toContain('DECLARATION OF CONFORMITY');
    expect(declarationText).toContain('Serial number: DW-QA-0002');
    expect(declarationText).toContain('PO number: PO-LAB-4471');
    expect(declarationText).toContain(exampleBusinessProfile.legalName);
    expect(declarationText).toContain('• Electromagnetic Compatibility Regulations 2016');
    expect(declarationText).toContain('• EMC Directive 2014/30/EU');
    expect(declarationText).toContain('• EN 61010-1:2010+A1:2019');
    expect(declarationText).toContain(`Signed for and on behalf of ${exampleBusinessProfile.legalName}`);

    const protocol = await t.get(url('iq_oq_protocol'), { cookie });
    expect(protocol.statusCode).toBe(200);
    const protocolText = pdfText(protocol.rawPayload).replace(/\s+/g, ' ');
    expect(protocolText).toContain('IQ/OQ PROTOCOL');
    expect(protocolText).toContain('Serial number: DW-QA-0002');
    expect(protocolText).toContain('PO number: PO-LAB-4471');
    expect(protocolText).toContain(`Order ${order.orderNumber}, PO PO-LAB-4471`);
    expect(protocolText).toContain('Delivery date: 2 March 2026');
    // Issue 51: the declaration exists now (its legislation is entered): the protocol names it.
    // (the check wraps in its column, beside "Present").
    expect(protocolText).toMatch(/Factory test certificate and declaration of (Present )?conformity present/);
    // The long company name is printed whole in the delivery address, wrapped in its column.
    expect(protocolText).toContain('Universitätsklinikum Beispielstadt Institut für');
    expect(protocolText).toContain('Klinische Chemie und Laboratoriumsmedizin gGmbH');
    for (const check of [
      'Power-on self-test',
      'Software version matches',
      'Rate accuracy check',
      'Volume check',
      'Installation environment',
    ])
      expect(protocolText).toContain(check);
    expect(protocolText).toContain('Approved by (name)');

    // Another customer (and an anonymous visitor) gets 404, so serials cannot be probed; staff may read it.
    const other = await createUser(t.db, { email: 'someone.else@example.com' });
    const otherCookie = await signIn(t, other.user.email);
    expect((await t.get(url('test_certificate'), { cookie: otherCookie })).statusCode).toBe(404);
    expect((await t.get(url('test_certificate'))).statusCode).toBe(404);
    expect((await t.get(url('test_certificate'), { cookie: admin.cookie })).statusCode).toBe(200);

    // Staff find them on the admin's instruments list too.
    const listed = await t.get('/api/admin/instruments?search=DW-QA-0002', { cookie: admin.cookie });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items[0].papers.map((paper: { url: string }) => paper.url)).toEqual([
      url('test_certificate'),
      url('declaration_of_conformity'),
      url('iq_oq_protocol'),
    ]);

    // The data export holds the three papers.
    const files = unzipSync(
      new Uint8Array(
        await buildExportZip(
          t.db,
          { email: customer.user.email, userId: customer.user.id },
          t.clock.now,
          t.env.publicUrl,
        ),
      ),
    );
    for (const name of ['Factory-test-certificate', 'Declaration-of-conformity', 'IQ-OQ-protocol'])
      expect(pdfText(files[`documents/${name}-DW-QA-0002.pdf`] ?? new Uint8Array())).toContain('DW-QA-0002');
    expect(strFromU8(files['README.txt'] ?? new Uint8Array())).toContain('declaration of conformity');
  });

  it('the guest order page lists the papers with its key; without the key they are 404', async () => {
    const order = await paidOrder(undefined, 'guest.lab@example.com');
    expect(
      (
        await adminPatch(order.id, {
          status: 'shipped',
          serialNumbers: ['DW-QA-GUEST'],
          factoryTests: [passingFactoryTest],
        })
      ).statusCode,
    ).toBe(200);
    const page = await t.get(`/api/orders/${order.id}?key=${order.accessKey}`);
    const documents = (page.json().order as Order).documents.filter((document) => document.number === 'DW-QA-GUEST');
    expect(documents.map((document) => document.kind)).toContain('test_certificate');
    const certificate = documents.find((document) => document.kind === 'test_certificate');
    const served = await t.get(certificate?.url ?? '');
    expect(served.statusCode).toBe(200);
    expect(pdfText(served.rawPayload)).toContain('DW-QA-GUEST');
    expect((await t.get(certificate?.url.split('?')[0] ?? '')).statusCode).toBe(404);
  });

  it('changing a factory-test acceptance limit needs step-up (403 step_up_required, nothing saved); other settings do not', async () => {
    const owner = await createAdminSession(t);
    const current = (await t.get('/api/admin/settings', { cookie: owner.cookie })).json().settings;
    for (const [key, value] of [
      ['factoryTestRateLimitPercent', 5],
      ['factoryTestNominalVolumeMl', 20],
      ['factoryTestVolumeLimitPercent', 10],
    ] as const) {
      const stale = await t.put('/api/admin/settings', { ...current, [key]: value }, { cookie: owner.cookie });
      expect(stale.statusCode, key).toBe(403);
      expect(stale.json(), key).toMatchObject({ error: { code: 'step_up_required' } });
    }
    const after = (await t.get('/api/admin/settings', { cookie: owner.cookie })).json().settings;
    expect(after).toMatchObject({
      factoryTestRateLimitPercent: current.factoryTestRateLimitPercent,
      factoryTestNominalVolumeMl: current.factoryTestNominalVolumeMl,
      factoryTestVolumeLimitPercent: current.factoryTestVolumeLimitPercent,
    });
    // Sending the limits unchanged with another edit asks for nothing.
    const unchanged = await t.put(
      '/api/admin/settings',
      { ...current, siteName: 'Dropwise Labs' },
      { cookie: owner.cookie },
    );
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    await owner.stepUp();
    const stepped = await t.put(
      '/api/admin/settings',
      { ...current, siteName: 'Dropwise Labs', factoryTestRateLimitPercent: 2.5 },
      { cookie: owner.cookie },
    );
    expect(stepped.statusCode, stepped.body).toBe(200);
    expect(stepped.json().settings.factoryTestRateLimitPercent).toBe(2.5);
    await t.put('/api/admin/settings', current, { cookie: owner.cookie });
  });

  it('staff set the test limits and the conformity lists in System Settings; a limit of 0 is refused beside its field', async () => {
    const owner = await createAdminSession(t);
    await owner.stepUp();
    const current = (await t.get('/api/admin/settings', { cookie: owner.cookie })).json().settings;
    const refused = await t.put(
      '/api/admin/settings',
      { ...current, factoryTestRateLimitPercent: 0 },
      { cookie: owner.cookie },
    );
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().error.fields)).toEqual(['factoryTestRateLimitPercent']);
    const saved = await t.put(
      '/api/admin/settings',
      {
        ...current,
        factoryTestRateLimitPercent: 1.5,
        factoryTestNominalVolumeMl: 5,
        factoryTestVolumeLimitPercent: 2,
        conformityUkcaLegislation: ['Supply of Machinery (Safety) Regulations 2008'],
        conformityCeLegislation: ['Machinery Directive 2006/42/EC'],
        conformityStandards: ['EN 61010-1:2010+A1:2019'],
      },
      { cookie: owner.cookie },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings).toMatchObject({
      factoryTestRateLimitPercent: 1.5,
      factoryTestNominalVolumeMl: 5,
      factoryTestVolumeLimitPercent: 2,
      conformityUkcaLegislation: ['Supply of Machinery (Safety) Regulations 2008'],
      conformityCeLegislation: ['Machinery Directive 2006/42/EC'],
      conformityStandards: ['EN 61010-1:2010+A1:2019'],
    });
    const order = await t.get(`/api/admin/orders/${(await paidOrder(undefined, 'limits@example.com')).id}`, {
      cookie: owner.cookie,
    });
    expect(order.json().factoryTestLimits).toEqual({
      rateLimitPercent: 1.5,
      nominalVolumeMl: 5,
      volumeLimitPercent: 2,
    });
  });

  it('the set-up checklist asks for the declaration’s legislation and each model’s software version before the first shipment (issue 51)', async () => {
    const admin = await createAdminSession(t);
    const items = async () =>
      Object.fromEntries(
        (
          (await t.get('/api/admin/business-profile/checklist', { cookie: admin.cookie })).json() as {
            checklist: { key: string; done: boolean }[];
          }
        ).checklist.map((item) => [item.key, item.done]),
      );
    await updateSettings(t.db, { conformityUkcaLegislation: [], conformityCeLegislation: [] });
    await t.db.update(productConfigurations).set({ softwareVersion: null });
    expect(await items()).toMatchObject({ conformity: false, softwareVersion: false });
    await updateSettings(t.db, { conformityCeLegislation: ['EMC Directive 2014/30/EU'] });
    await t.db.update(productConfigurations).set({ softwareVersion: '2.4.1' });
    expect(await items()).toMatchObject({ conformity: true, softwareVersion: true });
  });
});
