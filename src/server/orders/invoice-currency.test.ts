import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { enterMonthlyRates } from '../../../tests/support/exchange-rates';
import { pdfText } from '../../../tests/support/pdf-text';
import { useTestApp } from '../../../tests/support/test-app';
import type { OrderPriceAnswer, OrderResource } from '../../shared/order-flow';
import type { Invoice } from '../../shared/orders/invoice-schema';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { invoices, orderItems } from '../db/schema';

/**
 * Issue 51, decision 0085: the invoice currency follows the billing country, with the buyer's choice
 * where the billing and delivery countries use different currencies. VAT is not touched by the choice.
 */
const start = new Date('2026-11-02T09:00:00.000Z');
const toGermany = { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'DE' };
const toBritain = { ...defaultSelection, customerCountry: 'GB' };

const person = { firstName: 'Ada', lastName: 'Lovelace', email: 'currency@example.com', phone: '' };
const ukBilling = {
  ...person,
  company: 'Engines Ltd',
  address: '12 St James Square',
  city: 'London',
  state: '',
  postalCode: 'SW1Y 4JH',
  country: 'GB',
};
const germanBilling = {
  ...person,
  company: 'Labor GmbH',
  address: 'Im Neuenheimer Feld 280',
  city: 'Heidelberg',
  state: '',
  postalCode: '69120',
  country: 'DE',
};
const amount = (minor: number) => (minor / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 });
const addressOf = ({ email: _email, ...billing }: typeof ukBilling) => billing;

interface Placed {
  order: OrderResource;
}

