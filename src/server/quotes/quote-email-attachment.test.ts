import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { useTestApp } from '../../../tests/support/test-app';
import { mailOutbox } from '../db/schema';

const pdfText = (pdf: Buffer) => {
  const file = join(mkdtempSync(join(tmpdir(), 'quote-mail-pdf-')), 'quote.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};

describe('quote e-mail', () => {
  const t = useTestApp({ now: new Date('2026-03-02T10:00:00.000Z') });

  it('carries the quote PDF, the same document the quote page downloads', async () => {
    const response = await t.post('/api/quotes', {
      configuration: defaultSelection,
      customerInfo: { email: 'attach@example.com', firstName: 'Dorothy', lastName: 'Hodgkin', organization: 'Oxford' },
      flowType: 'quote',
    });
    expect(response.statusCode, response.body).toBe(201);
    const { quote } = response.json() as { quote: QuoteResource };

    const [mail] = await t.db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'quote_created'), eq(mailOutbox.toAddress, 'attach@example.com')));
    expect(mail?.attachments).toHaveLength(1);
    const attachment = mail?.attachments?.[0];
    expect(attachment?.contentType).toBe('application/pdf');
    expect(attachment?.filename).toBe(`quote-${quote.quoteNumber}.pdf`);
    const pdf = Buffer.from(attachment?.contentBase64 ?? '', 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(quote.quoteNumber);
    expect(text).toContain('Dorothy');
    expect(text).toContain('£4,882.50');
  });

  it('sends no quote e-mail (and so no PDF) for an order-flow hand-off', async () => {
    const response = await t.post('/api/quotes', {
      configuration: defaultSelection,
      customerInfo: { email: 'orderflow@example.com', firstName: 'Dorothy', lastName: 'Hodgkin', organization: 'Oxford' },
      flowType: 'order',
    });
    expect(response.statusCode, response.body).toBe(201);
    const mail = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'orderflow@example.com'));
    expect(mail.filter((message) => message.kind === 'quote_created')).toHaveLength(0);
  });
});
