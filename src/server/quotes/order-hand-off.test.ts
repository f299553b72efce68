import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { useTestApp } from '../../../tests/support/test-app';
import { mailOutbox } from '../db/schema';

const customer = (email: string) => ({
  email,
  firstName: 'Ada',
  lastName: 'Lovelace',
  organization: 'Analytical Engines',
});

describe('the order flow hand-off (POST /api/quotes with flowType "order")', () => {
  const t = useTestApp({ now: new Date('2026-03-02T10:00:00.000Z') });

  const quoteMailTo = async (email: string) =>
    (await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'quote_created'))).filter(
      (mail) => mail.toAddress === email,
    );

  it('sends no quote e-mail unless the buyer asks for it', async () => {
    const silent = await t.post('/api/quotes', {
      configuration: defaultSelection,
      customerInfo: customer('order-only@example.com'),
      flowType: 'order',
    });
    expect(silent.statusCode, silent.body).toBe(201);
    expect(await quoteMailTo('order-only@example.com')).toHaveLength(0);

    const asked = await t.post('/api/quotes', {
      configuration: defaultSelection,
      customerInfo: customer('order-and-quote@example.com'),
      flowType: 'order',
      emailQuote: true,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const { quote } = asked.json() as { quote: QuoteResource };
    const mail = await quoteMailTo('order-and-quote@example.com');
    expect(mail).toHaveLength(1);
    expect(mail[0]?.textBody).toContain(`/quote/${quote.reference}`);
  });

  it('still sends it in the quote flow', async () => {
    const response = await t.post('/api/quotes', {
      configuration: defaultSelection,
      customerInfo: customer('quote@example.com'),
      flowType: 'quote',
    });
    expect(response.statusCode).toBe(201);
    expect(await quoteMailTo('quote@example.com')).toHaveLength(1);
  });
});
