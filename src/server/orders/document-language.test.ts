import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defaultLanguageFor } from '../../shared/i18n/languages';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { auditLog, orders, quotes } from '../db/schema';

const customer = (email: string) => ({ email, firstName: 'Ada', lastName: 'Lovelace', organization: 'Lab' });

const billing = (email: string, country: string) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  company: 'Lab',
  email,
  address: '1 Rue de la Paix',
  city: 'Town',
  postalCode: country === 'GB' ? 'SW1Y 4JH' : '69120',
  country,
});

describe('the language of a buyer’s documents (issue 40)', () => {
  const t = useTestApp({ now: new Date('2026-11-03T09:00:00.000Z') });

  it('defaults from the country: DE, AT, LI German; FR, LU, BE French; anything else English', () => {
    expect(['DE', 'AT', 'LI', 'FR', 'LU', 'BE', 'GB', 'NL', 'CH', 'US', ''].map(defaultLanguageFor)).toEqual([
      'de',
      'de',
      'de',
      'fr',
      'fr',
      'fr',
      'en',
      'en',
      'en',
      'en',
      'en',
    ]);
  });

  it('a quote takes the configurator country’s default, or the buyer’s pick; an unknown language is 400', async () => {
    const german = await t.post('/api/quotes', {
      configuration: { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'DE' },
      customerInfo: customer('heidelberg@example.com'),
    });
    expect(german.statusCode, german.body).toBe(201);
    expect((german.json() as { quote: QuoteResource }).quote.language).toBe('de');

    // A Belgian buyer is preset to French and can pick English instead.
    const picked = await t.post('/api/quotes', {
      configuration: { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'BE' },
      customerInfo: customer('brussels@example.com'),
      language: 'en',
    });
    expect(picked.statusCode, picked.body).toBe(201);
    const { quote } = picked.json() as { quote: QuoteResource };
    const [row] = await t.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(row?.language).toBe('en');

    const refused = await t.post('/api/quotes', {
      configuration: defaultSelection,
      customerInfo: customer('klingon@example.com'),
      language: 'tlh',
    });
    expect(refused.statusCode).toBe(400);
  });

  it('an order from a quote keeps the quote’s language; an order may pick its own; without either, the billing country’s', async () => {
    const made = await t.post('/api/quotes', {
      configuration: { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'FR' },
      customerInfo: customer('lyon@example.com'),
      flowType: 'order',
    });
    const { quote } = made.json() as { quote: QuoteResource };
    expect(quote.language).toBe('fr');
    const fromQuote = await t.post('/api/orders', {
      quoteReference: quote.reference,
      billing: billing('lyon@example.com', 'FR'),
      acceptTerms: true,
      idempotencyKey: randomUUID(),
    });
    expect(fromQuote.statusCode, fromQuote.body).toBe(201);
    expect((fromQuote.json() as { order: { language: string } }).order.language).toBe('fr');

    const chosen = await t.post('/api/orders', {
      configuration: { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'DE' },
      billing: billing('heidelberg-en@example.com', 'DE'),
      acceptTerms: true,
      idempotencyKey: randomUUID(),
      language: 'en',
    });
    expect(chosen.statusCode, chosen.body).toBe(201);
    expect((chosen.json() as { order: { language: string } }).order.language).toBe('en');

    const byCountry = await t.post('/api/orders', {
      configuration: { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'DE' },
      billing: billing('vaduz@example.com', 'DE'),
      acceptTerms: true,
      idempotencyKey: randomUUID(),
    });
    expect((byCountry.json() as { order: { language: string } }).order.language).toBe('de');

    const refused = await t.post('/api/orders', {
      configuration: defaultSelection,
      billing: billing('nowhere@example.com', 'GB'),
      acceptTerms: true,
      idempotencyKey: randomUUID(),
      language: 'es',
    });
    expect(refused.statusCode).toBe(400);
  });

  it('staff with orders.edit change it, audited; a role without orders.edit is refused; a bad language is 400', async () => {
    const placed = await t.post('/api/orders', {
      configuration: defaultSelection,
      billing: billing('change@example.com', 'GB'),
      acceptTerms: true,
      idempotencyKey: randomUUID(),
    });
    const { order } = placed.json() as { order: { id: string; language: string } };
    expect(order.language).toBe('en');

    const finance = await createAdminSession(t, t.db, ['finance']);
    const forbidden = await t.put(
      `/api/admin/orders/${order.id}/language`,
      { language: 'de' },
      { cookie: finance.cookie },
    );
    expect(forbidden.statusCode).toBe(403);

    const admin = await createAdminSession(t);
    const bad = await t.put(`/api/admin/orders/${order.id}/language`, { language: 'xx' }, { cookie: admin.cookie });
    expect(bad.statusCode).toBe(400);
    const changed = await t.put(`/api/admin/orders/${order.id}/language`, { language: 'de' }, { cookie: admin.cookie });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((changed.json() as { order: { language: string } }).order.language).toBe('de');
    const [row] = await t.db.select({ language: orders.language }).from(orders).where(eq(orders.id, order.id));
    expect(row?.language).toBe('de');
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'order.language'));
    expect(entry).toMatchObject({ entityId: order.id, before: { language: 'en' }, after: { language: 'de' } });
  });
});
