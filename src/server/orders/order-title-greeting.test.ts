import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { classics } from '../../../tests/support/hostile-values';
import { useTestApp } from '../../../tests/support/test-app';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { mailOutbox } from '../db/schema';
import { collectPersonData } from '../privacy/data-export';

/**
 * Issue 53 (decision 0082): the buyer's title, asked beside the name, makes the German and French
 * e-mails greet formally with the family name; without one they greet with the full name, as before.
 */
const places = {
  de: { country: 'DE', city: 'Heidelberg', postalCode: '69120', address: '1 Hauptstraße', powerAdaptor: 'eu-power' },
  fr: { country: 'FR', city: 'Lyon', postalCode: '69007', address: '1 rue de la Paix', powerAdaptor: 'eu-power' },
  en: { country: 'GB', city: 'London', postalCode: 'N1 9GU', address: '1 Difference Lane', powerAdaptor: 'uk-power' },
} as const;

interface Buyer {
  language: keyof typeof places;
  title?: unknown;
  firstName: string;
  lastName: string;
}

describe('the title in the greeting of a quote’s and an order’s e-mails (issue 53)', () => {
  const t = useTestApp({ now: new Date('2026-11-03T09:00:00.000Z') });

  /** A quote made in the buyer's language with their title. */
  async function quoteFor(buyer: Buyer, email: string) {
    const place = places[buyer.language];
    const title = buyer.title === undefined ? {} : { title: buyer.title };
    const made = await t.post('/api/quotes', {
      configuration: {
        ...defaultSelection,
        powerAdaptor: place.powerAdaptor,
        customerCountry: place.country,
        batch: 'batch-2',
      },
      customerInfo: {
        email,
        ...title,
        firstName: buyer.firstName,
        lastName: buyer.lastName,
        organization: 'Institut für Strömungslehre',
      },
      language: buyer.language,
    });
    expect(made.statusCode, made.body).toBe(201);
    return (made.json() as { quote: QuoteResource }).quote;
  }

  /**
   * A quote made in the buyer's language with their title, then a guest order from it with the same
   * (the order form's family name may differ: `billingLastName`, which the quote's name rule would refuse).
   */
  async function order(buyer: Buyer, email = `${randomUUID()}@example.com`, billingLastName = buyer.lastName) {
    const place = places[buyer.language];
    const title = buyer.title === undefined ? {} : { title: buyer.title };
    const quote = await quoteFor(buyer, email);
    const placed = await t.post('/api/orders', {
      quoteReference: quote.reference,
      billing: {
        ...title,
        firstName: buyer.firstName,
        lastName: billingLastName,
        company: 'Institut für Strömungslehre',
        email,
        address: place.address,
        city: place.city,
        postalCode: place.postalCode,
        country: place.country,
      },
      acceptTerms: true,
      idempotencyKey: randomUUID(),
      language: buyer.language,
    });
    return { email, quote, placed };
  }

  /** The outbox row of a kind to the address (the row written, as the buyer receives it). */
  const mailOf = async (to: string, kind: string) => {
    const [row] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind)))
      .orderBy(asc(mailOutbox.createdAt));
    if (!row) throw new Error(`no ${kind} e-mail to ${to}`);
    return row;
  };

  it('a German guest order with the title Herr and the last name Becker: its confirmation e-mail begins "Guten Tag Herr Becker,", its quote e-mail and the later status e-mail too', async () => {
    const { email, placed } = await order({ language: 'de', title: 'mr', firstName: 'Thomas', lastName: 'Becker' });
    expect(placed.statusCode, placed.body).toBe(201);
    const received = await mailOf(email, 'order_received');
    expect(received.language).toBe('de');
    expect(received.textBody.startsWith('Guten Tag Herr Becker,\n')).toBe(true);
    expect((await mailOf(email, 'quote_created')).textBody.startsWith('Guten Tag Herr Becker,\n')).toBe(true);

    // A later e-mail finds its recipient through orderRecipient, which gives the title with the name.
    const orderId = (placed.json() as { order: { id: string } }).order.id;
    const admin = await createAdminSession(t);
    const confirmed = await t.patch(`/api/admin/orders/${orderId}`, { status: 'confirmed' }, { cookie: admin.cookie });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await mailOf(email, 'order_confirmed')).textBody.startsWith('Guten Tag Herr Becker,\n')).toBe(true);

    // Staff see the title before the name: the order's customer and the new-order notice.
    const shown = await t.get(`/api/admin/orders/${orderId}`, { cookie: admin.cookie });
    expect(shown.json()).toMatchObject({ order: { customer: { name: 'Thomas Becker', title: 'mr' } } });

    // The guest's data export gives the title with the order and the quote.
    const exported = await collectPersonData(t.db, { email, userId: null }, t.clock.now, 'http://x');
    expect(exported.data.orders).toMatchObject([{ title: 'mr' }]);
    expect(exported.data.quotes).toMatchObject([{ customerInfo: { title: 'mr', lastName: 'Becker' } }]);
  });

  it('a German order with the title Frau: "Guten Tag Frau Becker,"', async () => {
    const { email, placed } = await order({ language: 'de', title: 'ms', firstName: 'Anna', lastName: 'Becker' });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await mailOf(email, 'order_received')).textBody.startsWith('Guten Tag Frau Becker,\n')).toBe(true);
  });

  it('a French order from Madame Martin: "Bonjour Madame Martin,"', async () => {
    const { email, placed } = await order({ language: 'fr', title: 'ms', firstName: 'Claire', lastName: 'Martin' });
    expect(placed.statusCode, placed.body).toBe(201);
    const received = await mailOf(email, 'order_received');
    expect(received.language).toBe('fr');
    expect(received.textBody.startsWith('Bonjour Madame Martin,\n')).toBe(true);
  });

  it('no title (absent, or the select’s empty "—"): the full-name greeting as before', async () => {
    const absent = await order({ language: 'de', firstName: 'Thomas', lastName: 'Becker' });
    expect(absent.placed.statusCode, absent.placed.body).toBe(201);
    expect((await mailOf(absent.email, 'order_received')).textBody.startsWith('Guten Tag Thomas Becker,\n')).toBe(true);
    const empty = await order({ language: 'fr', title: '', firstName: 'Claire', lastName: 'Martin' });
    expect(empty.placed.statusCode, empty.placed.body).toBe(201);
    expect((await mailOf(empty.email, 'order_received')).textBody.startsWith('Bonjour Claire Martin,\n')).toBe(true);
    const orderId = (empty.placed.json() as { order: { id: string } }).order.id;
    const admin = await createAdminSession(t);
    const shown = await t.get(`/api/admin/orders/${orderId}`, { cookie: admin.cookie });
    expect(shown.json()).toMatchObject({ order: { customer: { name: 'Claire Martin', title: null } } });
  });

  it('English with a title: "Dear Mr Becker," (the en catalogue’s)', async () => {
    const { email, placed } = await order({ language: 'en', title: 'mr', firstName: 'Thomas', lastName: 'Becker' });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await mailOf(email, 'order_received')).textBody.startsWith('Dear Mr Becker,\n')).toBe(true);
  });

  it('an invalid title is refused with 400 and the field named, on the order and on the quote', async () => {
    const email = `${randomUUID()}@example.com`;
    const quote = await quoteFor({ language: 'de', title: 'mr', firstName: 'Thomas', lastName: 'Becker' }, email);
    const refused = await t.post('/api/orders', {
      quoteReference: quote.reference,
      billing: {
        title: 'dr',
        firstName: 'Thomas',
        lastName: 'Becker',
        email,
        address: '1 Hauptstraße',
        city: 'Heidelberg',
        postalCode: '69120',
        country: 'DE',
      },
      acceptTerms: true,
      idempotencyKey: randomUUID(),
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect((refused.json() as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      'billing.title': 'Choose Mr, Ms or no title',
    });

    for (const title of ['Herr', 'MR', 'mrs', 1, ['mr'], { mr: true }]) {
      const quote = await t.post('/api/quotes', {
        configuration: { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'DE' },
        customerInfo: { email, title, firstName: 'Thomas', lastName: 'Becker', organization: 'Institut' },
        language: 'de',
      });
      expect(quote.statusCode, `${JSON.stringify(title)}: ${quote.body}`).toBe(400);
      expect(Object.keys((quote.json() as { error: { fields: Record<string, string> } }).error.fields)).toEqual([
        'customerInfo.title',
      ]);
    }
  });

  it('a hostile family name beside a title is written as text: no markup in the e-mail, staff read the name as stored with the title apart', async () => {
    const hostile = classics.find((value) => value.startsWith('<script>')) ?? '<script>alert(1)</script>';
    const { email, placed } = await order(
      { language: 'de', title: 'ms', firstName: 'Eve', lastName: 'Becker' },
      `${randomUUID()}@example.com`,
      hostile,
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const received = await mailOf(email, 'order_received');
    // The greeting is plain text: the order form's cleaning drops the name's angle brackets (as for any
    // name), and no markup reaches the text or an html body.
    const greeting = received.textBody.split('\n')[0] ?? '';
    expect(greeting.startsWith('Guten Tag Frau ')).toBe(true);
    expect(greeting).toContain('alert(1)');
    expect(received.textBody).not.toContain('<script');
    expect(received.htmlBody ?? '').not.toContain('<script');
    const orderId = (placed.json() as { order: { id: string } }).order.id;
    const admin = await createAdminSession(t);
    const shown = await t.get(`/api/admin/orders/${orderId}`, { cookie: admin.cookie });
    const customer = (shown.json() as { order: { customer: { name: string; title: string } } }).order.customer;
    expect(customer.title).toBe('ms');
    expect(customer.name).toBe(greeting.replace(/^Guten Tag Frau /, 'Eve ').replace(/,$/, ''));
    expect(customer.name).not.toContain('<');
  });
});
