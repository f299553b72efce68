import { documentHtml } from '../../shared/documents/document-html';
import { quoteDocument } from '../../shared/documents/quote-document';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import type { PublicSettings } from '../../shared/public-settings';
import { defaultTermsValues } from '../../shared/terms';
import { publicProfile } from '../lib/public-profile';

/**
 * The printed quotation: the same document model as the quote's PDF (quoteDocument), drawn as
 * HTML, with the quote's link added to its terms.
 */
export function quoteDocumentHtml(
  quote: QuoteResource,
  quoteUrl: string,
  settings?: Pick<PublicSettings, 'autoQuoteExpiry' | 'defaultProductWarranty'>,
): string {
  const profile = publicProfile();
  const model = quoteDocument(quote, {
    profile,
    terms: {
      ...defaultTermsValues,
      ...(settings
        ? { quoteValidityDays: settings.autoQuoteExpiry, standardWarrantyMonths: settings.defaultProductWarranty }
        : {}),
      deliveryPlace: profile.deliveryPlace,
    },
  });
  return documentHtml({
    ...model,
    sections: [...model.sections, { title: 'View or order online', lines: [quoteUrl] }],
  });
}

/** Opens the quotation in a new window and prints it after 500 ms; a blocked window is only logged. */
export function printQuote(
  quote: QuoteResource,
  quoteUrl: string,
  settings?: Pick<PublicSettings, 'autoQuoteExpiry' | 'defaultProductWarranty'>,
): Window | null {
  const printWindow = window.open('', '_blank');
  if (!printWindow) {
    console.warn('The print window could not be opened');
    return null;
  }
  printWindow.document.open();
  printWindow.document.write(quoteDocumentHtml(quote, quoteUrl, settings));
  printWindow.document.close();
  window.setTimeout(() => {
    printWindow.focus();
    printWindow.print();
  }, 500);
  return printWindow;
}
