// @engine: a race for one quote
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AccountQuote } from '../../shared/accounts/account-quotes';
import type { OrderResource } from '../../shared/order-flow';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { createOrder as createOrderRow, createQuote, createUser, guestBilling } from '../../../tests/support/factories';
import { signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { orders, quotes } from '../db/schema';

const start = new Date('2026-11-20T09:00:00.000Z');
const customer = { email: 'buyer@example.com', firstName: 'Grace', lastName: 'Hopper', organization: 'Navy Labs' };

describe('a quote is ordered once (issue 23)', () => {
  const t = useTestApp({ now: start });

  const newQuote = async (cookie?: string) => {
    const response = await t.post(
      '/api/quotes',
      { configuration: defaultSelection, customerInfo: customer, flowType: 'quote' },
      cookie ? { cookie } : {},
    );
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { quote: QuoteResource }).quote;
  };
  const orderFrom = (reference: string, email = 'buyer@example.com', cookie?: string) =>
    t.post(
      '/api/orders',
      {
        quoteReference: reference,
        billing: guestBilling(email),
        acceptTerms: true,
        idempotencyKey: randomUUID(),
      },
      cookie ? { cookie } : {},
    );
  const ordersOf = async (quoteId: string) => t.db.select().from(orders).where(eq(orders.quoteId, quoteId));

  it('marks the quote accepted with its order, and refuses a second order from any browser', async () => {
    const quote = await newQuote();
    expect(quote.order).toBeNull();
    const first = await orderFrom(quote.reference);
    expect(first.statusCode, first.body).toBe(201);
    const { order } = first.json() as { order: OrderResource };
    expect(order.quoteId).toBe(quote.id);

    const [row] = await t.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(row?.status).toBe('accepted');
    const read = (await t.get(`/api/quotes/${quote.reference}`)).json() as { quote: QuoteResource };
    expect(read.quote.status).toBe('accepted');
    expect(read.quote.order).toEqual({ id: order.id, orderNumber: order.orderNumber });

    // Another browser: its own idempotency key, another buyer's e-mail.
    const second = await orderFrom(quote.reference, 'colleague@example.com');
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({
      code: 'quote_already_ordered',
      message: 'This quote has already been ordered',
      messageId: 'orderRefusal.quoteAlreadyOrdered',
    });
    // Even with a different configuration (the quote's frozen prices would not apply).
    const changed = await t.post('/api/orders', {
      quoteReference: quote.reference,
      configuration: { ...defaultSelection, quantity: 2 },
      billing: guestBilling(),
      acceptTerms: true,
      idempotencyKey: randomUUID(),
    });
    expect(changed.statusCode).toBe(409);
    expect(await ordersOf(quote.id)).toHaveLength(1);

    // An ordered quote never turns 'expired' afterwards.
    t.clock.now = new Date(start.getTime() + 30 * 24 * 3600 * 1000);
    try {
      const later = (await t.get(`/api/quotes/${quote.reference}`)).json() as { quote: QuoteResource };
      expect(later.quote.status).toBe('accepted');
    } finally {
      t.clock.now = start;
    }
  });

  it('lets exactly one of two concurrent orders from one quote succeed', async () => {
    const quote = await newQuote();
    const answers = await Promise.all([
      orderFrom(quote.reference, 'first@example.com'),
      orderFrom(quote.reference, 'second@example.com'),
      orderFrom(quote.reference, 'third@example.com'),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409]);
    for (const answer of answers.filter((candidate) => candidate.statusCode === 409))
      expect(answer.json().error.message).toBe('This quote has already been ordered');
    expect(await ordersOf(quote.id)).toHaveLength(1);
  });

  it('has the database refuse a second order row for one quote', async () => {
    const quote = await createQuote(t.db);
    await createOrderRow(t.db, { quoteId: quote.id });
    await expect(createOrderRow(t.db, { quoteId: quote.id })).rejects.toThrow();
    expect(await ordersOf(quote.id)).toHaveLength(1);
  });

  it('still refuses an expired quote', async () => {
    const quote = await newQuote();
    t.clock.now = new Date(start.getTime() + 8 * 24 * 3600 * 1000);
    try {
      const late = await orderFrom(quote.reference);
      expect(late.statusCode).toBe(409);
      expect(late.json().error.code).toBe('quote_expired');
      expect(await ordersOf(quote.id)).toHaveLength(0);
    } finally {
      t.clock.now = start;
    }
  });

  it('shows the ordered quote in My Account with its order', async () => {
    const { user } = await createUser(t.db, { email: 'lab-manager@example.com' });
    const cookie = await signIn(t, user.email);
    const quote = await newQuote(cookie);
    const open = (await t.get('/api/account/quotes', { cookie })).json() as { quotes: AccountQuote[] };
    expect(open.quotes.find((entry) => entry.id === quote.id)).toMatchObject({ status: 'sent', order: null });

    const placed = await orderFrom(quote.reference, 'lab-manager@example.com', cookie);
    expect(placed.statusCode, placed.body).toBe(201);
    const { order } = placed.json() as { order: OrderResource };
    const listed = (await t.get('/api/account/quotes', { cookie })).json() as { quotes: AccountQuote[] };
    expect(listed.quotes.find((entry) => entry.id === quote.id)).toMatchObject({
      status: 'accepted',
      order: { id: order.id, orderNumber: order.orderNumber, own: true },
    });
  });
});
