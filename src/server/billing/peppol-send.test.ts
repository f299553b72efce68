// @engine: five concurrent sends of one invoice claim one transmission (a unique index under a race)
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createUser } from '../../../tests/support/factories';
import { signIn } from '../../../tests/support/sessions';
import { createTestApp, type TestApp, useTestApp } from '../../../tests/support/test-app';
import { enterMonthlyRates } from '../../../tests/support/exchange-rates';
import type { OrderResource } from '../../shared/order-flow';
import { type Invoice, type PeppolTransmission, peppolSendMessages } from '../../shared/orders/invoice-schema';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import { auditLog, peppolTransmissions } from '../db/schema';
import { peppolMessages } from './peppol-send';

/** An access-point provider on loopback: accepts a document (answering an id) or refuses it, as told. */
async function startAccessPointStub() {
  const received: {
    path: string;
    receiver: string | undefined;
    kind: string | undefined;
    auth: string | undefined;
    xml: string;
  }[] = [];
  let refuse: string | null = null;
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        receiver: request.headers['x-peppol-receiver'] as string | undefined,
        kind: request.headers['x-peppol-document-type'] as string | undefined,
        auth: request.headers.authorization,
        xml: body,
      });
      response.writeHead(refuse ? 422 : 202, { 'content-type': 'application/json' });
      response.end(JSON.stringify(refuse ? { error: refuse } : { id: `tx-${received.length}`, status: 'accepted' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    refuseWith: (reason: string | null) => (refuse = reason),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const start = new Date('2026-11-20T09:00:00.000Z');

async function placeGermanOrder(t: TestApp, billing: Record<string, string>) {
  const buyer = await createUser(t.db, { email: billing.email ?? 'uni@example.com' });
  const cookie = await signIn(t, buyer.user.email);
  const response = await t.post(
    '/api/orders',
    {
      configuration: { ...defaultSelection, batch: 'batch-2', customerCountry: 'DE', powerAdaptor: 'eu-power' },
      billing: {
        firstName: 'Erika',
        lastName: 'Mustermann',
        company: 'Universität Heidelberg',
        email: 'uni@example.com',
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
    },
    { cookie },
  );
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { order: OrderResource }).order;
}

async function depositInvoice(t: TestApp, orderId: string, admin: Awaited<ReturnType<typeof createAdminSession>>) {
  const issued = await t.post(`/api/admin/orders/${orderId}/invoices`, { kind: 'deposit' }, { cookie: admin.cookie });
  expect(issued.statusCode, issued.body).toBe(201);
  return (issued.json() as { invoice: Invoice }).invoice;
}

describe('Send via Peppol through the configured access point (stub on loopback)', () => {
  let stub: Awaited<ReturnType<typeof startAccessPointStub>>;
  let t: TestApp;

  beforeAll(async () => {
    stub = await startAccessPointStub();
    t = await createTestApp({
      now: start,
      env: { PEPPOL_AP_URL: `${stub.url}/api`, PEPPOL_AP_TOKEN: 'stub-token', PEPPOL_TIMEOUT_MS: '3000' },
    });
    await enterMonthlyRates(t.db);
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
  });

  it('sends the XRechnung to the Leitweg-ID (0204), records the transmission id and status, and audits it; a refusal is recorded with its reason', async () => {
    const admin = await createAdminSession(t);
    await admin.stepUp();
    const order = await placeGermanOrder(t, { buyerRoutingReference: '991-33333TEST-33' });
    const invoice = await depositInvoice(t, order.id, admin);
    const before = stub.received.length;

    stub.refuseWith('Unknown receiver');
    const refused = await t.post(`/api/admin/invoices/${invoice.id}/peppol`, undefined, { cookie: admin.cookie });
    expect(refused.statusCode).toBe(201);
    expect((refused.json() as { transmission: PeppolTransmission }).transmission).toMatchObject({
      transmissionId: null,
      status: 'refused',
      detail: 'Unknown receiver',
    });
    stub.refuseWith(null);

    // Nothing went out, so sending again is no resend.
    const sent = await t.post(`/api/admin/invoices/${invoice.id}/peppol`, undefined, { cookie: admin.cookie });
    expect(sent.statusCode, sent.body).toBe(201);
    const transmission = (sent.json() as { transmission: PeppolTransmission }).transmission;
    expect(transmission).toMatchObject({
      transmissionId: `tx-${before + 2}`,
      status: 'accepted',
      flavour: 'xrechnung',
    });
    expect(stub.received[before + 1]).toMatchObject({
      path: '/api/documents',
      receiver: '0204:991-33333TEST-33',
      kind: 'invoice',
      auth: 'Bearer stub-token',
    });
    expect(stub.received[before + 1]?.xml).toContain('<cbc:BuyerReference>991-33333TEST-33</cbc:BuyerReference>');
    expect(stub.received[before + 1]?.xml).toContain(
      '<cbc:EndpointID schemeID="0204">991-33333TEST-33</cbc:EndpointID>',
    );
    const rows = await t.db.select().from(peppolTransmissions).where(eq(peppolTransmissions.invoiceId, invoice.id));
    expect(rows.find((row) => row.attempt === 2)).toMatchObject({
      transmissionId: `tx-${before + 2}`,
      status: 'accepted',
      orderId: order.id,
    });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'invoice.peppol_send'));
    expect(audits.filter((audit) => audit.entityId === order.id)).toHaveLength(2);
    const listed = await t.get(`/api/admin/invoices/${invoice.id}/peppol`, { cookie: admin.cookie });
    expect((listed.json() as { transmissions: PeppolTransmission[] }).transmissions.map((one) => one.status)).toEqual([
      'accepted',
      'refused',
    ]);
  });

  it('F8: five concurrent sends make one transmission, the others 409; a resend needs a reason and is audited', async () => {
    const admin = await createAdminSession(t);
    await admin.stepUp();
    const order = await placeGermanOrder(t, { buyerRoutingReference: '991-44444TEST-55', email: 'f8@example.com' });
    const invoice = await depositInvoice(t, order.id, admin);
    const before = stub.received.length;
    const send = (body?: Record<string, unknown>) =>
      t.post(`/api/admin/invoices/${invoice.id}/peppol`, body, { cookie: admin.cookie });

    const answers = await Promise.all([send(), send(), send(), send(), send()]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const answer of answers.filter((one) => one.statusCode === 409))
      expect(answer.json()).toMatchObject({
        error: { code: 'peppol_already_sent', message: peppolSendMessages.alreadySent },
      });
    expect(stub.received.length - before).toBe(1);

    const later = await send({});
    expect(later.statusCode).toBe(409);
    for (const body of [{ resend: true }, { resend: true, reason: 'oops' }]) {
      const noReason = await send(body);
      expect(noReason.statusCode, JSON.stringify(body)).toBe(400);
      expect(noReason.json().error.fields).toEqual({ reason: peppolSendMessages.reason });
    }
    expect(stub.received.length - before).toBe(1);

    const resent = await send({ resend: true, reason: 'The buyer’s access point lost the first one.' });
    expect(resent.statusCode, resent.body).toBe(201);
    expect((resent.json() as { transmission: PeppolTransmission }).transmission).toMatchObject({
      attempt: 2,
      status: 'accepted',
      resendReason: 'The buyer’s access point lost the first one.',
    });
    expect(stub.received.length - before).toBe(2);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'invoice.peppol_resend'));
    expect(audit).toMatchObject({
      entityId: order.id,
      after: { resendReason: 'The buyer’s access point lost the first one.' },
    });
    const rows = await t.db.select().from(peppolTransmissions).where(eq(peppolTransmissions.invoiceId, invoice.id));
    expect(rows.map((row) => row.attempt).sort()).toEqual([1, 2]);
  });

  it('refuses to send for a buyer with no participant id (no Leitweg-ID, no VAT number), sending nothing', async () => {
    const admin = await createAdminSession(t);
    await admin.stepUp();
    const order = await placeGermanOrder(t, { email: 'private@example.com', company: '' });
    const invoice = await depositInvoice(t, order.id, admin);
    const before = stub.received.length;
    const refused = await t.post(`/api/admin/invoices/${invoice.id}/peppol`, undefined, { cookie: admin.cookie });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { message: peppolMessages.noReceiver } });
    expect(stub.received.length).toBe(before);
  });
});

describe('Send via Peppol while no access point is configured', () => {
  const t = useTestApp({ now: start });
  // Issue 51: a euro invoice charging UK VAT is issued only with its month's HMRC rate.
  beforeAll(() => enterMonthlyRates(t.db));

  it('answers 409 with the setting to turn it on', async () => {
    const admin = await createAdminSession(t);
    await admin.stepUp();
    const order = await placeGermanOrder(t, { buyerRoutingReference: '991-33333TEST-33' });
    const invoice = await depositInvoice(t, order.id, admin);
    const off = await t.post(`/api/admin/invoices/${invoice.id}/peppol`, undefined, { cookie: admin.cookie });
    expect(off.statusCode).toBe(409);
    expect(off.json()).toMatchObject({ error: { message: peppolMessages.off } });
  });
});