describe('the invoice currency follows the billing country, with the buyer’s choice where both fit (issue 51)', () => {
  const t = useTestApp({ now: start });
  beforeAll(() => enterMonthlyRates(t.db));

  const placeOrder = (body: Record<string, unknown>) =>
    t.post('/api/orders', { acceptTerms: true, notes: '', idempotencyKey: randomUUID(), ...body });
  /** A UK company billed in London, the goods going to its lab in Heidelberg. */
  const ukCompanyToGermany = (currency?: 'GBP' | 'EUR') =>
    placeOrder({
      configuration: toGermany,
      billing: ukBilling,
      shipping: addressOf(germanBilling),
      ...(currency ? { currency } : {}),
    });
  const price = async (body: Record<string, unknown>) => {
    const response = await t.post('/api/orders/price', body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as OrderPriceAnswer;
  };
  const catalogueTotal = async (currency: 'GBP' | 'EUR') => {
    const response = await t.post('/api/pricing', { configuration: currency === 'GBP' ? toBritain : toGermany });
    return (response.json() as { totals: { subtotal: number } }).totals.subtotal;
  };

  it('GB billing, delivery to Germany: offered GBP and EUR, GBP by default, priced from the catalogue’s pounds', async () => {
    const answer = await price({ configuration: toGermany, billing: { country: 'GB', vatNumber: '' } });
    expect(answer.currencies).toEqual(['GBP', 'EUR']);
    expect(answer.pricing.currency).toBe('GBP');
    // The same nets the catalogue gives a UK delivery in pounds (the power adaptor aside, both are "Included").
    expect(answer.pricing.totals.subtotal).toBe(await catalogueTotal('GBP'));

    const placed = await ukCompanyToGermany();
    expect(placed.statusCode, placed.body).toBe(201);
    const order = (placed.json() as Placed).order;
    expect(order.currency).toBe('GBP');
    expect(order.subtotalAmount).toBe(answer.pricing.totals.subtotal);
    expect(order.totalAmount).toBe(answer.pricing.totals.total);
    // Each line as written is the catalogue's pound price.
    const rows = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const base = rows.find((row) => row.itemType === 'base_configuration');
    expect(base?.unitPrice).toBe(answer.pricing.items.baseConfiguration.unitPrice);
  });

  it('GB billing, delivery to Germany, choosing EUR: invoiced in euros; the VAT treatment is the same in either currency', async () => {
    const inEuros = await price({
      configuration: toGermany,
      billing: { country: 'GB', vatNumber: '' },
      currency: 'EUR',
    });
    expect(inEuros.pricing.currency).toBe('EUR');
    expect(inEuros.pricing.totals.subtotal).toBe(await catalogueTotal('EUR'));
    const inPounds = await price({ configuration: toGermany, billing: { country: 'GB', vatNumber: '' } });
    // Goods to Germany are zero-rated exports and the UK company's servicing carries UK VAT, whatever the currency.
    const treatments = (answer: OrderPriceAnswer) =>
      answer.pricing.totals.vatSummary.map(({ supply, treatment, rate }) => ({ supply, treatment, rate }));
    expect(treatments(inEuros)).toEqual(treatments(inPounds));
    expect(treatments(inEuros)).toContainEqual({ supply: 'services', treatment: 'standard', rate: 20 });
    expect(treatments(inEuros)).toContainEqual({ supply: 'goods', treatment: 'zero_rated_export', rate: 0 });

    const placed = await ukCompanyToGermany('EUR');
    expect(placed.statusCode, placed.body).toBe(201);
    const order = (placed.json() as Placed).order;
    expect(order.currency).toBe('EUR');
    expect(order.totalAmount).toBe(inEuros.pricing.totals.total);
  });

  it('German billing and delivery: EUR only, and a request for GBP is a 400 naming the field with its message id', async () => {
    const answer = await price({ configuration: toGermany, billing: { country: 'DE', vatNumber: '' } });
    expect(answer.currencies).toEqual(['EUR']);
    expect(answer.pricing.currency).toBe('EUR');

    for (const refused of [
      await placeOrder({ configuration: toGermany, billing: germanBilling, currency: 'GBP' }),
      await t.post('/api/orders/price', {
        configuration: toGermany,
        billing: { country: 'DE', vatNumber: '' },
        currency: 'GBP',
      }),
      await t.post('/api/quotes', {
        configuration: toGermany,
        customerInfo: { email: person.email, firstName: 'Ada', lastName: 'Lovelace', organization: 'Labor GmbH' },
        currency: 'GBP',
      }),
    ]) {
      expect(refused.statusCode, refused.body).toBe(400);
      const { error } = refused.json() as {
        error: { code: string; messageId: string; message: string; values: Record<string, string> };
      };
      expect(error).toMatchObject({
        code: 'currency_not_offered',
        messageId: 'error.currencyNotOffered',
        values: { allowed: 'EUR', currency: 'GBP' },
      });
      expect(error.message).toBe(
        'This order can be invoiced only in EUR, so GBP cannot be chosen. We invoice in your billing country’s currency, or in your delivery country’s when it uses another.',
      );
    }
    const placed = await placeOrder({ configuration: toGermany, billing: germanBilling });
    expect((placed.json() as Placed).order.currency).toBe('EUR');
  });

  it('German billing, delivery to the UK (the other way round): EUR by default, GBP when chosen; a UK buyer in the UK gets GBP only', async () => {
    const billedInGermany = { configuration: toBritain, billing: { country: 'DE', vatNumber: '' } };
    expect((await price(billedInGermany)).currencies).toEqual(['EUR', 'GBP']);
    expect((await price(billedInGermany)).pricing.currency).toBe('EUR');
    expect((await price({ ...billedInGermany, currency: 'GBP' })).pricing.currency).toBe('GBP');
    const uk = await price({ configuration: toBritain, billing: { country: 'GB', vatNumber: '' } });
    expect(uk.currencies).toEqual(['GBP']);
    const refused = await t.post('/api/orders/price', {
      configuration: toBritain,
      billing: { country: 'GB', vatNumber: '' },
      currency: 'EUR',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.values).toEqual({ allowed: 'GBP', currency: 'EUR' });
  });

  it('a quote for a UK company delivering to Germany: GBP by default, EUR when chosen, and its order keeps the quote’s currency and prices', async () => {
    const quote = async (currency?: 'EUR') => {
      const response = await t.post('/api/quotes', {
        configuration: toGermany,
        customerInfo: {
          email: person.email,
          firstName: 'Ada',
          lastName: 'Lovelace',
          organization: 'Engines Ltd',
          billingCountry: 'GB',
        },
        ...(currency ? { currency } : {}),
      });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as { quote: QuoteResource }).quote;
    };
    const inPounds = await quote();
    expect(inPounds.currency).toBe('GBP');
    expect(inPounds.customerInfo).toMatchObject({ country: 'DE', billingCountry: 'GB' });
    const inEuros = await quote('EUR');
    expect(inEuros.currency).toBe('EUR');

    // Ordered with the billing country it was made for: its currency and frozen total, unless the buyer chooses another.
    const kept = await price({ quoteReference: inEuros.reference, billing: { country: 'GB', vatNumber: '' } });
    expect(kept.pricing.currency).toBe('EUR');
    expect(kept.pricing.totals.total).toBe(inEuros.pricing?.totals.total);
    const switched = await price({
      quoteReference: inEuros.reference,
      billing: { country: 'GB', vatNumber: '' },
      currency: 'GBP',
    });
    expect(switched.pricing.currency).toBe('GBP');
    expect(switched.pricing.totals.total).toBe(inPounds.pricing?.totals.total);

    const placed = await placeOrder({
      quoteReference: inEuros.reference,
      billing: ukBilling,
      shipping: addressOf(germanBilling),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((placed.json() as Placed).order).toMatchObject({
      currency: 'EUR',
      totalAmount: inEuros.pricing?.totals.total,
    });
  });

  it('the invoice PDF is in the currency chosen: euros with the VAT also in sterling, or pounds with no conversion', async () => {
    const admin = await createAdminSession(t);
    await admin.stepUp();
    const invoiceText = async (currency?: 'EUR') => {
      const placed = await ukCompanyToGermany(currency);
      expect(placed.statusCode, placed.body).toBe(201);
      const order = (placed.json() as Placed).order;
      const issued = await t.post(
        `/api/admin/orders/${order.id}/invoices`,
        { kind: 'deposit' },
        { cookie: admin.cookie },
      );
      expect(issued.statusCode, issued.body).toBe(201);
      const invoice = (issued.json() as { invoice: Invoice }).invoice;
      expect(invoice.currency).toBe(order.currency);
      const [row] = await t.db.select().from(invoices).where(eq(invoices.id, invoice.id));
      return { invoice, text: pdfText(row?.pdf ?? Buffer.alloc(0)).replace(/\s+/g, ' ') };
    };

    const euros = await invoiceText('EUR');
    expect(euros.text).toContain(`€${amount(euros.invoice.vatAmount)}`);
    // The UK VAT on the servicing, stated in sterling at November's HMRC rate (decision 0080), still there.
    expect(euros.text).toMatch(
      /VAT in sterling: £[\d,]+\.\d\d, at HMRC’s monthly exchange rate for November 2026 \(£1 = 1\.15 EUR\)\./,
    );
    expect(euros.text).toContain(`€${amount(euros.invoice.amount)}`);

    const pounds = await invoiceText();
    expect(pounds.invoice.currency).toBe('GBP');
    expect(pounds.text).toContain(`£${amount(pounds.invoice.vatAmount)}`);
    expect(pounds.text).toContain(`£${amount(pounds.invoice.amount)}`);
    expect(pounds.text).not.toContain('€');
    expect(pounds.text).not.toContain('VAT in sterling');
  }, 60_000);
});
