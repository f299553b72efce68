import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { auditLog, orders, privacyRequests, staffRoles, usaWaitlist, users } from '../db/schema';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createOrder, createQuote, createUser } from '../../../tests/support/factories';
import {
  guestOrder,
  incompleteOrder,
  invoiceAndPayment,
  rowsMentioning,
  yearsBefore,
} from '../../../tests/support/privacy-records';
import { useTestApp } from '../../../tests/support/test-app';
import { messages } from '../../shared/privacy/privacy-contracts';

const start = new Date('2026-11-26T12:00:00Z');
const guest = 'grace.hopper@navy.example';

describe('/admin/privacy', () => {
  const t = useTestApp({ now: start });

  it("finds a guest's records by e-mail, produces their export and erases them with the legal-hold rules, all in the register", async () => {
    const admin = await createAdminSession(t);
    const paid = await guestOrder(t.db, guest, yearsBefore(start, 2));
    await invoiceAndPayment(t.db, paid, yearsBefore(start, 2));
    const unpaid = await guestOrder(t.db, guest, start);
    await createQuote(t.db, { configuration: { customerInfo: { email: guest, firstName: 'Grace' } } });
    await t.db.insert(usaWaitlist).values({ email: guest });
    await incompleteOrder(t.db, guest, start);

    const found = await t.get(`/api/admin/privacy/search?email=${encodeURIComponent('Grace.Hopper@navy.example')}`, {
      cookie: admin.cookie,
    });
    expect(found.statusCode).toBe(200);
    const person = found.json();
    expect(person.accounts).toEqual([]);
    expect(person.orders).toHaveLength(2);
    expect(person.orders.find((o: { id: string }) => o.id === paid.id)).toMatchObject({ guest: true, financial: true });
    expect(person.quotes).toHaveLength(1);
    expect(person.waitlist).toHaveLength(1);
    expect(person.incomplete).toHaveLength(1);

    // An access request: logged, then the export after a step-up, downloadable by staff.
    const access = await t.post(
      '/api/admin/privacy/requests',
      { email: guest, type: 'access', channel: 'email', receivedOn: '2026-11-20' },
      { cookie: admin.cookie },
    );
    expect(access.statusCode).toBe(201);
    expect(access.json().request).toMatchObject({
      deadline: '2026-12-20',
      outcome: 'open',
      subject: 'g***@navy.example',
    });
    const accessId = access.json().request.id as string;
    const noStepUp = await t.post(
      `/api/admin/privacy/requests/${accessId}/export`,
      { email: guest },
      { cookie: admin.cookie },
    );
    expect(noStepUp.statusCode).toBe(403);
    await admin.stepUp();
    const wrongPerson = await t.post(
      `/api/admin/privacy/requests/${accessId}/export`,
      { email: 'someone.else@navy.example' },
      { cookie: admin.cookie },
    );
    expect(wrongPerson.statusCode).toBe(400);
    const exported = await t.post(
      `/api/admin/privacy/requests/${accessId}/export`,
      { email: guest },
      { cookie: admin.cookie },
    );
    expect(exported.statusCode).toBe(200);
    expect(exported.json().request.outcome).toBe('export_produced');
    await t.app.buildDueExports();
    const exportId = exported.json().request.export.id as string;
    const zip = await t.get(`/api/admin/privacy/exports/${exportId}`, { cookie: admin.cookie });
    expect(zip.statusCode).toBe(200);
    const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(zip.rawPayload))['data.json'] ?? new Uint8Array()));
    expect(data.orders.map((o: { orderNumber: string }) => o.orderNumber).sort()).toEqual(
      [paid.orderNumber, unpaid.orderNumber].sort(),
    );

    // An erasure request received by post.
    const erasure = await t.post(
      '/api/admin/privacy/requests',
      { email: guest, type: 'erasure', channel: 'post', receivedOn: '2026-10-01' },
      { cookie: admin.cookie },
    );
    const erasureId = erasure.json().request.id as string;
    const erased = await t.post(
      `/api/admin/privacy/requests/${erasureId}/erase`,
      { email: guest },
      { cookie: admin.cookie },
    );
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toMatchObject({
      request: { outcome: 'erased', handledBy: admin.user.email },
      summary: { ordersHeld: 1, ordersDeleted: 1, quotesDeleted: 1, waitlistDeleted: 1, incompleteDeleted: 1 },
    });
    await t.deliverMail();
    const { hits } = await rowsMentioning(t.db, guest);
    expect(hits.filter((hit) => !(hit.table === 'orders' && hit.row.legal_hold_until !== null))).toEqual([]);
    const [held] = await t.db.select().from(orders).where(eq(orders.id, paid.id));
    expect(held?.legalHoldUntil).toBe('2032-03-31');

    // The register: both requests with their deadlines (the post one is past its month, but closed, so not overdue).
    const register = await t.get('/api/admin/privacy/requests', { cookie: admin.cookie });
    expect(register.json().items).toEqual([
      expect.objectContaining({ type: 'access', outcome: 'export_produced', receivedOn: '2026-11-20' }),
      expect.objectContaining({ type: 'erasure', outcome: 'erased', deadline: '2026-11-01', overdue: false }),
    ]);
    const csv = await t.get('/api/admin/privacy/requests.csv', { cookie: admin.cookie });
    expect(csv.body).toContain('2026-10-01,2026-11-01,erasure,g***@navy.example,post,erased');
    const actions = await t.db.select({ action: auditLog.action }).from(auditLog);
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['privacy.search', 'privacy.request_logged', 'privacy.export', 'privacy.erase']),
    );
  });

  it('shows an open request past its month as overdue', async () => {
    const admin = await createAdminSession(t);
    await t.post(
      '/api/admin/privacy/requests',
      { email: 'late@example.com', type: 'access', channel: 'email', receivedOn: '2026-09-30' },
      { cookie: admin.cookie },
    );
    const open = await t.get('/api/admin/privacy/requests?status=open', { cookie: admin.cookie });
    expect(open.json().items).toEqual([expect.objectContaining({ deadline: '2026-10-30', overdue: true })]);
  });
});

