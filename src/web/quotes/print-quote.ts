import { documentHtml } from '../../shared/documents/document-html';
import type { BusinessDocument } from '../../shared/documents/document-model';

/**
 * The printed quotation: the quote's document model as the server draws its PDF
 * (GET /api/quotes/{reference}/document: bank account, warranty and batch included), as HTML, with
 * the quote's link added to its terms.
 */
export function quoteDocumentHtml(model: BusinessDocument, quoteUrl: string): string {
  return documentHtml({
    ...model,
    sections: [...model.sections, { title: 'View or order online', lines: [quoteUrl] }],
  });
}

/** Opens the quotation in a new window and prints it after 500 ms; a blocked window is only logged. */
export function printQuote(model: BusinessDocument, quoteUrl: string): Window | null {
  const printWindow = window.open('', '_blank');
  if (!printWindow) {
    console.warn('The print window could not be opened');
    return null;
  }
  printWindow.document.open();
  printWindow.document.write(quoteDocumentHtml(model, quoteUrl));
  printWindow.document.close();
  window.setTimeout(() => {
    printWindow.focus();
    printWindow.print();
  }, 500);
  return printWindow;
}
