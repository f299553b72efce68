// @engine: hand-written customer list SQL
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createOrder, createQuote, createUser } from '../../../tests/support/factories';
import { useTestApp } from '../../../tests/support/test-app';
import { adminCustomerPageSchema, customerDetailSchema } from '../../shared/customers/customer-schemas';
import { auditLog, instruments } from '../db/schema';

const NOW = new Date('2026-03-02T09:00:00.000Z');
const at = (day: number) => new Date(Date.UTC(2026, 1, day, 10));
const GUEST_EMAIL = 'Grace.Guest@Harbour-Lab.example';
const guestKey = `guest:${createHash('md5').update(GUEST_EMAIL.toLowerCase()).digest('hex')}`;

describe('the customer list and page (issue 24)', () => {
  const t = useTestApp({ now: NOW });
  let sales: Awaited<ReturnType<typeof createAdminSession>>;
  let finance: Awaited<ReturnType<typeof createAdminSession>>;
  let catalogue: Awaited<ReturnType<typeof createAdminSession>>;
  let account: Awaited<ReturnType<typeof createUser>>;
  let ordered: { id: string; orderNumber: string };

  beforeAll(async () => {
    sales = await createAdminSession(t, t.db, ['sales']);
    finance = await createAdminSession(t, t.db, ['finance']);
    catalogue = await createAdminSession(t, t.db, ['catalogue']);
    // An account with two orders, one of them cancelled, and one in euros.
    account = await createUser(t.db, {
      email: 'ada.account@analytical.example',
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: 'Analytical Engines Ltd',
    });
    ordered = await createOrder(t.db, {
      userId: account.user.id,
      totalAmount: 488250,
      createdAt: at(10),
      configuration: { customerInfo: { country: 'GB' } },
    });
    await createOrder(t.db, { userId: account.user.id, totalAmount: 300000, status: 'cancelled', createdAt: at(11) });
    // A guest with a quote only, and a guest with an order (same address, two spellings of its case).
    await createQuote(t.db, {
      createdAt: at(12),
      configuration: {
        customerInfo: {
          email: GUEST_EMAIL,
          firstName: 'Grace',
          lastName: 'Hopper',
          organization: 'Harbour Lab',
          country: 'DE',
        },
      },
    });
    await createOrder(t.db, {
      totalAmount: 120000,
      currency: 'EUR',
      createdAt: at(9),
      configuration: { customerInfo: { email: GUEST_EMAIL.toLowerCase(), firstName: 'Grace', lastName: 'Hopper' } },
    });
    await createQuote(t.db, {
      createdAt: at(8),
      configuration: {
        customerInfo: { email: 'quote.only@other.example', firstName: 'Quinn', organization: 'Other Co' },
      },
    });
    // A customer with no orders or quotes at all still is one.
    await createUser(t.db, { email: 'idle@quiet.example', firstName: 'Ida', lastName: 'Idle', company: null });
    // Changes made to the account and to the order are its audit.
    await t.db.insert(auditLog).values([
      {
        adminEmail: 'owner@dropwise.example',
        action: 'order.update',
        entityType: 'order',
        entityId: ordered.id,
        before: { status: 'pending', internalNotes: null },
        after: { status: 'confirmed', internalNotes: null },
        createdAt: at(13),
      },
      {
        adminEmail: 'owner@dropwise.example',
        action: 'user.reset_factors',
        entityType: 'user',
        entityId: account.user.id,
        before: { factors: 1 },
        after: { factors: 0 },
        createdAt: at(14),
      },
      {
        adminEmail: 'owner@dropwise.example',
        action: 'order.update',
        entityType: 'order',
        entityId: '00000000-0000-0000-0000-000000000000',
        before: null,
        after: { status: 'shipped' },
        createdAt: at(14),
      },
    ]);
    await t.db.insert(instruments).values({
      orderId: ordered.id,
      unitIndex: 1,
      serialNumber: 'DW-2026-0001',
      model: 'Dropwise Pro',
      deliveredOn: '2026-02-20',
    });
  });

  const list = async (query: string, cookie = sales.cookie) => {
    const response = await t.get(`/api/admin/customers${query}`, { cookie });
    expect(response.statusCode, response.body).toBe(200);
    return adminCustomerPageSchema.parse(response.json());
  };

  it('lists accounts and guests (grouped by e-mail, any case) with their counts and what they ordered per currency, cancelled orders excluded', async () => {
    const page = await list('');
    const byEmail = new Map(page.items.map((item) => [item.email, item]));
    const ada = byEmail.get('ada.account@analytical.example');
    expect(ada).toMatchObject({
      key: account.user.id,
      kind: 'account',
      name: 'Ada Lovelace',
      organisation: 'Analytical Engines Ltd',
      country: 'GB',
      orders: 2,
      quotes: 0,
      totals: [{ currency: 'GBP', amount: 488250 }],
    });
    const grace = byEmail.get(GUEST_EMAIL.toLowerCase());
    expect(grace).toMatchObject({
      key: guestKey,
      kind: 'guest',
      name: 'Grace Hopper',
      organisation: 'Harbour Lab',
      country: 'DE',
      orders: 1,
      quotes: 1,
      totals: [{ currency: 'EUR', amount: 120000 }],
      lastActivityAt: at(12).toISOString(),
    });
    expect(byEmail.get('quote.only@other.example')).toMatchObject({ kind: 'guest', orders: 0, quotes: 1, totals: [] });
    expect(byEmail.get('idle@quiet.example')).toMatchObject({ kind: 'account', orders: 0, quotes: 0, totals: [] });
    // Staff without orders or quotes are not customers.
    expect(byEmail.has(sales.user.email)).toBe(false);
    // The most recently active first (an account without orders or quotes by when it was made).
    const order = page.items.map((item) => item.email);
    expect(order.indexOf(GUEST_EMAIL.toLowerCase())).toBeLessThan(order.indexOf('ada.account@analytical.example'));
    expect(order.indexOf('ada.account@analytical.example')).toBeLessThan(order.indexOf('quote.only@other.example'));
  });

  it('searches part of a name, e-mail or organisation in any case, and filters by kind, orders and country', async () => {
    const emails = async (query: string) => (await list(query)).items.map((item) => item.email).sort();
    expect(await emails('?search=LOVEL')).toEqual(['ada.account@analytical.example']);
    expect(await emails('?search=harbour-lab')).toEqual([GUEST_EMAIL.toLowerCase()]);
    expect(await emails('?search=other%20co')).toEqual(['quote.only@other.example']);
    expect(await emails('?search=100%25')).toEqual([]);
    expect(await emails('?kind=guest')).toEqual([GUEST_EMAIL.toLowerCase(), 'quote.only@other.example']);
    expect(await emails('?kind=account&hasOrders=yes')).toEqual(['ada.account@analytical.example']);
    expect(await emails('?hasOrders=no&kind=guest')).toEqual(['quote.only@other.example']);
    expect(await emails('?country=de')).toEqual([GUEST_EMAIL.toLowerCase()]);
    expect((await t.get('/api/admin/customers?kind=staff', { cookie: sales.cookie })).statusCode).toBe(400);
  });

  it('pages with the filter’s total, each customer once', async () => {
    const all = await list('?pageSize=100');
    const first = await list('?pageSize=2&page=1');
    const second = await list('?pageSize=2&page=2');
    const past = await list('?pageSize=2&page=50');
    expect(first.total).toBe(all.total);
    expect(past.total).toBe(all.total);
    expect(past.items).toEqual([]);
    expect(first.items).toHaveLength(2);
    expect([...first.items, ...second.items].map((item) => item.key)).toEqual(
      all.items.slice(0, 4).map((item) => item.key),
    );
  });

  it('exports the filter as CSV: byte-order mark, human labels, UK dates, one total column per currency', async () => {
    const response = await t.get('/api/admin/customers.csv?search=grace', { cookie: finance.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const lines = response.body.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Customer,Kind,E-mail,Organisation,Country,Quotes,Orders,Total ordered GBP (excl. cancelled),Total ordered EUR (excl. cancelled),Last activity',
    );
    expect(lines.slice(1)).toEqual([
      `Grace Hopper,Guest,${GUEST_EMAIL.toLowerCase()},Harbour Lab,DE,1,1,0.00,1200.00,12/02/2026`,
    ]);
    // CSV exports follow the orders CSV: Finance and the Owner; Sales views the list but does not export it.
    expect((await t.get('/api/admin/customers.csv', { cookie: sales.cookie })).statusCode).toBe(403);
  });

  it('opens an account: orders linked by id, instruments, and the audit of changes to them', async () => {
    const response = await t.get(`/api/admin/customers/${account.user.id}`, { cookie: sales.cookie });
    expect(response.statusCode, response.body).toBe(200);
    const detail = customerDetailSchema.parse(response.json());
    expect(detail.customer).toMatchObject({ orders: 2, totals: [{ currency: 'GBP', amount: 488250 }] });
    expect(detail.orders.map((order) => order.status)).toEqual(['cancelled', 'pending']);
    expect(detail.orders[1]?.id).toBe(ordered.id);
    expect(detail.instruments).toEqual([
      expect.objectContaining({
        serialNumber: 'DW-2026-0001',
        orderNumber: ordered.orderNumber,
        deliveredOn: '2026-02-20',
      }),
    ]);
    expect(detail.audit.map((entry) => [entry.action, entry.entityType, entry.fields])).toEqual([
      ['user.reset_factors', 'user', ['factors']],
      ['order.update', 'order', ['status']],
    ]);
  });

  it('opens a guest by their key, with their quote and order; Support may, Catalogue may not; unknown customers are 404', async () => {
    const support = await createAdminSession(t, t.db, ['support']);
    const response = await t.get(`/api/admin/customers/${guestKey}`, { cookie: support.cookie });
    expect(response.statusCode, response.body).toBe(200);
    const detail = customerDetailSchema.parse(response.json());
    expect(detail.customer).toMatchObject({ kind: 'guest', email: GUEST_EMAIL.toLowerCase(), orders: 1, quotes: 1 });
    expect(detail.quotes).toHaveLength(1);
    expect(detail.orders.map((order) => order.currency)).toEqual(['EUR']);

    const refused = await t.get(`/api/admin/customers/${guestKey}`, { cookie: catalogue.cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('no_access');
    expect((await t.get('/api/admin/customers', { cookie: catalogue.cookie })).statusCode).toBe(403);

    for (const key of ['guest:00000000000000000000000000000000', '9b2f3c1e-0000-4000-8000-000000000000', sales.user.id])
      expect((await t.get(`/api/admin/customers/${key}`, { cookie: sales.cookie })).statusCode, key).toBe(404);
    expect((await t.get('/api/admin/customers/not-a-key', { cookie: sales.cookie })).statusCode).toBe(400);
  });
});
