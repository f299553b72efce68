import type { Language } from '../i18n/languages';
import { translator } from '../i18n/translator';

/** The documents whose file name is written in their language (the catalogue's `doc.filename.*`). */
type NamedDocument =
  | 'acknowledgement'
  | 'commercialInvoice'
  | 'confirmation'
  | 'proForma'
  | 'quote'
  | 'repairProForma'
  | 'rma'
  | 'singleSupplier'
  | 'statement';

/**
 * Issue 53: a document's file name in the language it is written in, its order's or quote's
 * (`recipientLanguage`): "Auftragsbestätigung-O2026-00001.pdf", "Devis-Q2026-00001.pdf"; the English
 * names as they always were. A download sends it through `contentDisposition` (an ASCII name beside it).
 * The service papers by their RMA number ("Rücksendegenehmigung-RMA2026-00001.pdf"), the statement by
 * its day ("Kontoauszug-2026-12-01.pdf").
 */
export const documentFilename = (
  document: NamedDocument,
  language: Language,
  values: { orderNumber: string } | { quoteNumber: string } | { rmaNumber: string } | { date: string },
) => translator(language).t(`doc.filename.${document}`, values);
