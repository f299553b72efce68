import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../tests/support/pdf-text';
import { useTestApp } from '../../../tests/support/test-app';
import { universityApprover } from '../../../tests/support/organisations';
import type { OrderPriceAnswer, OrderResource } from '../../shared/order-flow';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { orders } from '../db/schema';

/**
 * Issue 51: the quote asks for the VAT number, checked as at checkout, so the total an approver
 * accepts is the one ordered; when the details given at checkout change it, the quote must be
 * accepted again.
 */
const start = new Date('2026-03-02T10:00:00.000Z');
const germany = { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'DE' };
const customer = {
  email: 'einkauf@uni-heidelberg.example',
  firstName: 'Lise',
  lastName: 'Meitner',
  organization: 'Uni Heidelberg',
};
const germanBilling = (vatNumber: string) => ({
  firstName: 'Lise',
  lastName: 'Meitner',
  company: 'Uni Heidelberg',
  email: customer.email,
  phone: '+49 6221 540',
  address: 'Im Neuenheimer Feld 1',
  city: 'Heidelberg',
  state: '',
  postalCode: '69120',
  country: 'DE',
  vatNumber,
});
const approver = universityApprover;

describe('a quote taxed with the buyer’s VAT number, and the total an approver accepts (issue 51)', () => {
  const t = useTestApp({ now: start });

  const newQuote = async (vatNumber?: string) => {
    const response = await t.post('/api/quotes', {
      configuration: germany,
      customerInfo: { ...customer, ...(vatNumber === undefined ? {} : { vatNumber }) },
      flowType: 'quote',
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { quote: QuoteResource }).quote;
  };
  const accept = async (reference: string) => {
    const response = await t.post(`/api/quotes/${reference}/accept`, approver);
    expect(response.statusCode, response.body).toBe(200);
  };
  const price = async (reference: string, vatNumber: string) =>
    (
      await t.post('/api/orders/price', { quoteReference: reference, billing: { country: 'DE', vatNumber } })
    ).json() as OrderPriceAnswer;
  const order = (reference: string, vatNumber: string) =>
    t.post('/api/orders', {
      quoteReference: reference,
      billing: germanBilling(vatNumber),
      acceptTerms: true,
      idempotencyKey: randomUUID(),
    });
  const euros = (minor: number) => `€${(minor / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`;

  it('approver accepts the quote without a VAT number, but checkout with the VAT number would change the total: re-acceptance required, no order', async () => {
    const quote = await newQuote();
    const accepted = quote.pricing?.totals.total ?? 0;
    await accept(quote.reference);

    // The review step says so before the last step, with both totals.
    const review = await price(quote.reference, 'DE136695976');
    const ordered = review.pricing.totals.total;
    // The servicing plan is reverse-charged for a German business: the total falls.
    expect(ordered).toBeLessThan(accepted);
    expect(review.reacceptance).toContain(`accepted at ${euros(accepted)}`);
    expect(review.reacceptance).toContain(`comes to ${euros(ordered)}`);

    const response = await order(quote.reference, 'DE136695976');
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({ error: { code: 'quote_reacceptance_required' } });
    expect((response.json() as { error: { message: string } }).error.message).toContain(
      'The quote must be accepted again',
    );
    expect(await t.db.select().from(orders).where(eq(orders.quoteId, quote.id))).toHaveLength(0);
  });

  it('a quote asked with the VAT number (typed with spaces, lower case) is taxed as checkout taxes it: the accepted total is the order’s', async () => {
    const without = await newQuote();
    const quote = await newQuote('de 136 695 976');
    expect(quote.customerInfo?.vatNumber).toBe('DE136695976');
    // The reverse charge is on the quote itself, not first at checkout.
    expect(quote.pricing?.totals.total).toBeLessThan(without.pricing?.totals.total ?? 0);
    await accept(quote.reference);
    expect((await price(quote.reference, 'DE136695976')).reacceptance ?? null).toBeNull();

    const response = await order(quote.reference, 'DE136695976');
    expect(response.statusCode, response.body).toBe(201);
    expect((response.json() as { order: OrderResource }).order.totalAmount).toBe(quote.pricing?.totals.total);
  });

  it('the quote’s PDF names the VAT number it was taxed with; a quote without one names none', async () => {
    const textOf = async (reference: string) => {
      const pdf = await t.get(`/api/quotes/${reference}/pdf`);
      expect(pdf.statusCode).toBe(200);
      return pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    };
    const taxed = await textOf((await newQuote('DE136695976')).reference);
    const untaxed = await textOf((await newQuote()).reference);
    expect(taxed).toContain('VAT number: DE136695976');
    // Any other VAT number on the page is the shop's own, on both.
    const count = (text: string) => text.split('VAT number:').length - 1;
    expect(count(taxed)).toBe(count(untaxed) + 1);
  });

  it('checkout without the VAT number the quote was accepted with: re-acceptance required (the total rises)', async () => {
    const quote = await newQuote('DE136695976');
    await accept(quote.reference);
    const response = await order(quote.reference, '');
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({ error: { code: 'quote_reacceptance_required' } });
  });

  it('a quote nobody accepted is ordered at checkout’s total, as before: there is no signed total to keep', async () => {
    const quote = await newQuote();
    expect((await price(quote.reference, 'DE136695976')).reacceptance ?? null).toBeNull();
    const response = await order(quote.reference, 'DE136695976');
    expect(response.statusCode, response.body).toBe(201);
    expect((response.json() as { order: OrderResource }).order.totalAmount).toBeLessThan(
      quote.pricing?.totals.total ?? 0,
    );
  });

  it('refuses a VAT number with wrong check digits at the quote, as checkout does, and writes no quote', async () => {
    const response = await t.post('/api/quotes', {
      configuration: germany,
      customerInfo: { ...customer, email: 'digits@example.com', vatNumber: 'DE136695977' },
      flowType: 'quote',
    });
    expect(response.statusCode, response.body).toBe(400);
    const { error } = response.json() as { error: { fields: Record<string, string> } };
    expect(Object.keys(error.fields)).toEqual(['customerInfo.vatNumber']);
  });
});
