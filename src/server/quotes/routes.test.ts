import type { BusinessDocument } from '../../shared/documents/document-model';
import { documentHtml } from '../../shared/documents/document-html';
import { escapeHtml } from '../../shared/escape-html';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import { quoteCreationErrorMessage } from '../../shared/quotes/quote-error-message';
import type { MessageDescriptor } from '../../shared/i18n/message';
import { quoteFieldMessages, quoteFlowMessages } from '../../shared/quotes/quote-messages';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { useTestApp } from '../../../tests/support/test-app';
import { invalidateCatalogueCache } from '../catalogue/catalogue-service';
import { incompleteRegistrations, mailOutbox, productConfigurations, quoteDocuments, quotes } from '../db/schema';

const start = new Date('2026-03-02T10:00:00.000Z');

const pdfText = (pdf: Buffer) => {
  const file = join(mkdtempSync(join(tmpdir(), 'quote-pdf-')), 'quote.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};

const customer = (email: string) => ({
  email,
  firstName: 'Rosalind',
  lastName: 'Franklin',
  organization: 'Kings College (London)',
});
const body = (email = 'rosalind@example.com') => ({
  configuration: defaultSelection,
  customerInfo: customer(email),
  flowType: 'quote',
});

describe('quotes API', () => {
  const t = useTestApp({ now: start });

  const create = async (email?: string) => {
    const response = await t.post('/api/quotes', body(email));
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { quote: QuoteResource }).quote;
  };

  it('creates a sent quote priced on the server, valid for 7 days, with its e-mail and flow log', async () => {
    const quote = await create('Rosalind@Example.com');
    expect(quote.quoteNumber).toMatch(/^Q2026-\d{4}$/);
    expect(quote.reference).toMatch(/^[A-Za-z0-9_-]{24,}$/);
    expect(quote.status).toBe('sent');
    expect(quote.validUntil).toBe('2026-03-09T10:00:00.000Z');
    expect(quote.pricing?.totals).toMatchObject({ subtotal: 406875, vat: 81375, total: 488250, deposit: 244125 });
    expect(quote.customerInfo).toEqual({
      email: 'rosalind@example.com',
      firstName: 'Rosalind',
      lastName: 'Franklin',
      organization: 'Kings College (London)',
      country: 'GB',
    });

    const [row] = await t.db.select().from(quotes).where(eq(quotes.quoteReference, quote.reference));
    expect(row?.status).toBe('sent');
    expect(row?.userId).toBeNull();
    expect(row?.configuration).toMatchObject({
      model: 'dropwise-standard',
      customerInfo: { email: 'rosalind@example.com' },
      pricing: { totals: { total: 488250 } },
    });

    const mail = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'quote_created'));
    const ours = mail.find((message) => message.textBody.includes(quote.reference));
    expect(ours?.toAddress).toBe('rosalind@example.com');
    expect(ours?.textBody).toContain(`${t.env.publicUrl}/quote/${quote.reference}`);
    expect(ours?.subject).toContain(quote.quoteNumber);

    const [registration] = await t.db
      .select()
      .from(incompleteRegistrations)
      .where(eq(incompleteRegistrations.email, 'rosalind@example.com'));
    expect(registration).toMatchObject({
      stepReached: 'details',
      firstName: 'Rosalind',
      organization: 'Kings College (London)',
      totalAmount: 488250,
    });
  });

  it('answers the submit messages of section 5 with the field that failed, its English and its id (issue 53)', async () => {
    const f = quoteFieldMessages;
    const cases: [Record<string, string>, string, MessageDescriptor][] = [
      [{ email: 'not-an-email' }, 'customerInfo.email', f.emailSubmit],
      [{ email: `${'a'.repeat(250)}@x.io` }, 'customerInfo.email', f.emailSubmit],
      [{ firstName: 'R2D2' }, 'customerInfo.firstName', f.firstNameSubmit],
      [{ lastName: '' }, 'customerInfo.lastName', f.lastNameSubmit],
      [{ lastName: 'x'.repeat(101) }, 'customerInfo.lastName', f.lastNameSubmit],
      [{ organization: 'Acme <script>' }, 'customerInfo.organization', f.organizationSubmit],
      [{ organization: 'a'.repeat(201) }, 'customerInfo.organization', f.organizationSubmit],
    ];
    for (const [change, field, descriptor] of cases) {
      const response = await t.post('/api/quotes', {
        ...body(),
        customerInfo: { ...customer('v@example.com'), ...change },
      });
      expect(response.statusCode).toBe(400);
      // The English as before (`message`, `fields`), the field's message id beside it for the page.
      expect(response.json()).toEqual({
        error: {
          code: 'invalid_input',
          message: descriptor.message,
          messageId: descriptor.id,
          fields: { [field]: descriptor.message },
          fieldMessageIds: { [field]: descriptor.id },
        },
      });
    }
    expect(quoteFlowMessages.emailSubmit).toBe('Valid email address is required');
  });

  it("gives the quote flow what it needs to show section 8's message: the code and the field, whatever the wording", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ email: 'not-an-email' }, quoteFlowMessages.createInvalidEmail],
      [{ firstName: 'R2D2' }, quoteFlowMessages.createInvalidFirstName],
      [{ lastName: '' }, quoteFlowMessages.createInvalidLastName],
      [{ organization: 'Acme <script>' }, quoteFlowMessages.createInvalidOrganization],
    ];
    for (const [change, shown] of cases) {
      const response = await t.post('/api/quotes', {
        ...body(),
        customerInfo: { ...customer('v@example.com'), ...change },
      });
      const { error } = response.json() as { error: { code: string; message: string; fields: Record<string, string> } };
      expect(quoteCreationErrorMessage('', error)).toBe(shown);
    }
  });

  it('cleans the text before storing it', async () => {
    const response = await t.post('/api/quotes', {
      ...body(),
      customerInfo: {
        ...customer('clean@example.com'),
        firstName: "  Mary-Jane O'Neil  ",
        organization: 'Smith & Sons Ltd.',
      },
    });
    const { quote } = response.json() as { quote: QuoteResource };
    // Trimmed; apostrophes and ampersands kept as typed (docs/decisions/0005-text-cleaning.md).
    expect(quote.customerInfo?.firstName).toBe("Mary-Jane O'Neil");
    expect(quote.customerInfo?.organization).toBe('Smith & Sons Ltd.');
  });

  it('refuses an unknown option with 400', async () => {
    const response = await t.post('/api/quotes', { ...body(), configuration: { ...defaultSelection, model: 'nope' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty(['configuration.model']);
  });

  it('refuses the US plug and a shipping option that does not deliver to the customer country, naming the field', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [
        { powerAdaptor: 'us-power' },
        'configuration.powerAdaptor',
        'The US plug (Type A/B) is not offered for delivery to United Kingdom',
      ],
      [
        { powerAdaptor: 'us-power', customerCountry: 'FR' },
        'configuration.powerAdaptor',
        'The US plug (Type A/B) is not offered for delivery to France',
      ],
      [
        { shipping: 'uk-tracked-next-day', powerAdaptor: 'eu-power', customerCountry: 'FR' },
        'configuration.shipping',
        'UK tracked next-day courier is not offered for delivery to France',
      ],
    ];
    const quotesBefore = (await t.db.select({ id: quotes.id }).from(quotes)).length;
    for (const [change, field, message] of cases) {
      const response = await t.post('/api/quotes', {
        ...body('plug@example.com'),
        configuration: { ...defaultSelection, ...change },
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().error.fields[field]).toBe(message);
    }
    expect(await t.db.select({ id: quotes.id }).from(quotes)).toHaveLength(quotesBefore);
    // The domestic courier is a UK quote's choice.
    const uk = await t.post('/api/quotes', {
      ...body('plug@example.com'),
      configuration: { ...defaultSelection, shipping: 'uk-tracked-next-day' },
    });
    expect(uk.statusCode, uk.body).toBe(201);
    expect((uk.json() as { quote: QuoteResource }).quote.pricing?.items.shipping).toMatchObject({
      id: 'uk-tracked-next-day',
      total: 3500,
    });
  });

  it('answers the 51st quote in an hour for one e-mail with 429 and the specification message', async () => {
    // From three clients, each under its own limit of 20: the e-mail's limit is the one reached.
    const client = (attempt: number) => ({ remoteAddress: `198.51.100.${(attempt % 3) + 1}` });
    for (let attempt = 1; attempt <= 50; attempt += 1) {
      const response = await t.post('/api/quotes', body('busy@example.com'), client(attempt));
      expect(response.statusCode, `attempt ${attempt}`).toBe(201);
    }
    const refused = await t.post('/api/quotes', body('BUSY@example.com'), client(51));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe('Rate limit exceeded. Please wait before creating another quote.');
    expect((await t.post('/api/quotes', body('other@example.com'), client(51))).statusCode).toBe(201);
  });

  it('answers the 21st quote in an hour from one client, whatever the e-mails, with 429 and Retry-After', async () => {
    const from = { remoteAddress: '203.0.113.21' };
    for (let i = 1; i <= 20; i += 1) {
      const response = await t.post('/api/quotes', body(`bomb-${i}@example.com`), from);
      expect(response.statusCode, `quote ${i}`).toBe(201);
    }
    const refused = await t.post('/api/quotes', body('bomb-21@example.com'), from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: {
        code: 'rate_limited',
        message: 'Rate limit exceeded. Please wait before creating another quote.',
        messageId: 'quoteRefusal.quoteRateLimited',
      },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const mailed = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'bomb-21@example.com'));
    expect(mailed).toHaveLength(0);
    // Another client, and the same e-mail from it, are not affected.
    const other = await t.post('/api/quotes', body('bomb-21@example.com'), { remoteAddress: '203.0.113.22' });
    expect(other.statusCode).toBe(201);
  });

  it('reads a quote by its reference and keeps its frozen prices after a catalogue change', async () => {
    const quote = await create('frozen@example.com');
    await t.db
      .update(productConfigurations)
      .set({ priceGbp: 300000 })
      .where(eq(productConfigurations.configId, 'dropwise-standard'));
    invalidateCatalogueCache();
    try {
      const response = await t.get(`/api/quotes/${quote.reference}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      const read = (response.json() as { quote: QuoteResource }).quote;
      expect(read.pricing?.items.baseConfiguration.unitPrice).toBe(285000);
      expect(read.pricing?.totals.total).toBe(488250);
      expect(read.configuration).toMatchObject({ model: 'dropwise-standard' });
    } finally {
      await t.db
        .update(productConfigurations)
        .set({ priceGbp: 285000 })
        .where(eq(productConfigurations.configId, 'dropwise-standard'));
      invalidateCatalogueCache();
    }
  });

  it('answers 404 "Quote not found" for an unknown reference', async () => {
    const response = await t.get('/api/quotes/no-such-reference');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Quote not found');
  });

  it('reports a quote past its valid_until as expired', async () => {
    const quote = await create('late@example.com');
    t.clock.now = new Date(start.getTime() + 8 * 24 * 3600 * 1000);
    try {
      const read = (await t.get(`/api/quotes/${quote.reference}`)).json() as { quote: QuoteResource };
      expect(read.quote.status).toBe('expired');
    } finally {
      t.clock.now = start;
    }
  });

  it('renders a one-page PDF holding the quote number and total', async () => {
    const quote = await create('pdf@example.com');
    const response = await t.get(`/api/quotes/${quote.reference}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    const file = join(mkdtempSync(join(tmpdir(), 'quote-pdf-')), 'quote.pdf');
    writeFileSync(file, pdf);
    const text = pdfText(pdf);
    expect(text).toContain(quote.quoteNumber);
    expect(text).toContain('£4,882.50');
    expect(text).toContain('£2,441.25');
    expect(text).toContain('Rosalind Franklin');
    expect(text).toContain('9 March 2026');
    const pages = execFileSync('pdfinfo', [file], { encoding: 'utf8' }).match(/Pages:\s+(\d+)/)?.[1];
    expect(pages).toBe('1');
  });

  it('serves the document model the PDF is drawn from: the printed copy shows the same bank account and warranty', async () => {
    const quote = await create('printed@example.com');
    const answer = await t.get(`/api/quotes/${quote.reference}/document`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const model = (answer.json() as { document: BusinessDocument }).document;
    const bank = model.sections.find((section) => section.title === 'Bank account (GBP)');
    expect(bank?.lines.some((line) => line.startsWith('Sort code'))).toBe(true);
    const warranty = model.sections.flatMap((section) => section.lines).find((line) => line.startsWith('Warranty:'));
    expect(warranty).toBeDefined();
    const pdf = pdfText((await t.get(`/api/quotes/${quote.reference}/pdf`)).rawPayload).replace(/\s+/g, ' ');
    const printed = documentHtml(model);
    for (const line of [...(bank?.lines ?? []), warranty ?? '']) {
      expect(pdf).toContain(line.replace(/\s+/g, ' '));
      expect(printed).toContain(escapeHtml(line));
    }
    expect((await t.get('/api/quotes/no-such-reference/document')).statusCode).toBe(404);
  });

  it('renders the PDF once and serves the stored bytes with their ETag, 304 when the client holds them', async () => {
    const quote = await create('stored-pdf@example.com');
    const url = `/api/quotes/${quote.reference}/pdf`;
    const first = await t.get(url);
    expect(first.statusCode).toBe(200);
    const [stored] = await t.db.select().from(quoteDocuments).where(eq(quoteDocuments.quoteId, quote.id));
    expect(stored?.pdf.equals(first.rawPayload)).toBe(true);
    expect(first.headers.etag).toBe(`"${createHash('sha256').update(first.rawPayload).digest('hex')}"`);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.headers['content-disposition']).toBe(`attachment; filename="quote-${quote.quoteNumber}.pdf"`);

    const second = await t.get(url);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);

    const unchanged = await t.get(url, { headers: { 'if-none-match': String(first.headers.etag) } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.rawPayload).toHaveLength(0);
    expect(unchanged.headers.etag).toBe(first.headers.etag);
    const otherTag = await t.get(url, { headers: { 'if-none-match': '"something-else"' } });
    expect(otherTag.statusCode).toBe(200);
    expect(pdfText(otherTag.rawPayload)).toContain(quote.quoteNumber);
  });

  it('answers the 61st PDF download in 10 minutes from one client with 429; another client still downloads', async () => {
    const quote = await create('pdf-limit@example.com');
    const url = `/api/quotes/${quote.reference}/pdf`;
    const from = { remoteAddress: '203.0.113.61' };
    for (let i = 1; i <= 60; i += 1) expect((await t.get(url, from)).statusCode, `download ${i}`).toBe(200);
    const refused = await t.get(url, from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: 'rate_limited',
      message: 'Too many downloads. Please wait a few minutes before trying again.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.get(url, { remoteAddress: '203.0.113.62' })).statusCode).toBe(200);
  });
});
