import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createOrder, guestOrderBody, payInFull } from '../../../tests/support/factories';
import { passingFactoryTests } from '../../../tests/support/factory-tests';
import { pdfText } from '../../../tests/support/pdf-text';
import { useTestApp } from '../../../tests/support/test-app';
import type { DispatchOrder, ProductionList } from '../../shared/orders/dispatch-contracts';
import { instruments, orderItems } from '../db/schema';

/** Keys that carry money anywhere in the admin's answers. */
const moneyKeys =
  /"(amount|value|total|totalAmount|subtotal|unitPrice|totalPrice|depositAmount|remainingAmount|paidAmount|outstandingAmount|outstanding|vat|payments|refunds|balances)"/;

describe('the Operations role (issue 54): batches, production and dispatch without money', () => {
  const t = useTestApp({ now: new Date('2026-12-01T09:00:00.000Z') });

  /** A guest order placed through the shop (real lines), confirmed by an Owner and paid in full. */
  const placedOrder = async (owner: { cookie: string }) => {
    const placed = await t.post('/api/orders', guestOrderBody('buyer-ops@example.com'));
    expect(placed.statusCode, placed.body).toBe(201);
    const { order } = placed.json() as { order: { id: string; orderNumber: string; totalAmount: number } };
    const confirmed = await t.patch(`/api/admin/orders/${order.id}`, { status: 'confirmed' }, { cookie: owner.cookie });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return order;
  };

  it('an Operations member gets 403 on the price list, payments, invoices, orders with money and customer lists', async () => {
    const owner = await createAdminSession(t);
    const operations = await createAdminSession(t, t.db, ['operations']);
    await operations.stepUp();
    const order = await placedOrder(owner);
    const refused = [
      ['GET', '/api/admin/product-configurations'],
      ['GET', '/api/admin/accessories'],
      ['PUT', '/api/admin/accessories/anything'],
      ['GET', '/api/admin/orders'],
      ['GET', `/api/admin/orders/${order.id}`],
      ['POST', `/api/admin/orders/${order.id}/payments`],
      ['GET', `/api/admin/orders/${order.id}/pro-forma`],
      ['GET', '/api/admin/invoices'],
      ['GET', '/api/admin/customers'],
      ['GET', '/api/admin/customers.csv'],
      ['GET', '/api/admin/instruments'],
      ['GET', '/api/admin/quotes'],
      ['GET', '/api/admin/settings'],
    ] as const;
    for (const [method, url] of refused) {
      const response = await t.request(method, url, { cookie: operations.cookie, body: {} });
      expect(`${method} ${url} ${response.statusCode} ${response.json().error?.code}`).toBe(
        `${method} ${url} 403 no_access`,
      );
    }
    // What Operations does is open to them.
    expect((await t.get('/api/admin/batches', { cookie: operations.cookie })).statusCode).toBe(200);
    expect((await t.get(`/api/admin/dispatch/${order.id}`, { cookie: operations.cookie })).statusCode).toBe(200);
  });

  it('an Operations member runs a batch from its new date to the delivery note, and the production list and dispatch view hold no amount', async () => {
    const owner = await createAdminSession(t);
    const operations = await createAdminSession(t, t.db, ['operations']);
    const order = await placedOrder(owner);
    const [adaptor] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const base = lines.find((line) => line.itemType === 'base_configuration');
    const power = lines.find((line) => line.itemType === 'power_adaptor');
    expect(adaptor && base).toBeTruthy();

    // The batch re-dated by Operations (batches.manage), without the catalogue's prices.
    const redated = await t.put('/api/admin/batches/batch-2', { date: '2027-03-01' }, { cookie: operations.cookie });
    expect(redated.statusCode, redated.body).toBe(200);

    const list = await t.get('/api/admin/batches/batch-2/production', { cookie: operations.cookie });
    expect(list.statusCode, list.body).toBe(200);
    const production = list.json() as ProductionList;
    const row = production.items.find((item) => item.orderId === order.id);
    expect(row).toMatchObject({
      orderNumber: order.orderNumber,
      status: 'confirmed',
      configuration: base?.itemName,
      powerAdaptor: power?.itemName ?? null,
      quantity: 1,
      country: 'GB',
      shipBy: '2027-03-01',
      depositState: 'Pending',
    });
    expect(production.batch).toMatchObject({ id: 'batch-2', date: '2027-03-01' });
    expect(list.body).not.toMatch(moneyKeys);
    expect(list.body).not.toContain('£');

    await payInFull(t.db, order);
    const csv = await t.get('/api/admin/batches/batch-2/production.csv', { cookie: operations.cookie });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n')[0]).toBe(
      '\uFEFFOrder,Status,Configuration,Options,Quantity,Power adaptor,Country,Ship by,Deposit',
    );
    const csvLine = csv.body.split('\r\n').find((line) => line.startsWith(order.orderNumber));
    expect(csvLine).toContain(',Confirmed,');
    expect(csvLine).toContain('1 March 2027');
    expect(csv.body).not.toContain('£');

    const pdf = await t.get('/api/admin/batches/batch-2/production.pdf', { cookie: operations.cookie });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('PRODUCTION LIST');
    expect(text).toContain(order.orderNumber);
    expect(text).toContain('1 March 2027');
    expect(text).not.toContain('£');

    // The dispatch view: what to build and where it goes; no amount.
    const view = await t.get(`/api/admin/dispatch/${order.id}`, { cookie: operations.cookie });
    expect(view.statusCode).toBe(200);
    expect(view.body).not.toMatch(moneyKeys);
    expect(view.body).not.toContain('£');
    expect((view.json() as { order: DispatchOrder }).order).toMatchObject({
      status: 'confirmed',
      nextStatuses: ['processing', 'shipped'],
      shipBy: '2027-03-01',
    });

    // Into production, then shipped with its serial number, factory test and tracking.
    const processing = await t.patch(
      `/api/admin/dispatch/${order.id}`,
      { status: 'processing' },
      { cookie: operations.cookie },
    );
    expect(processing.statusCode, processing.body).toBe(200);
    const shipped = await t.patch(
      `/api/admin/dispatch/${order.id}`,
      {
        status: 'shipped',
        trackingNumber: '1Z-OPS-1',
        serialNumbers: ['DW-OPS-0001'],
        factoryTests: passingFactoryTests(1),
      },
      { cookie: operations.cookie },
    );
    expect(shipped.statusCode, shipped.body).toBe(200);
    const after = (shipped.json() as { order: DispatchOrder }).order;
    expect(after).toMatchObject({ status: 'shipped', trackingNumber: '1Z-OPS-1', nextStatuses: ['delivered'] });
    expect(after.instruments.map((unit) => unit.serialNumber)).toEqual(['DW-OPS-0001']);
    const [unit] = await t.db.select().from(instruments).where(eq(instruments.orderId, order.id));
    expect(unit?.serialNumber).toBe('DW-OPS-0001');

    const note = await t.get(`/api/admin/orders/${order.id}/packing-slip`, { cookie: operations.cookie });
    expect(note.statusCode).toBe(200);
    expect(pdfText(note.rawPayload)).toContain('DW-OPS-0001');
  });

  it('the dispatch move refuses what is not dispatch: a cancel, a payment status, and shipping an unpaid order', async () => {
    const owner = await createAdminSession(t);
    const operations = await createAdminSession(t, t.db, ['operations']);
    const order = await placedOrder(owner);
    const url = `/api/admin/dispatch/${order.id}`;
    expect((await t.patch(url, { status: 'cancelled' }, { cookie: operations.cookie })).statusCode).toBe(400);
    expect((await t.patch(url, { paymentStatus: 'fully_paid' }, { cookie: operations.cookie })).statusCode).toBe(400);
    const unpaid = await t.patch(
      url,
      { status: 'shipped', trackingNumber: '1Z', serialNumbers: ['DW-OPS-0002'], factoryTests: passingFactoryTests(1) },
      { cookie: operations.cookie },
    );
    expect(unpaid.statusCode).toBe(409);
    expect((await t.get(url, { cookie: operations.cookie })).json().order.status).toBe('confirmed');
  });

  it('an Operations member prints an export’s commercial invoice and records its proof of export', async () => {
    const operations = await createAdminSession(t, t.db, ['operations']);
    const heidelberg = {
      street: 'Im Neuenheimer Feld 282',
      city: 'Heidelberg',
      state: null,
      postal_code: '69120',
      country: 'DE',
    };
    const order = await createOrder(t.db, {
      currency: 'EUR',
      status: 'shipped',
      shippingAddress: heidelberg,
      billingAddress: heidelberg,
    });
    const invoice = await t.get(`/api/admin/orders/${order.id}/commercial-invoice`, { cookie: operations.cookie });
    expect(invoice.statusCode).toBe(200);
    const proof = await t.put(
      `/api/admin/dispatch/${order.id}/export-proof`,
      { carrier: 'DHL Express', trackingNumber: 'JD0001', dispatchDate: '2026-11-30' },
      { cookie: operations.cookie },
    );
    expect(proof.statusCode, proof.body).toBe(200);
    expect((proof.json() as { order: DispatchOrder }).order.exportPapers?.proof).toMatchObject({
      carrier: 'DHL Express',
      trackingNumber: 'JD0001',
      dispatchDate: '2026-11-30',
    });
    expect(proof.body).not.toMatch(moneyKeys);
  });
});

