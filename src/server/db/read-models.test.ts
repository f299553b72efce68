// @engine: every read model's SQL, once on each database (docs/decisions/0073-a-pipeline-for-two-cores.md)
import { describe, expect, it } from 'vitest';
import { createOrder, createQuote, createUser, payInFull } from '../../../tests/support/factories';
import { useTestApp } from '../../../tests/support/test-app';
import { adminCustomerListQuerySchema } from '../../shared/customers/customer-schemas';
import { agedDebtQuerySchema } from '../../shared/reporting/receivables-schemas';
import { adminInstrumentListQuerySchema } from '../../shared/instruments/instrument-schemas';
import { adminListQuerySchema } from '../../shared/lists';
import { adminOrderListQuerySchema } from '../../shared/orders/order-admin-contracts';
import { adminQuoteListQuerySchema } from '../../shared/quotes/quote-list-contracts';
import { paymentsRegisterQuerySchema } from '../../shared/reporting/payments-register-contracts';
import { adminServiceListQuerySchema } from '../../shared/service-requests/service-contracts';
import { customerBatches, listCustomers, loadCustomer } from '../customers/customers';
import { instrumentBatches, listInstruments } from '../instruments/instrument-list';
import { loadOrderLedger } from '../order-records/order-ledger';
import { listOrders, orderBatches } from '../orders/order-list';
import { loadOrderModels } from '../order-records/order-read-model';
import { listQuotes, quoteBatches } from '../quotes/quote-list';
import { orderExportBatches, loadRegister } from '../reporting/accounting-export';
import { loadAgedDebt } from '../reporting/aged-debt';
import { loadDashboard } from '../reporting/dashboard';
import { loadPaymentsRegister } from '../reporting/payments-register';
import { listServiceRequests, serviceRequestBatches } from '../service-requests/service-list';
import { listUsers } from '../staff/user-list';
import { orders } from './schema';

/**
 * The PostgreSQL pass runs only the test files the engine can change (`// @engine`); the SQL of the
 * admin lists, the reports and the order read model is written by hand, and PGlite and PostgreSQL
 * could parse or type it differently. This file runs each of those queries once on a few rows, on
 * whichever database the run uses, and checks that the rows come back.
 */
describe('the read models on this database', () => {
  const now = new Date();
  const t = useTestApp({ now });
  const today = now.toISOString().slice(0, 10);

  const seed = async () => {
    const buyer = await createUser(t.db, { email: 'reader@example.com' });
    const quote = await createQuote(t.db);
    const order = await createOrder(t.db, { userId: buyer.user.id });
    await payInFull(t.db, order);
    return { buyer, quote, order };
  };

  const all = async <T>(batches: AsyncIterable<T[]>) => {
    const rows: T[] = [];
    for await (const batch of batches) rows.push(...batch);
    return rows;
  };

  it('lists, exports and reports the rows just written', async () => {
    const { buyer, quote, order } = await seed();

    const orderQuery = adminOrderListQuerySchema.parse({});
    const orderPage = await listOrders(t.db, orderQuery, now);
    expect(orderPage.items.map((item) => item.orderNumber)).toContain(order.orderNumber);
    expect(orderPage.total).toBe(1);
    expect((await all(orderBatches(t.db, orderQuery, 1000, now))).map((item) => item.orderNumber)).toEqual([
      order.orderNumber,
    ]);
    expect((await all(orderExportBatches(t.db, orderQuery, now))).length).toBe(1);

    const quoteQuery = adminQuoteListQuerySchema.parse({});
    expect((await listQuotes(t.db, quoteQuery, now)).items.map((item) => item.quoteNumber)).toContain(
      quote.quoteNumber,
    );
    expect((await all(quoteBatches(t.db, quoteQuery, now))).length).toBeGreaterThanOrEqual(1);

    const serviceQuery = adminServiceListQuerySchema.parse({});
    expect((await listServiceRequests(t.db, serviceQuery)).total).toBe(0);
    expect(await all(serviceRequestBatches(t.db, serviceQuery))).toEqual([]);

    const instrumentQuery = adminInstrumentListQuerySchema.parse({});
    expect((await listInstruments(t.db, instrumentQuery, now)).total).toBe(0);
    expect(await all(instrumentBatches(t.db, instrumentQuery, now))).toEqual([]);

    const users = await listUsers(t.db, adminListQuerySchema.parse({}));
    expect(users.items.map((item) => item.email)).toContain(buyer.user.email);

    const customerQuery = adminCustomerListQuerySchema.parse({});
    const customers = await listCustomers(t.db, customerQuery);
    expect(customers.total).toBeGreaterThanOrEqual(1);
    expect((await all(customerBatches(t.db, customerQuery))).length).toBe(customers.total);
    const first = customers.items[0];
    if (!first) throw new Error('no customer listed');
    expect((await loadCustomer(t.db, first.key, now)).orders.length).toBeGreaterThanOrEqual(0);

    const [row] = await t.db.select().from(orders);
    if (!row) throw new Error('no order row');
    const [model] = await loadOrderModels(t.db, [row]);
    expect(model?.payments.map((payment) => payment.amount)).toEqual([order.totalAmount]);
    expect(model?.history.map((entry) => entry.newStatus)).toEqual(['pending']);
    expect((await loadOrderLedger(t.db, row)).received).toBe(order.totalAmount);

    expect((await loadDashboard(t.db, now)).outstanding).toBeDefined();
    expect((await loadAgedDebt(t.db, now, agedDebtQuerySchema.parse({}))).asOf).toBe(today);
    const payments = await loadPaymentsRegister(t.db, paymentsRegisterQuerySchema.parse({ from: today, to: today }));
    expect(payments.items.map((item) => item.amount)).toEqual([order.totalAmount]);
    expect(await loadRegister(t.db, today, today)).toEqual([]);
  });
});
