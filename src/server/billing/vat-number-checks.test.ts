// @engine: row locks in a job
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createOrder, guestBilling } from '../../../tests/support/factories';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { auditLog, mailOutbox, orders, vatNumberChecks } from '../db/schema';
import type { AdminOrderDetail } from '../../shared/orders/order-admin-contracts';
import { vatNumberMessages } from '../../shared/tax/vat-number';

/** What the stub registry answers for a number: a JSON body with a status, or nothing at all. */
type Reply = { status: number; body: unknown } | 'silence';

/**
 * VIES and HMRC on loopback (127.0.0.1, a free port): each number's answer is set by the test, and
 * every request is recorded. A number it does not know gets 500.
 */
async function startRegistryStub() {
  const vies = new Map<string, Reply>();
  const hmrc = new Map<string, Reply>();
  const requests: { method: string; path: string; body: string; authorization: string | undefined }[] = [];
  const held: ServerResponse[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const path = request.url ?? '';
      requests.push({ method: request.method ?? '', path, body, authorization: request.headers.authorization });
      const send = (reply: Reply | undefined) => {
        if (reply === 'silence') {
          held.push(response);
          return;
        }
        const { status, body: answer } = reply ?? { status: 500, body: { error: 'unknown number' } };
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer));
      };
      if (path === '/vies/check-vat-number' && request.method === 'POST') {
        const asked = JSON.parse(body) as { countryCode: string; vatNumber: string };
        return send(vies.get(`${asked.countryCode}${asked.vatNumber}`));
      }
      if (path === '/hmrc/oauth/token' && request.method === 'POST')
        return send({ status: 200, body: { access_token: 'stub-token', token_type: 'bearer', expires_in: 14400 } });
      const lookup = /^\/hmrc\/organisations\/vat\/check-vat-number\/lookup\/(\d+)/.exec(path);
      if (lookup?.[1] && request.method === 'GET') {
        if (request.headers.authorization !== 'Bearer stub-token')
          return send({ status: 401, body: { code: 'INVALID_CREDENTIALS' } });
        return send(hmrc.get(lookup[1]));
      }
      send({ status: 404, body: {} });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    vies,
    hmrc,
    requests,
    async close() {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const start = new Date('2026-03-02T09:00:00.000Z');
const minutes = (count: number) => count * 60_000;

const viesValid = (countryCode: string, vatNumber: string, name: string, address: string) => ({
  status: 200,
  body: {
    countryCode,
    vatNumber,
    requestDate: '2026-03-02T09:00:01.000Z',
    valid: true,
    requestIdentifier: 'WAPIAAAAZ0a1b2c3',
    name,
    address,
  },
});

describe('VAT numbers checked with VIES and HMRC in the background, kept as evidence (stub registries on loopback)', () => {
  let stub: Awaited<ReturnType<typeof startRegistryStub>>;
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createAdminSession>>;

  beforeAll(async () => {
    stub = await startRegistryStub();
    t = await createTestApp({
      now: start,
      env: {
        VIES_API_URL: `${stub.url}/vies`,
        VIES_REQUESTER_VAT_NUMBER: 'XI980780684',
        HMRC_API_URL: `${stub.url}/hmrc`,
        HMRC_CLIENT_ID: 'stub-client',
        HMRC_CLIENT_SECRET: 'stub-secret',
        VAT_REGISTRY_TIMEOUT_MS: '3000',
      },
    });
    admin = await createAdminSession(t);
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
  });

  const checksOf = (orderId: string) => t.db.select().from(vatNumberChecks).where(eq(vatNumberChecks.orderId, orderId));
  const adminOrder = async (orderId: string) => {
    const response = await t.get(`/api/admin/orders/${orderId}`, { cookie: admin.cookie });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { order: AdminOrderDetail }).order;
  };
  const euOrder = (vatNumber: string, country: string) =>
    createOrder(t.db, {
      currency: 'EUR',
      vatNumber,
      billingAddress: {
        street: 'Im Neuenheimer Feld 1',
        city: 'Heidelberg',
        state: null,
        postal_code: '69120',
        country,
      },
      createdAt: t.clock.now,
    });

  it('a German GmbH with a VAT number: flagged until checked, then VIES’s answer is the evidence (valid, name, address, date, consultation number)', async () => {
    stub.vies.set(
      'DE136695976',
      viesValid('DE', '136695976', 'Beispiel Labor GmbH', 'Im Neuenheimer Feld 1\n69120 Heidelberg'),
    );
    const order = await euOrder('DE136695976', 'DE');
    // Unchecked, and its reverse charge rests on the number: flagged before it is invoiced.
    expect((await adminOrder(order.id)).vatNumberCheck.flag).toContain(
      "The buyer's VAT number DE136695976 has not been confirmed by the registry yet",
    );

    await t.app.vatNumberChecks.runDue();

    const [check] = await checksOf(order.id);
    expect(check).toMatchObject({
      countryCode: 'DE',
      vatNumber: '136695976',
      registry: 'vies',
      status: 'valid',
      registeredName: 'Beispiel Labor GmbH',
      registeredAddress: 'Im Neuenheimer Feld 1 69120 Heidelberg',
      consultationNumber: 'WAPIAAAAZ0a1b2c3',
      attempts: 1,
      nextAttemptAt: null,
    });
    expect(check?.checkedAt?.toISOString()).toBe('2026-03-02T09:00:01.000Z');
    // The shop's XI number went as requester: that is what makes VIES give a consultation number.
    const asked = stub.requests.find((request) => request.body.includes('136695976'));
    expect(JSON.parse(asked?.body ?? '{}')).toEqual({
      countryCode: 'DE',
      vatNumber: '136695976',
      requesterMemberStateCode: 'XI',
      requesterNumber: '980780684',
    });
    const shown = (await adminOrder(order.id)).vatNumberCheck;
    expect(shown.flag).toBeNull();
    expect(shown.checks[0]).toMatchObject({ status: 'valid', registeredName: 'Beispiel Labor GmbH' });

    // Kept under legal hold after the customer's erasure: the evidence stays, staff see "[erased]" for who it names.
    await t.db.update(orders).set({ legalHoldUntil: '2033-03-31' }).where(eq(orders.id, order.id));
    expect((await adminOrder(order.id)).vatNumberCheck.checks[0]).toMatchObject({
      vatNumber: '[erased]',
      registeredName: '[erased]',
      registeredAddress: '[erased]',
      consultationNumber: 'WAPIAAAAZ0a1b2c3',
    });
    expect(await checksOf(order.id)).toHaveLength(1);
  });

  it('F9: a valid number registered to "Siemens AG" on an order billed to "Private person" is flagged, its invoice refused (409) until staff accept the name; "SIEMENS AG" and "Siemens Aktiengesellschaft" are not flagged', async () => {
    stub.vies.set(
      'DE129273398',
      viesValid('DE', '129273398', 'Siemens AG', 'Werner-von-Siemens-Str. 1, 80333 München'),
    );
    const billedTo = (name: string, company: string | null) =>
      createOrder(t.db, {
        currency: 'EUR',
        vatNumber: 'DE129273398',
        billingAddress: {
          street: 'Werner-von-Siemens-Str. 1',
          city: 'München',
          state: null,
          postal_code: '80333',
          country: 'DE',
          name,
          company,
        },
        createdAt: t.clock.now,
      });
    const privatePerson = await billedTo('Private person', null);
    const shouting = await billedTo('Erika Mustermann', 'SIEMENS AG');
    const spelledOut = await billedTo('Erika Mustermann', 'Siemens Aktiengesellschaft');
    await t.app.vatNumberChecks.runDue();

    const flagged = (await adminOrder(privatePerson.id)).vatNumberCheck;
    expect(flagged.flag).toBeNull();
    expect(flagged.nameMismatch).toMatchObject({
      registeredName: 'Siemens AG',
      billingName: 'Private person',
      accepted: false,
    });
    expect((await adminOrder(shouting.id)).vatNumberCheck.nameMismatch).toBeNull();
    expect((await adminOrder(spelledOut.id)).vatNumberCheck.nameMismatch).toBeNull();

    await admin.stepUp();
    const issue = (orderId: string) =>
      t.post(
        `/api/admin/orders/${orderId}/invoices`,
        { kind: 'deposit', acknowledgeVatNumber: true },
        { cookie: admin.cookie },
      );
    const refused = await issue(privatePerson.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: {
        code: 'vat_name_mismatch',
        message:
          'The registry has the VAT number DE129273398 registered to "Siemens AG", but this order is billed to "Private person", and its reverse charge rests on that number. Correct the billing, or confirm that the reverse charge applies to this buyer.',
      },
    });
    expect((await issue(shouting.id)).statusCode).toBe(201);

    const accepted = await t.post(
      `/api/admin/orders/${privatePerson.id}/vat-name-acceptance`,
      {},
      { cookie: admin.cookie },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((accepted.json() as { order: AdminOrderDetail }).order.vatNumberCheck.nameMismatch).toMatchObject({
      accepted: true,
    });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'order.vat_name_accept'));
    expect(audit).toMatchObject({
      entityId: privatePerson.id,
      after: { registeredName: 'Siemens AG', accepted: true },
    });
    const issued = await issue(privatePerson.id);
    expect(issued.statusCode, issued.body).toBe(201);
    const again = await t.post(`/api/admin/orders/${shouting.id}/vat-name-acceptance`, {}, { cookie: admin.cookie });
    expect(again.json()).toMatchObject({ error: { code: 'no_vat_name_mismatch' } });
  });

  it('VIES says a French number is not registered: stored as invalid, the order flagged, and its invoice refused (409) until staff confirm', async () => {
    stub.vies.set('FR40303265045', {
      status: 200,
      body: { countryCode: 'FR', vatNumber: '40303265045', valid: false, name: '---', address: '---' },
    });
    const order = await euOrder('FR40303265045', 'FR');
    await t.app.vatNumberChecks.runDue();
    const [check] = await checksOf(order.id);
    expect(check).toMatchObject({
      status: 'invalid',
      registeredName: null,
      registeredAddress: null,
      nextAttemptAt: null,
    });

    await admin.stepUp();
    const refused = await t.post(
      `/api/admin/orders/${order.id}/invoices`,
      { kind: 'deposit' },
      { cookie: admin.cookie },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: {
        code: 'vat_number_unconfirmed',
        message:
          "The registry says the buyer's VAT number FR40303265045 is not valid, and this order's reverse charge rests on it. Check it again, or confirm that you invoice anyway.",
      },
    });
    const confirmed = await t.post(
      `/api/admin/orders/${order.id}/invoices`,
      { kind: 'deposit', acknowledgeVatNumber: true },
      { cookie: admin.cookie },
    );
    expect(confirmed.statusCode, confirmed.body).toBe(201);
  });

  it('unavailable (5xx, MS_UNAVAILABLE), busy (MS_MAX_CONCURRENT_REQ), rate-limited (429) and silent (timeout): never invalid, retried later with back-off', async () => {
    stub.vies.set('IT00743110157', {
      status: 500,
      body: { actionSucceed: false, errorWrappers: [{ error: 'MS_UNAVAILABLE' }] },
    });
    stub.vies.set('ESB58378431', {
      status: 200,
      body: { actionSucceed: false, errorWrappers: [{ error: 'MS_MAX_CONCURRENT_REQ' }] },
    });
    stub.vies.set('PL5260001246', { status: 429, body: {} });
    stub.vies.set('NL004495445B01', 'silence');
    const italian = await euOrder('IT00743110157', 'IT');
    const spanish = await euOrder('ESB58378431', 'ES');
    const polish = await euOrder('PL5260001246', 'PL');
    const dutch = await euOrder('NL004495445B01', 'NL');

    await t.app.vatNumberChecks.runDue();
    const firstTry = new Date(t.clock.now.getTime() + minutes(1)).toISOString();
    for (const [order, status] of [
      [italian, 'unavailable'],
      [spanish, 'rate_limited'],
      [polish, 'rate_limited'],
      [dutch, 'unavailable'],
    ] as const) {
      const [check] = await checksOf(order.id);
      expect(check?.status, order.vatNumber ?? '').toBe(status);
      expect(check?.attempts).toBe(1);
      expect(check?.nextAttemptAt?.toISOString()).toBe(firstTry);
      expect((await adminOrder(order.id)).vatNumberCheck.flag).toContain('has not been confirmed');
    }

    // Not due yet: nothing is sent.
    const sent = stub.requests.length;
    await t.app.vatNumberChecks.runDue();
    expect(stub.requests.length).toBe(sent);

    // A minute later Italy's registry is back: the retry stores its answer; the others wait 5 minutes more.
    stub.vies.set('IT00743110157', viesValid('IT', '00743110157', 'Laboratorio Srl', 'Via Roma 1, Milano'));
    t.clock.now = new Date(t.clock.now.getTime() + minutes(2));
    await t.app.vatNumberChecks.runDue();
    expect((await checksOf(italian.id))[0]).toMatchObject({ status: 'valid', attempts: 2, nextAttemptAt: null });
    const [polishCheck] = await checksOf(polish.id);
    expect(polishCheck).toMatchObject({ status: 'rate_limited', attempts: 2 });
    expect(polishCheck?.nextAttemptAt?.toISOString()).toBe(new Date(t.clock.now.getTime() + minutes(5)).toISOString());
  });

  it('HMRC: a GB number goes with the OAuth token (client credentials, read:vat); found is valid, 404 invalid, 429 rate-limited, 503 unavailable', async () => {
    stub.hmrc.set('980780684', {
      status: 200,
      body: {
        target: {
          name: 'Frequency Hopping Ltd',
          vatNumber: '980780684',
          address: { line1: '1 Science Park', line2: 'Milton Road', postcode: 'CB4 0WS', countryCode: 'GB' },
        },
        processingDate: '2026-03-02T09:05:00+00:00',
      },
    });
    stub.hmrc.set('340804329', { status: 404, body: { code: 'NOT_FOUND', message: 'targetVrn does not match' } });
    stub.hmrc.set('346270013', { status: 429, body: { code: 'MESSAGE_THROTTLED_OUT' } });
    stub.hmrc.set('100039595', { status: 503, body: { code: 'SERVER_ERROR' } });
    const ukOrder = (vatNumber: string) =>
      createOrder(t.db, {
        vatNumber,
        billingAddress: {
          street: '1 Science Park',
          city: 'Cambridge',
          state: null,
          postal_code: 'CB4 0WS',
          country: 'GB',
        },
        createdAt: t.clock.now,
      });
    const found = await ukOrder('GB980780684');
    const unknown = await ukOrder('GB340804329');
    const throttled = await ukOrder('GB346270013');
    const down = await ukOrder('GB100039595');

    await t.app.vatNumberChecks.runDue();

    expect((await checksOf(found.id))[0]).toMatchObject({
      registry: 'hmrc',
      status: 'valid',
      registeredName: 'Frequency Hopping Ltd',
      registeredAddress: '1 Science Park, Milton Road, CB4 0WS, GB',
      // The business profile still holds the example number: no requester, so no consultation number.
      consultationNumber: null,
    });
    expect((await checksOf(found.id))[0]?.checkedAt?.toISOString()).toBe('2026-03-02T09:05:00.000Z');
    expect((await checksOf(unknown.id))[0]?.status).toBe('invalid');
    expect((await checksOf(throttled.id))[0]?.status).toBe('rate_limited');
    expect((await checksOf(down.id))[0]?.status).toBe('unavailable');
    const token = stub.requests.find((request) => request.path === '/hmrc/oauth/token');
    expect(new URLSearchParams(token?.body)).toEqual(
      new URLSearchParams({
        client_id: 'stub-client',
        client_secret: 'stub-secret',
        grant_type: 'client_credentials',
        scope: 'read:vat',
      }),
    );
    const lookup = stub.requests.find((request) => request.path.endsWith('/lookup/980780684'));
    expect(lookup?.authorization).toBe('Bearer stub-token');
    // A UK buyer's own GB number is checked, but no reverse charge rests on it: never flagged.
    expect((await adminOrder(unknown.id)).vatNumberCheck.flag).toBeNull();
  });

  it('"Check again": staff queue a new check, answered at once and kept beside the earlier ones; an order without a number is 409', async () => {
    stub.vies.set('BE0411905847', { status: 500, body: {} });
    const order = await euOrder('BE0411905847', 'BE');
    await t.app.vatNumberChecks.runDue();
    expect((await checksOf(order.id))[0]?.status).toBe('unavailable');

    stub.vies.set('BE0411905847', viesValid('BE', '0411905847', 'Laboratoire SA', 'Rue de la Loi 1, Bruxelles'));
    t.clock.now = new Date(t.clock.now.getTime() + 1000);
    const again = await t.post(`/api/admin/orders/${order.id}/vat-number-check`, {}, { cookie: admin.cookie });
    expect(again.statusCode, again.body).toBe(200);
    const shown = (again.json() as { order: AdminOrderDetail }).order.vatNumberCheck;
    expect(shown.checks.map((check) => check.status)).toEqual(['valid', 'unavailable']);
    expect(shown.checks[0]?.requestedBy).toBe(admin.user.id);
    expect(shown.flag).toBeNull();

    const without = await createOrder(t.db);
    const refused = await t.post(`/api/admin/orders/${without.id}/vat-number-check`, {}, { cookie: admin.cookie });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'no_vat_number' } });
  });

  it('checkout never waits on the registry: a German GmbH’s order is placed promptly while VIES does not answer', async () => {
    stub.vies.set('DE129273398', 'silence');
    const order = (email: string) => ({
      configuration: { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'DE' },
      billing: {
        ...guestBilling(email),
        country: 'DE',
        city: 'Heidelberg',
        postalCode: '69120',
        vatNumber: 'DE 129 273 398',
        eoriNumber: 'de123456789012345',
      },
      notes: '',
      acceptTerms: true,
      idempotencyKey: crypto.randomUUID(),
    });
    const first = await t.post('/api/orders', order('gmbh@example.com'));
    expect(first.statusCode, first.body).toBe(201);
    const { order: placed } = first.json() as { order: { id: string; vatNumber: string; eoriNumber: string } };
    expect(placed).toMatchObject({ vatNumber: 'DE129273398', eoriNumber: 'DE123456789012345' });

    // The background check is waiting on the silent registry while a second buyer checks out.
    const checking = t.app.vatNumberChecks.runDue();
    while (stub.requests.filter((request) => request.body.includes('129273398')).length === 0)
      await new Promise((resolve) => setTimeout(resolve, 10));
    const second = await t.post('/api/orders', order('gmbh2@example.com'));
    expect(second.statusCode, second.body).toBe(201);
    // Placed while the first order's check was still waiting for VIES (its 3-second timeout).
    expect((await checksOf(placed.id))[0]?.checkedAt).toBeNull();
    await checking;
    expect((await checksOf(placed.id))[0]?.status).toBe('unavailable');
    const [row] = await t.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(row?.eoriNumber).toBe('DE123456789012345');
    // The shop's notice of the new order names the buyer's VAT and EORI numbers.
    const notice = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'order_new_admin'))).find((mail) =>
      mail.subject.includes(row?.orderNumber ?? '-'),
    );
    expect(notice?.textBody).toContain('VAT number: DE129273398');
    expect(notice?.textBody).toContain('EORI number: DE123456789012345');
  });

  it('the order form refuses a made-up DE811234567 and a GB number failing its checksum, beside the VAT number field', async () => {
    for (const [vatNumber, message] of [
      ['DE811234567', vatNumberMessages.checksum('German')],
      ['GB123456789', vatNumberMessages.checksum('UK')],
    ] as const) {
      const response = await t.post('/api/orders', {
        configuration: defaultSelection,
        billing: { ...guestBilling('typo@example.com'), vatNumber },
        notes: '',
        acceptTerms: true,
        idempotencyKey: crypto.randomUUID(),
      });
      expect(response.statusCode).toBe(400);
      expect((response.json() as { error: { fields: Record<string, string> } }).error.fields).toEqual({
        'billing.vatNumber': message,
      });
    }
  });
});