describe('/admin/privacy: the last Owner', () => {
  const t = useTestApp({ now: start });

  it('refuses to erase the last Owner (409 last_owner) while only a Sales member would remain; the account and the request stay', async () => {
    const owner = await createAdminSession(t);
    await createUser(t.db, { isAdmin: true, roles: ['sales'] });
    const logged = await t.post(
      '/api/admin/privacy/requests',
      { email: owner.user.email, type: 'erasure', channel: 'email', receivedOn: '2026-11-25' },
      { cookie: owner.cookie },
    );
    const requestId = logged.json().request.id as string;
    await owner.stepUp();
    const refused = await t.post(
      `/api/admin/privacy/requests/${requestId}/erase`,
      { email: owner.user.email },
      { cookie: owner.cookie },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'last_owner', message: messages.lastOwner } });
    expect(await t.db.select().from(users).where(eq(users.id, owner.user.id))).toHaveLength(1);
    const owners = await t.db.select().from(staffRoles).where(eq(staffRoles.role, 'owner'));
    expect(owners.map((row) => row.userId)).toEqual([owner.user.id]);
    const [request] = await t.db.select().from(privacyRequests).where(eq(privacyRequests.id, requestId));
    expect(request?.outcome).toBe('open');
  });
});

describe('/admin/privacy: after a guest is erased', () => {
  const t = useTestApp({ now: start });

  it("takes an erased guest out of the Customers list, the orders list's search and orders.csv, shows [erased] on the order page, and keeps the invoice in the register", async () => {
    const admin = await createAdminSession(t);
    const email = 'hedy.lamarr@lab.example';
    const person = ['Hedy', 'Lamarr', 'Frequency Hopping Ltd', 'GB987654321', email];
    const at = new Date('2026-11-10T10:00:00Z');
    const address = {
      street: '1 Spread Spectrum Way',
      city: 'Vienna',
      state: null,
      postal_code: '1010',
      country: 'AT',
      name: 'Hedy Lamarr',
      company: 'Frequency Hopping Ltd',
      phone: '+43 1 000 0000',
    };
    const held = await createOrder(t.db, {
      configuration: {
        customerInfo: { email, firstName: 'Hedy', lastName: 'Lamarr', organization: 'Frequency Hopping Ltd' },
      },
      billingAddress: address,
      shippingAddress: address,
      vatNumber: 'GB987654321',
      createdAt: at,
      updatedAt: at,
    });
    const invoice = await invoiceAndPayment(t.db, held, at);
    const kept = await guestOrder(t.db, 'kept.customer@lab.example', at);
    const get = (path: string) => t.get(path, { cookie: admin.cookie });
    const mentions = (body: string) => person.filter((value) => body.toLowerCase().includes(value.toLowerCase()));
    // Before the erasure the list finds her, so the checks below can fail.
    expect((await get(`/api/admin/customers?search=${encodeURIComponent(email)}`)).json().total).toBe(1);

    const logged = await t.post(
      '/api/admin/privacy/requests',
      { email, type: 'erasure', channel: 'email', receivedOn: '2026-11-25' },
      { cookie: admin.cookie },
    );
    await admin.stepUp();
    const erased = await t.post(
      `/api/admin/privacy/requests/${logged.json().request.id as string}/erase`,
      { email },
      { cookie: admin.cookie },
    );
    expect(erased.json()).toMatchObject({ summary: { ordersHeld: 1 } });

    // The Customers list, its search by her e-mail and its CSV: the other guest only.
    const customers = await get('/api/admin/customers');
    expect(customers.json().items.map((c: { email: string }) => c.email)).toEqual(['kept.customer@lab.example']);
    expect(mentions(customers.body)).toEqual([]);
    expect((await get(`/api/admin/customers?search=${encodeURIComponent(email)}`)).json().total).toBe(0);
    expect((await get('/api/admin/customers?search=lamarr')).json().total).toBe(0);
    expect(mentions((await get('/api/admin/customers.csv')).body)).toEqual([]);
    const md5 = createHash('md5').update(email).digest('hex');
    expect((await get(`/api/admin/customers/guest:${md5}`)).statusCode).toBe(404);

    // The orders list keeps the order's figures with "[erased]" for her; no search finds it by her.
    for (const term of [email, 'hedy.lamarr', 'Lamarr', 'Frequency', 'GB987654321'])
      expect((await get(`/api/admin/orders?search=${encodeURIComponent(term)}`)).json().total, term).toBe(0);
    expect((await get(`/api/admin/orders?search=${held.orderNumber}`)).json().items).toEqual([
      expect.objectContaining({
        id: held.id,
        customerName: '[erased]',
        customerEmail: '[erased]',
        customerCompany: '[erased]',
      }),
    ]);
    const list = await get('/api/admin/orders');
    expect(
      list
        .json()
        .items.map((o: { id: string }) => o.id)
        .sort(),
    ).toEqual([held.id, kept.id].sort());
    expect(mentions(list.body)).toEqual([]);
    const csv = (await get('/api/admin/orders.csv')).body;
    expect(mentions(csv)).toEqual([]);
    expect(csv).toContain(`${held.orderNumber},10/11/2026,[erased],[erased],[erased],Austria`);
    expect(csv).toContain('kept.customer@lab.example');

    // The order page: "[erased]" where she was named or reached.
    const page = await get(`/api/admin/orders/${held.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().order.customer).toMatchObject({
      name: '[erased]',
      email: '[erased]',
      company: '[erased]',
      phone: '[erased]',
    });
    expect(page.json().order.billingAddress).toMatchObject({ street: '[erased]', country: 'AT' });
    expect(mentions(page.body)).toEqual([]);

    // The accountant's register still holds the invoice as issued, with the customer and VAT number on it.
    const register = await get('/api/admin/invoices?from=2026-11-01&to=2026-11-30');
    expect(register.json().items).toEqual([
      expect.objectContaining({ number: invoice.number, customer: 'Frequency Hopping Ltd', vatNumber: 'GB987654321' }),
    ]);
    const registerCsv = (await get('/api/admin/invoices.csv?from=2026-11-01&to=2026-11-30')).body;
    expect(registerCsv).toContain(`${invoice.number},,${held.orderNumber},Frequency Hopping Ltd,Austria,GB987654321`);
  });
});
