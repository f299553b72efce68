import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createUser, guestBilling } from '../../../tests/support/factories';
import { signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { enterMonthlyRates } from '../../../tests/support/exchange-rates';
import type { OrderResource } from '../../shared/order-flow';
import type { Invoice } from '../../shared/orders/invoice-schema';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { realBank, realDetails } from '../../../tests/support/business-profile';
import { mailOutbox } from '../db/schema';
import { renderQuoteDocument } from '../quotes/quote-document';

const start = new Date('2026-11-20T09:00:00.000Z');

/** A PDF's text as one line of words (pdftotext wraps where the layout does). */
const pdfText = (pdf: Buffer) => {
  const file = join(mkdtempSync(join(tmpdir(), 'consistency-pdf-')), 'document.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
};
const oneLine = (text: string) => text.replace(/\s+/g, ' ');

/**
 * Issue 23: every surface a buyer reads says the same validity, deposit, currency, bank account,
 * warranty and delivery terms, for a UK (GBP, DDP) and a German (EUR, DAP) order; and the company's
 * details come from the business profile as saved in the admin, with no rebuild.
 */
describe('one commercial truth on every surface', () => {
  const t = useTestApp({ now: start });
  // Issue 51: a euro invoice charging UK VAT is issued only with its month's HMRC rate.
  beforeAll(() => enterMonthlyRates(t.db));

  const facts = {
    GB: {
      currency: 'GBP',
      bank: ['Sort code: 20-45-77', 'Account number: 41234567'],
      wrongBank: 'IBAN:',
      delivery: 'DDP (delivered duty paid, Incoterms 2020) to the buyer’s delivery address, United Kingdom',
    },
    DE: {
      currency: 'EUR',
      bank: ['IBAN: DE89 3704 0044 0532 0130 00', 'BIC: COBADEFFXXX'],
      wrongBank: 'Sort code:',
      delivery: 'DAP (delivered at place, Incoterms 2020) to the buyer’s delivery address',
    },
  } as const;
  const validity = 'prices hold for 7 days from its date';
  const deposit = 'A 50% deposit is invoiced on our written confirmation, payable within 14 days.';
  const currencyLine = (currency: string) =>
    `You pay in the currency of the invoice (${currency}), by bank transfer into our ${currency} account shown on it.`;
  const warranty = 'Warranty: 3 years from delivery, following the 3-year servicing plan.';

  it.each(['GB', 'DE'] as const)('a %s quote and order say the same thing everywhere', async (country) => {
    const expected = facts[country];
    const admin = await createAdminSession(t);
    expect((await t.put('/api/admin/business-profile', realDetails, { cookie: admin.cookie })).statusCode).toBe(200);
    await admin.stepUp();
    expect((await t.put('/api/admin/business-profile/bank', realBank, { cookie: admin.cookie })).statusCode).toBe(200);

    const email = `buyer-${country.toLowerCase()}-${randomUUID().slice(0, 6)}@example.com`;
    const { user } = await createUser(t.db, { email });
    const cookie = await signIn(t, user.email);
    const selection =
      country === 'GB' ? defaultSelection : { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'DE' };

    // The quote: its page (the API), its PDF and its e-mail.
    const quoted = await t.post(
      '/api/quotes',
      {
        configuration: selection,
        customerInfo: {
          email,
          firstName: 'Ada',
          lastName: 'Lovelace',
          organization: 'Analytical Engines',
          country,
        },
        flowType: 'quote',
        // The English sentences in every country (issue 40 presets a German buyer to German: document-language tests).
        language: 'en',
      },
      { cookie },
    );
    expect(quoted.statusCode, quoted.body).toBe(201);
    const quote = (quoted.json() as { quote: QuoteResource }).quote;
    expect(quote.currency).toBe(expected.currency);
    const quotePdf = pdfText(
      await renderQuoteDocument(t.db, quote.reference, t.clock.now, { customerText: true, publicUrl: t.env.publicUrl }),
    );
    const [quoteMail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, 'quote_created')));
    const quoteMailText = oneLine(quoteMail?.textBody ?? '');

    // The order: its acknowledgement (attached at placement), the written confirmation and the deposit invoice.
    const placed = await t.post(
      '/api/orders',
      {
        configuration: selection,
        billing: {
          ...guestBilling(email),
          country,
          city: country === 'GB' ? 'London' : 'Berlin',
          postalCode: country === 'GB' ? 'SW1Y 4JH' : '10117',
        },
        acceptTerms: true,
        language: 'en',
        idempotencyKey: randomUUID(),
        notes: '',
      },
      { cookie },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const order = (placed.json() as { order: OrderResource }).order;
    const mails = async (kind: string) =>
      t.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, kind)));
    const attached = (mail: typeof mailOutbox.$inferSelect | undefined) => {
      const file = mail?.attachments?.[0];
      return pdfText(Buffer.from(file && 'contentBase64' in file ? file.contentBase64 : '', 'base64'));
    };
    const [received] = await mails('order_received');
    const acknowledgement = attached(received);
    const download = await t.get(`/api/orders/${order.id}/documents/acknowledgement`, { cookie });
    expect(download.statusCode).toBe(200);
    expect(pdfText(download.rawPayload)).toBe(acknowledgement);

    expect(
      (await t.patch(`/api/admin/orders/${order.id}`, { status: 'confirmed' }, { cookie: admin.cookie })).statusCode,
    ).toBe(200);
    await admin.stepUp();
    const issued = await t.post(
      `/api/admin/orders/${order.id}/invoices`,
      { kind: 'deposit' },
      { cookie: admin.cookie },
    );
    expect(issued.statusCode, issued.body).toBe(201);
    const invoice = (issued.json() as { invoice: Invoice }).invoice;
    const [confirmedMail] = await mails('order_confirmed');
    const confirmation = attached(confirmedMail);
    const invoicePdf = attached((await mails('invoice_deposit')).find((mail) => mail.subject.includes(invoice.number)));
    const receivedText = oneLine(received?.textBody ?? '');
    const confirmedText = oneLine(confirmedMail?.textBody ?? '');

    const surfaces: Record<
      string,
      { text: string; shows: ('validity' | 'deposit' | 'currency' | 'bank' | 'warranty' | 'delivery')[] }
    > = {
      'quote PDF': { text: quotePdf, shows: ['validity', 'deposit', 'currency', 'bank', 'warranty', 'delivery'] },
      'quote e-mail': { text: quoteMailText, shows: ['validity', 'currency', 'delivery'] },
      'order received e-mail': { text: receivedText, shows: ['deposit', 'currency', 'delivery'] },
      'order acknowledgement PDF': {
        text: acknowledgement,
        shows: ['deposit', 'currency', 'bank', 'warranty', 'delivery'],
      },
      'order confirmed e-mail': { text: confirmedText, shows: ['deposit', 'currency'] },
      'confirmation PDF': { text: confirmation, shows: ['deposit', 'currency', 'bank', 'warranty', 'delivery'] },
      'deposit invoice PDF': { text: invoicePdf, shows: ['currency', 'bank', 'delivery'] },
    };
    const wrong: string[] = [];
    const check = (surface: string, text: string, what: string, needle: string) => {
      if (!text.includes(needle)) wrong.push(`${surface} lacks ${what}: ${needle}`);
    };
    for (const [surface, { text, shows }] of Object.entries(surfaces)) {
      if (shows.includes('validity')) check(surface, text, 'validity', validity);
      if (shows.includes('deposit')) check(surface, text, 'deposit', deposit);
      if (shows.includes('currency')) check(surface, text, 'currency', currencyLine(expected.currency));
      if (shows.includes('bank')) {
        for (const line of expected.bank) check(surface, text, 'bank', line);
        if (text.includes(expected.wrongBank)) wrong.push(`${surface} shows the other currency's account`);
      }
      if (shows.includes('warranty')) check(surface, text, 'warranty', warranty);
      if (shows.includes('delivery')) check(surface, text, 'delivery', expected.delivery);
      // Nothing contradicts: no other validity, no "12 months" on a 3-year plan, no example details.
      if (/Warranty: 12 months/.test(text)) wrong.push(`${surface} says 12 months on a 3-year plan`);
      if (/\b(30|60) days\b/.test(text)) wrong.push(`${surface} gives another validity`);
      if (/00000000|EXAMPLE|Example Bank|@dropwise-labs\.example/.test(text))
        wrong.push(`${surface} shows example details`);
    }
    // The company's details as saved in the admin, on every document.
    for (const surface of ['quote PDF', 'order acknowledgement PDF', 'confirmation PDF', 'deposit invoice PDF'])
      for (const detail of [
        'Fjordlight Instruments Ltd',
        'company number 12345678',
        'VAT GB123456789',
        '7 Canal Street',
      ])
        check(surface, surfaces[surface]?.text ?? '', 'company details', detail);
    check('quote PDF', quotePdf, 'signatory', 'Ada Brightwater, Commercial Director');
    check(
      'order acknowledgement PDF',
      acknowledgement,
      'binding statement',
      'It binds you and us once we confirm it in writing',
    );
    expect(wrong).toEqual([]);

    // The public terms values the pages read (terms page, configurator, quote page).
    const settings = (await t.get('/api/settings/public')).json().settings;
    expect(settings.autoQuoteExpiry).toBe(7);
    expect((await t.get('/api/business-profile')).json().profile.deliveryPlace).toBe('the buyer’s delivery address');
  });
});
