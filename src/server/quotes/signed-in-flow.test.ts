import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import { createUser } from '../../../tests/support/factories';
import { signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { orders, profiles, quotes } from '../db/schema';

const billing = (email: string) => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  company: 'Navy Labs',
  email,
  phone: '',
  address: '1 Harbour Road',
  city: 'Lancaster',
  state: '',
  postalCode: 'LA1 1AA',
  country: 'GB',
});

describe('the storefront flows for a signed-in customer', () => {
  const t = useTestApp();

  it('ties the quote to the user and updates the profile from it', async () => {
    const { user } = await createUser(t.db, {
      email: 'grace@example.com',
      firstName: null,
      lastName: null,
      company: null,
    });
    const cookie = await signIn(t, 'grace@example.com');
    const response = await t.post(
      '/api/quotes',
      {
        configuration: defaultSelection,
        customerInfo: { email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper', organization: 'Navy Labs' },
        flowType: 'quote',
      },
      { cookie },
    );
    expect(response.statusCode).toBe(201);
    const reference = response.json().quote.reference as string;
    const [quote] = await t.db.select().from(quotes).where(eq(quotes.quoteReference, reference));
    expect(quote?.userId).toBe(user.id);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', company: 'Navy Labs' });
  });

  it('leaves a guest quote without a user and touches no profile', async () => {
    const response = await t.post('/api/quotes', {
      configuration: defaultSelection,
      customerInfo: { email: 'guest@example.com', firstName: 'Guest', lastName: 'Person', organization: 'Somewhere' },
      flowType: 'quote',
    });
    const [quote] = await t.db
      .select()
      .from(quotes)
      .where(eq(quotes.quoteReference, response.json().quote.reference as string));
    expect(quote?.userId).toBeNull();
  });

  it('ties the order to the user, who then finds it in My Account', async () => {
    const { user } = await createUser(t.db, { email: 'order-owner@example.com' });
    const cookie = await signIn(t, 'order-owner@example.com');
    const placed = await t.post(
      '/api/orders',
      {
        configuration: defaultSelection,
        billing: billing('order-owner@example.com'),
        notes: '',
        idempotencyKey: crypto.randomUUID(),
        acceptTerms: true,
      },
      { cookie },
    );
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().order.id as string;
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row?.userId).toBe(user.id);
    const mine = await t.get('/api/account/orders', { cookie });
    expect(mine.statusCode).toBe(200);
    expect((mine.json().orders as { id: string }[]).map((order) => order.id)).toContain(orderId);
  });
});
