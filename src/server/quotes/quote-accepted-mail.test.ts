import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app';
import { universityApprover } from '../../../tests/support/organisations';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { getBusinessProfile } from '../business-profile/profile-service';
import { mailOutbox } from '../db/schema';

/** Issue 51: nobody was told when an approver accepted a quote; the buyer and the sales mailbox are. */
const start = new Date('2026-03-02T10:00:00.000Z');
const approver = universityApprover;

describe('the e-mails when an approver accepts a quote (issue 51)', () => {
  const t = useTestApp({ now: start });

  const newQuote = async (email: string, language: 'de' | 'en') => {
    const response = await t.post('/api/quotes', {
      configuration: { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'DE' },
      customerInfo: { email, firstName: 'Lise', lastName: 'Meitner', organization: 'Uni Heidelberg' },
      flowType: 'quote',
      language,
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { quote: QuoteResource }).quote;
  };
  const acceptedMails = () =>
    t.db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.kind, ['quote_accepted', 'quote_accepted_sales']));

  it('tells the buyer in the quote’s language (German: name only, no approver’s address) and the sales mailbox in English (with who signed)', async () => {
    const quote = await newQuote('lise@uni-heidelberg.example', 'de');
    const { salesEmail } = await getBusinessProfile(t.db);
    const accepted = await t.post(`/api/quotes/${quote.reference}/accept`, approver);
    expect(accepted.statusCode, accepted.body).toBe(200);

    const mails = await acceptedMails();
    const buyer = mails.find((mail) => mail.kind === 'quote_accepted');
    expect(buyer?.toAddress).toBe('lise@uni-heidelberg.example');
    expect(buyer?.subject).toBe(`Angebot ${quote.quoteNumber} wurde angenommen`);
    expect(buyer?.textBody).toContain(`Otto Hahn hat das Angebot ${quote.quoteNumber} am 2. März 2026 angenommen`);
    expect(buyer?.textBody).toContain(`/quote/${quote.reference}`);
    // The signer's address and what else they typed stay out of the buyer's e-mail (decision 0005).
    expect(buyer?.textBody).not.toContain('kanzler@uni-heidelberg.example');
    expect(buyer?.textBody).not.toContain('Kanzler');

    const sales = mails.find((mail) => mail.kind === 'quote_accepted_sales');
    expect(sales?.toAddress).toBe(salesEmail);
    expect(sales?.subject).toBe(`Quote ${quote.quoteNumber} has been accepted`);
    expect(sales?.textBody).toContain(
      `Otto Hahn (Kanzler, Uni Heidelberg, kanzler@uni-heidelberg.example) accepted quote ${quote.quoteNumber} for Lise Meitner, Uni Heidelberg (lise@uni-heidelberg.example) on 2 March 2026`,
    );
    // The total accepted, in the quote's currency.
    expect(sales?.textBody).toMatch(/at a total of €[\d,]+\.\d\d\./);
    expect(mails).toHaveLength(2);
  });

  it('a second acceptance, refused as already accepted, sends nothing more', async () => {
    const quote = await newQuote('twice@example.com', 'en');
    expect((await t.post(`/api/quotes/${quote.reference}/accept`, approver)).statusCode).toBe(200);
    const again = await t.post(`/api/quotes/${quote.reference}/accept`, approver);
    expect(again.statusCode).toBe(409);
    const toBuyer = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'twice@example.com'));
    expect(toBuyer.filter((mail) => mail.kind === 'quote_accepted')).toHaveLength(1);
    expect(toBuyer.find((mail) => mail.kind === 'quote_accepted')?.textBody).toContain('Dear Lise,');
  });
});
