import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
      expect(pdfText(facturX)).toBe(pdfText(plain));
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
});