describe('each role’s dashboard holds the figures of its job (issue 54)', () => {
  const t = useTestApp({ now: new Date('2026-12-01T09:00:00.000Z') });

  const dashboardOf = async (roles: Parameters<typeof createAdminSession>[2]) => {
    const member = await createAdminSession(t, t.db, roles);
    const response = await t.get('/api/admin/dashboard', { cookie: member.cookie });
    expect(response.statusCode, response.body).toBe(200);
    return { body: response.body, keys: Object.keys(response.json() as object).sort() };
  };

  it("Support's dashboard response holds no money field, only the service figures", async () => {
    await createOrder(t.db, { status: 'confirmed' });
    const support = await dashboardOf(['support']);
    expect(support.keys).toEqual(['currency', 'service']);
    expect(support.body).not.toMatch(moneyKeys);
  });

  it("Operations' dashboard response holds no money field: production, batches and exports", async () => {
    const before = JSON.parse((await dashboardOf(['operations'])).body).production.toStart;
    await createOrder(t.db, { status: 'confirmed', configuration: { batch: 'batch-2', quantity: 2 } });
    const operations = await dashboardOf(['operations']);
    expect(operations.keys).toEqual([
      'batchPlaces',
      'batchesPastShipDate',
      'currency',
      'exportProofMissing',
      'production',
    ]);
    expect(operations.body).not.toMatch(moneyKeys);
    expect(JSON.parse(operations.body).production.toStart).toEqual({
      orders: before.orders + 1,
      instruments: before.instruments + 2,
    });
  });

  it('Finance sees the money and no service figures; the Owner sees every figure', async () => {
    const finance = await dashboardOf(['finance']);
    expect(finance.keys).toContain('outstanding');
    expect(finance.keys).not.toContain('service');
    expect(finance.keys).not.toContain('openQuotes');
    const owner = await dashboardOf(['owner']);
    expect(owner.keys).toEqual(
      expect.arrayContaining(['outstanding', 'openQuotes', 'depositsAwaiting', 'production', 'service', 'weekly']),
    );
  });
});
