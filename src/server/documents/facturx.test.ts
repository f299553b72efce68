import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { create } from 'xmlbuilder2';
import {
  addresses,
  einvoiceFacts,
  instrumentLines,
  invoicesOf,
  pricedOrder,
} from '../../../tests/support/einvoice-orders';
import { pdfText } from '../../../tests/support/pdf-text';
import { invoiceDocument } from '../../shared/documents/order-documents';
import { einvoiceOf } from '../../shared/einvoice/einvoice-model';
import { renderDocumentPdf } from './document-pdf';

const saved = (pdf: Buffer) => {
  const file = join(mkdtempSync(join(tmpdir(), 'facturx-')), 'invoice.pdf');
  writeFileSync(file, pdf);
  return file;
};

const words = (text: string) => text.split(/\s+/).filter(Boolean);

describe('Factur-X inside the invoice PDF (issue 40)', () => {
  it('embeds factur-x.xml with the Factur-X XMP (EN 16931) in a PDF/A-3, and the page reads word for word as without it', async () => {
    const order = pricedOrder({
      orderNumber: 'O2026-00201',
      currency: 'EUR',
      address: addresses.de,
      vatNumber: 'DE123456789',
      lines: instrumentLines,
    });
    for (const invoice of Object.values(invoicesOf(order, 2500))) {
      const document = invoiceDocument(order, invoice, einvoiceFacts);
      const plain = await renderDocumentPdf(document);
      const facturX = await renderDocumentPdf(document, { einvoice: einvoiceOf(order, invoice, einvoiceFacts) });
      // Word for word: the embedded font (PDF/A) places glyphs a fraction apart, which moves pdftotext's
      // layout spacing by a column here and there, never a word.
      expect(words(pdfText(facturX))).toEqual(words(pdfText(plain)));
      const file = saved(facturX);
      expect(execFileSync('pdfdetach', ['-list', file], { encoding: 'utf8' })).toContain('1: factur-x.xml');
      const xmp = execFileSync('pdfinfo', ['-meta', file], { encoding: 'utf8' });
      expect(xmp).toContain('<pdfaid:part>3</pdfaid:part>');
      expect(xmp).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
      expect(xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
      expect(xmp).toContain('urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#');
      expect(execFileSync('pdfinfo', ['-meta', saved(plain)], { encoding: 'utf8' })).not.toContain('factur-x');
    }
  });

  it('is PDF/A in its fonts and metadata: every font embedded, and a legal name with "&" and "<" keeps the XMP well-formed', async () => {
    const order = pricedOrder({
      orderNumber: 'O2026-00202',
      currency: 'GBP',
      address: addresses.uk,
      poNumber: 'PO-7781',
      lines: instrumentLines,
    });
    const facts = {
      ...einvoiceFacts,
      profile: { ...einvoiceFacts.profile, legalName: 'Smith & Sons <Laboratory Automation> Ltd' },
    };
    const invoice = invoicesOf(order, 0).deposit;
    const document = invoiceDocument(order, invoice, facts);
    const file = saved(await renderDocumentPdf(document, { einvoice: einvoiceOf(order, invoice, facts) }));
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' }).trim().split('\n').slice(2);
    expect(fonts.length).toBeGreaterThan(0);
    // pdffonts' columns: name, type, encoding, emb, sub, uni, object ID.
    for (const font of fonts) expect(font.split(/\s+/).at(-5), font).toBe('yes');
    expect(fonts.join('\n')).toContain('Arimo');
    const xmp = execFileSync('pdfinfo', ['-meta', file], { encoding: 'utf8' });
    expect(xmp).toContain('<rdf:li>Smith &amp; Sons &lt;Laboratory Automation&gt; Ltd</rdf:li>');
    expect(() => create(xmp.trim())).not.toThrow();
    expect(pdfText(readFileSync(file))).toContain('Smith & Sons <Laboratory Automation> Ltd');
    // The plain PDFs keep the standard fonts (no PDF/A, nothing embedded).
    const plain = saved(await renderDocumentPdf(document));
    expect(execFileSync('pdffonts', [plain], { encoding: 'utf8' })).toContain('Helvetica');
  });
});
