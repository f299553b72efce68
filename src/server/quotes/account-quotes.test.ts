import { describe, expect, it } from 'vitest';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import { createQuote, createUser } from '../../../tests/support/factories';
import { signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';

const now = new Date('2026-05-10T12:00:00.000Z');
const day = 24 * 3600 * 1000;

describe('GET /api/account/quotes', () => {
  const t = useTestApp({ now });

  it("lists only the signed-in customer's quotes, newest first, with total, validity and status", async () => {
    const { user } = await createUser(t.db, { email: 'quotes-owner@example.com' });
    const { user: other } = await createUser(t.db, { email: 'quotes-other@example.com' });
    const line = (id: string, total: number) => ({ id, name: id, unitPrice: total, quantity: 1, total });
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

  it('answers a guest 401', async () => {
    const response = await t.get('/api/account/quotes');
    expect(response.statusCode).toBe(401);
  });
});
