import { translator } from '../../shared/i18n/translator';
import { type LanguageHolder, recipientLanguage } from '../accounts/recipient-language';

/** The documents whose file name is written in their language (the catalogue's `doc.filename.*`). */
type NamedDocument = 'acknowledgement' | 'confirmation' | 'proForma' | 'quote' | 'singleSupplier';

/**
 * Issue 53: a document's file name in the language it is written in, its order's or quote's
 * (`recipientLanguage`): "Auftragsbestätigung-O2026-00001.pdf", "Devis-Q2026-00001.pdf"; the English
 * names as they always were. A download sends it through `contentDisposition` (an ASCII name beside it).
 */
export const documentFilename = (
  document: NamedDocument,
  holder: LanguageHolder,
  values: { orderNumber: string } | { quoteNumber: string },
) => translator(recipientLanguage(holder)).t(`doc.filename.${document}`, values);
