import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createUser, guestBilling } from '../../../tests/support/factories';
import { passingFactoryTests } from '../../../tests/support/factory-tests';
import { tinyPdf } from '../../../tests/support/model-documents';
import { pdfText } from '../../../tests/support/pdf-text';
import { signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import type { Order } from '../../shared/orders/order-schema';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import { paymentTransactions } from '../db/schema';

const documentsUrl = '/api/admin/product-configurations/dropwise-standard/documents';

describe('a model’s datasheet, user manual and software version (issue 41)', () => {
  const t = useTestApp({ now: new Date('2026-03-02T09:00:00.000Z') });

  it('staff upload a datasheet (PDF only, at most 10 MB); anyone downloads it as a PDF; the configurator lists it; removing it ends it', async () => {
    const catalogue = await createAdminSession(t, t.db, ['catalogue']);
    const pdf = tinyPdf('Dropwise Standard datasheet');

    const notPdf = await t.put(
      `${documentsUrl}/datasheet`,
      {
        filename: 'datasheet.pdf',
        dataBase64: Buffer.from('<html><script>alert(1)</script></html>').toString('base64'),
      },
      { cookie: catalogue.cookie },
    );
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().error.fields).toEqual({ file: 'Upload a PDF file.' });

    const large = Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]);
    const tooLarge = await t.put(
      `${documentsUrl}/datasheet`,
      { filename: 'big.pdf', dataBase64: large.toString('base64') },
      { cookie: catalogue.cookie },
    );
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().error.fields).toEqual({ file: 'The file is larger than 10 MB.' });

    const uploaded = await t.put(
      `${documentsUrl}/datasheet`,
      { filename: 'Dropwise Standard <datasheet>.pdf', dataBase64: pdf.toString('base64') },
      { cookie: catalogue.cookie },
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().item.documents).toEqual([
      {
        kind: 'datasheet',
        label: 'Datasheet',
        url: '/api/catalogue/configurations/dropwise-standard/documents/datasheet',
        filename: 'Dropwise-Standard-datasheet.pdf',
        size: pdf.length,
      },
    ]);

    // Anyone downloads it, as stored, as a PDF the browser cannot run anything from.
    const served = await t.get('/api/catalogue/configurations/dropwise-standard/documents/datasheet');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe('inline; filename="Dropwise-Standard-datasheet.pdf"');
    expect(served.headers['content-security-policy']).toBe('sandbox');
    expect(Buffer.compare(served.rawPayload, pdf)).toBe(0);
    expect((await t.get('/api/catalogue/configurations/dropwise-standard/documents/user_manual')).statusCode).toBe(404);

    const product = (await t.get('/api/products/dropwise')).json().product as {
      configurations: { id: string; documents?: { kind: string; url: string }[] }[];
    };
    expect(product.configurations.find((option) => option.id === 'dropwise-standard')?.documents).toMatchObject([
      { kind: 'datasheet', url: '/api/catalogue/configurations/dropwise-standard/documents/datasheet' },
    ]);

    // A role without catalogue.edit may not upload.
    const finance = await createAdminSession(t, t.db, ['finance']);
    expect(
      (
        await t.put(
          `${documentsUrl}/user_manual`,
          { filename: 'manual.pdf', dataBase64: pdf.toString('base64') },
          { cookie: finance.cookie },
        )
      ).statusCode,
    ).toBe(403);

    const removed = await t.delete(`${documentsUrl}/datasheet`, undefined, { cookie: catalogue.cookie });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().item.documents).toEqual([]);
    expect((await t.get('/api/catalogue/configurations/dropwise-standard/documents/datasheet')).statusCode).toBe(404);
  });

  it('the software version set on the model goes with each instrument shipped, onto its IQ/OQ protocol, and its row links the model’s manual', async () => {
    const owner = await createAdminSession(t);
    await owner.stepUp();
    const [current] = (await t.get('/api/admin/product-configurations', { cookie: owner.cookie })).json().items as {
      configId: string;
      name: string;
      description: string | null;
      priceGbp: number;
      priceEur: number;
      features: string[];
    }[];
    expect(current?.configId).toBe('dropwise-standard');
    const saved = await t.put(
      '/api/admin/product-configurations/dropwise-standard',
      {
        name: current?.name,
        description: current?.description,
        priceGbp: current?.priceGbp,
        priceEur: current?.priceEur,
        features: current?.features,
        softwareVersion: ' 2.4.1 ',
      },
      { cookie: owner.cookie },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().item.softwareVersion).toBe('2.4.1');
    expect(
      (
        await t.put(
          `${documentsUrl}/user_manual`,
          { filename: 'manual.pdf', dataBase64: tinyPdf('manual').toString('base64') },
          { cookie: owner.cookie },
        )
      ).statusCode,
    ).toBe(200);

    const customer = await createUser(t.db, { email: 'software@example.com' });
    const cookie = await signIn(t, customer.user.email);
    const placed = await t.post(
      '/api/orders',
      {
        configuration: { ...defaultSelection },
        billing: { ...guestBilling(customer.user.email), poNumber: 'PO-SW-9' },
        notes: '',
        acceptTerms: true,
        idempotencyKey: randomUUID(),
      },
      { cookie },
    );
    const order = (placed.json() as { order: Order }).order;
    expect(
      (await t.patch(`/api/admin/orders/${order.id}`, { status: 'confirmed' }, { cookie: owner.cookie })).statusCode,
    ).toBe(200);
    await t.db.insert(paymentTransactions).values({
      orderId: order.id,
      transactionType: 'balance',
      amount: order.totalAmount,
      currency: 'GBP',
      status: 'completed',
    });
    const shipped = await t.patch(
      `/api/admin/orders/${order.id}`,
      { status: 'shipped', serialNumbers: ['DW-SW-0001'], factoryTests: passingFactoryTests(1) },
      { cookie: owner.cookie },
    );
    expect(shipped.statusCode, shipped.body).toBe(200);

    const [instrument] = (await t.get('/api/account/instruments', { cookie })).json().instruments as {
      softwareVersion: string | null;
      modelDocuments: { kind: string; url: string }[];
      papers: { kind: string; url: string }[];
    }[];
    expect(instrument?.softwareVersion).toBe('2.4.1');
    expect(instrument?.modelDocuments).toMatchObject([
      { kind: 'user_manual', url: '/api/catalogue/configurations/dropwise-standard/documents/user_manual' },
    ]);
    const protocol = await t.get(instrument?.papers.find((paper) => paper.kind === 'iq_oq_protocol')?.url ?? '', {
      cookie,
    });
    expect(protocol.statusCode).toBe(200);
    const text = pdfText(protocol.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Software version: 2.4.1');
    expect(text).toContain('Serial number: DW-SW-0001');
    expect(text).toContain('PO number: PO-SW-9');
  });
});
