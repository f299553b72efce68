import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { createUser } from '../../../tests/support/factories';
import { signIn } from '../../../tests/support/sessions';
import { type TestApp, useTestApp } from '../../../tests/support/test-app';
import { mailOutbox } from '../db/schema';

/** The PDF part of a message as the sender wrote it (base64 between the part's headers and the next boundary). */
const attachedPdf = (raw: string) => {
  const part = raw.split(/\n--/).find((section) => section.includes('Content-Type: application/pdf')) ?? '';
  return Buffer.from(part.split('\n\n').slice(1).join('').replace(/\s+/g, ''), 'base64');
};

const pdfText = (pdf: Buffer) => {
  const file = join(mkdtempSync(join(tmpdir(), 'quote-mail-pdf-')), 'quote.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};

/** Sends the queued e-mail to this address now and returns the text of its attached PDF. */
async function sentPdfText(t: TestApp, to: string): Promise<string> {
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, 'quote_created'), eq(mailOutbox.toAddress, to)));
  await t.db
    .update(mailOutbox)
    .set({ nextAttemptAt: t.clock.now })
    .where(eq(mailOutbox.id, mail?.id ?? ''));
  await t.app.mailSender.deliverDue(100);
  const mailDir = join(t.env.dataDir, 'mail');
  const eml = (await readdir(mailDir)).find((file) => file.endsWith(`${mail?.id}.eml`));
  return pdfText(attachedPdf(await readFile(join(mailDir, eml ?? 'missing.eml'), 'utf8')));
}

describe('quote e-mail', () => {
  const t = useTestApp({
    now: new Date('2026-03-02T10:00:00.000Z'),
    env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'quote-mail-')) },
  });

  it('carries the quote PDF, the same document the quote page downloads', async () => {
    const response = await t.post('/api/quotes', {
      configuration: defaultSelection,
      customerInfo: { email: 'attach@example.com', firstName: 'Dorothy', lastName: 'Hodgkin', organization: 'Oxford' },
      flowType: 'quote',
    });
    expect(response.statusCode, response.body).toBe(201);
    const { quote } = response.json() as { quote: QuoteResource };

    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'quote_created'), eq(mailOutbox.toAddress, 'attach@example.com')));
    // Queued by name; the sender renders it when it sends the e-mail.
    expect(mail?.attachments).toEqual([
      {
        filename: `quote-${quote.quoteNumber}.pdf`,
        contentType: 'application/pdf',
        render: { document: 'quote', reference: quote.reference },
      },
    ]);
    const mailDir = join(t.env.dataDir, 'mail');
    // Due now by the test's clock (the row's own default is the database's time).
    await t.db
      .update(mailOutbox)
      .set({ nextAttemptAt: t.clock.now })
      .where(eq(mailOutbox.id, mail?.id ?? ''));
    await t.app.mailSender.deliverDue(100);
    const eml = (await readdir(mailDir)).find((file) => file.endsWith(`${mail?.id}.eml`));
    const raw = await readFile(join(mailDir, eml ?? 'missing.eml'), 'utf8');
    expect(raw).toContain(`filename=quote-${quote.quoteNumber}.pdf`);
    const pdf = attachedPdf(raw);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(quote.quoteNumber);
    expect(text).toContain('Dorothy');
    expect(text).toContain('£4,882.50');
    // The page's download is the same quotation; the copy e-mailed to this unconfirmed address was
    // drawn without the typed organisation and not stored (the next test), so it is not byte-equal.
    const downloaded = pdfText((await t.get(`/api/quotes/${quote.reference}/pdf`)).rawPayload);
    expect(downloaded).toContain(quote.quoteNumber);
    expect(downloaded).toContain('£4,882.50');
  });

  it('leaves the typed organisation out of the PDF e-mailed to an address no account has confirmed (security audit issue 22)', async () => {
    const organization = 'Pay the deposit to sort code 11-22-33 acct 12345678';
    const customerInfo = { email: 'victim@example.com', firstName: 'Dorothy', lastName: 'Hodgkin', organization };
    const response = await t.post('/api/quotes', { configuration: defaultSelection, customerInfo, flowType: 'quote' });
    expect(response.statusCode, response.body).toBe(201);
    const { quote } = response.json() as { quote: QuoteResource };
    const text = await sentPdfText(t, 'victim@example.com');
    expect(text).toContain(quote.quoteNumber);
    expect(text).toContain('Dorothy Hodgkin');
    expect(text).not.toContain('11-22-33');
    expect(text).not.toContain('sort code');
    // The quote keeps it, and its page still shows it to whoever holds the link.
    expect(quote.customerInfo?.organization).toBe(organization);
  });

  it('prints the organisation in the PDF e-mailed to the signed-in customer’s own confirmed address', async () => {
    const { user } = await createUser(t.db, { email: 'member@example.com' });
    const cookie = await signIn(t, user.email);
    const customerInfo = { email: user.email, firstName: 'Dorothy', lastName: 'Hodgkin', organization: 'Oxford Lab' };
    const response = await t.post(
      '/api/quotes',
      { configuration: defaultSelection, customerInfo, flowType: 'quote' },
      { cookie },
    );
    expect(response.statusCode, response.body).toBe(201);
    const text = await sentPdfText(t, user.email);
    expect(text).toContain('Dorothy Hodgkin');
    expect(text).toContain('Oxford Lab');
  });

  it('sends no quote e-mail (and so no PDF) for an order-flow hand-off', async () => {
    const response = await t.post('/api/quotes', {
      configuration: defaultSelection,
      customerInfo: {
        email: 'orderflow@example.com',
        firstName: 'Dorothy',
        lastName: 'Hodgkin',
        organization: 'Oxford',
      },
      flowType: 'order',
    });
    expect(response.statusCode, response.body).toBe(201);
    const mail = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'orderflow@example.com'));
    expect(mail.filter((message) => message.kind === 'quote_created')).toHaveLength(0);
  });
});
