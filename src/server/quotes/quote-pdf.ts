import { type QuoteDocumentOptions, quoteDocument } from '../../shared/documents/quote-document';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { renderDocumentPdf } from '../documents/document-pdf';

/** A one-page A4 quotation, drawn by the shop's one document layout. */
export function renderQuotePdf(quote: QuoteResource, options: QuoteDocumentOptions): Promise<Buffer> {
  return renderDocumentPdf(quoteDocument(quote, options));
}
