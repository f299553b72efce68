import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AccountQuote } from '../../shared/accounts/account-quotes';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { createOrder, createQuote, createUser, guestBilling } from '../../../tests/support/factories';
import { signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';

const now = new Date('2026-05-10T12:00:00.000Z');
const day = 24 * 3600 * 1000;

describe('GET /api/account/quotes', () => {
  const t = useTestApp({ now });

  it("lists only the signed-in customer's quotes, newest first, with total, validity and status", async () => {
    const { user } = await createUser(t.db, { email: 'quotes-owner@example.com' });
    const { user: other } = await createUser(t.db, { email: 'quotes-other@example.com' });
    const line = (id: string, total: number) => ({
      id,
      name: id,
      unitPrice: total,
      quantity: 1,
      total,
      supply: id === '3-year' ? 'services' : 'goods',
      vatTreatment: 'standard',
      vatRate: 20,
      vat: Math.round(total / 5),
    });
    const pricing = {
      items: {
        baseConfiguration: line('dropwise-standard', 285000),
        powerAdaptor: line('uk-power', 0),
        syringeHolders: [],
        adaptors: [],
        servicing: line('3-year', 108375),
        accessories: [],
        shipping: line('fedex-priority', 13500),
      },
      totals: {
        basePrice: 285000,
        accessoryTotal: 0,
        adaptorTotal: 0,
        syringeHolderTotal: 0,
        powerAdaptorTotal: 0,
        shippingTotal: 13500,
        servicingTotal: 108375,
        subtotal: 406875,
        vat: 81375,
        total: 488250,
        deposit: 244125,
        showVAT: true,
        vatSummary: [],
      },
    };
    const expired = await createQuote(t.db, {
      userId: user.id,
      quoteNumber: 'Q2026-1001',
      createdAt: new Date(now.getTime() - 20 * day),
      validUntil: new Date(now.getTime() - 13 * day),
      configuration: { ...defaultSelection, pricing },
    });
    const valid = await createQuote(t.db, {
      userId: user.id,
      quoteNumber: 'Q2026-1002',
      currency: 'EUR',
      createdAt: new Date(now.getTime() - day),
      validUntil: new Date(now.getTime() + 6 * day),
      configuration: {
        ...defaultSelection,
        customerCountry: 'DE',
        pricing: { ...pricing, totals: { ...pricing.totals, total: 512300 } },
      },
    });
    await createQuote(t.db, { userId: other.id, quoteNumber: 'Q2026-1003', createdAt: now });
    await createQuote(t.db, { userId: null, quoteNumber: 'Q2026-1004', createdAt: now });

    const cookie = await signIn(t, user.email);
    const response = await t.get('/api/account/quotes', { cookie });
    expect(response.statusCode).toBe(200);
    const { quotes } = response.json() as { quotes: Record<string, unknown>[] };
    expect(quotes).toEqual([
      {
        id: valid.id,
        quoteNumber: 'Q2026-1002',
        reference: valid.quoteReference,
        createdAt: valid.createdAt.toISOString(),
        validUntil: valid.validUntil?.toISOString(),
        status: 'sent',
        currency: 'EUR',
        totalAmount: 512300,
        order: null,
      },
      {
        id: expired.id,
        quoteNumber: 'Q2026-1001',
        reference: expired.quoteReference,
        createdAt: expired.createdAt.toISOString(),
        validUntil: expired.validUntil?.toISOString(),
        status: 'expired',
        currency: 'GBP',
        totalAmount: 488250,
        order: null,
      },
    ]);
  });

  it('reads "accepted" with its order once Order Now has made one, so My Quotes offers no second order (issue 38)', async () => {
    const { user } = await createUser(t.db, { email: 'order-now@example.com' });
    const cookie = await signIn(t, user.email);
    const customerInfo = { email: user.email, firstName: 'Ada', lastName: 'Lovelace', organization: 'Engines' };
    const made = await t.post(
      '/api/quotes',
      { configuration: defaultSelection, customerInfo, flowType: 'order' },
      { cookie },
    );
    expect(made.statusCode, made.body).toBe(201);
    const { quote } = made.json() as { quote: QuoteResource };
    const before = (await t.get('/api/account/quotes', { cookie })).json() as { quotes: AccountQuote[] };
    expect(before.quotes.map((q) => [q.quoteNumber, q.status, q.order])).toEqual([[quote.quoteNumber, 'sent', null]]);

    const placed = await t.post(
      '/api/orders',
      {
        quoteReference: quote.reference,
        billing: guestBilling(user.email),
        acceptTerms: true,
        idempotencyKey: randomUUID(),
      },
      { cookie },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const { order } = placed.json() as { order: { id: string; orderNumber: string } };
    const after = (await t.get('/api/account/quotes', { cookie })).json() as { quotes: AccountQuote[] };
    expect(after.quotes).toMatchObject([
      { id: quote.id, status: 'accepted', order: { id: order.id, orderNumber: order.orderNumber, own: true } },
    ]);
  });

  it('reads "accepted", never "expired" or "sent", for a quote an order names though its row was never marked', async () => {
    const { user } = await createUser(t.db, { email: 'old-order@example.com' });
    const lapsed = await createQuote(t.db, {
      userId: user.id,
      status: 'sent',
      validUntil: new Date(now.getTime() - 30 * day),
    });
    const ordered = await createOrder(t.db, { userId: user.id, quoteId: lapsed.id });
    const cookie = await signIn(t, user.email);
    const { quotes } = (await t.get('/api/account/quotes', { cookie })).json() as { quotes: AccountQuote[] };
    expect(quotes).toMatchObject([
      { id: lapsed.id, status: 'accepted', order: { id: ordered.id, orderNumber: ordered.orderNumber, own: true } },
    ]);
    const page = (await t.get(`/api/quotes/${lapsed.quoteReference}`)).json() as { quote: QuoteResource };
    expect(page.quote.status).toBe('accepted');
  });

  it('answers a guest 401', async () => {
    const response = await t.get('/api/account/quotes');
    expect(response.statusCode).toBe(401);
  });
});
