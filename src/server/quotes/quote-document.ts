import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { quoteAcceptances, quoteDocuments, quotes } from '../db/schema';
import { configurationFacts, documentFacts } from '../terms/terms-service';
import type { BusinessDocument } from '../../shared/documents/document-model';
import { acceptanceSectionTitle, quoteDocument as buildQuoteDocument } from '../../shared/documents/quote-document';
import { renderDocumentPdf } from '../documents/document-pdf';
import { loadQuoteResource } from './quote-resource';

type QuoteRow = typeof quotes.$inferSelect;

/** A stored PDF and its SHA-256 fingerprint (hex), the ETag its download answers with. */
export interface StoredPdf {
  pdf: Buffer;
  pdfSha256: string;
}

/**
 * The quote's PDF for the e-mail that carries it: the same stored document the quote page
 * downloads, rendered when the e-mail is sent if nobody asked for it before. Without
 * `customerText` (the e-mail goes to an address no account has confirmed) a copy without the
 * organisation is drawn instead, and not stored.
 */
export async function renderQuoteDocument(
  db: Db,
  reference: string,
  now: Date,
  options: { customerText: boolean; publicUrl: string },
): Promise<Buffer> {
  const [row] = await db.select().from(quotes).where(eq(quotes.quoteReference, reference));
  if (!row) throw new Error('The quote of a queued e-mail no longer exists');
  if (!options.customerText) return quoteDocument(db, row, now, options);
  return (await quotePdf(db, row, now, options.publicUrl)).pdf;
}

/**
 * The quote's PDF: rendered and stored the first time it is asked for, the stored bytes after
 * (a quote is frozen, and rendering costs CPU anyone with the link could spend).
 */
export async function quotePdf(db: Db, row: QuoteRow, now: Date, publicUrl: string): Promise<StoredPdf> {
  const stored = await storedQuotePdf(db, row.id);
  if (stored) return stored;
  const pdf = await quoteDocument(db, row, now, { customerText: true, publicUrl });
  const [inserted] = await db
    .insert(quoteDocuments)
    .values({ quoteId: row.id, pdf, pdfSha256: createHash('sha256').update(pdf).digest('hex') })
    .onConflictDoNothing()
    .returning({ pdf: quoteDocuments.pdf, pdfSha256: quoteDocuments.pdfSha256 });
  // Two first requests at once render twice; the one stored first is the quote's PDF for both.
  const kept = inserted ?? (await storedQuotePdf(db, row.id));
  if (!kept) throw new Error('Storing the quote PDF failed');
  return kept;
}

async function storedQuotePdf(db: Db, quoteId: string): Promise<StoredPdf | undefined> {
  const [stored] = await db
    .select({ pdf: quoteDocuments.pdf, pdfSha256: quoteDocuments.pdfSha256 })
    .from(quoteDocuments)
    .where(eq(quoteDocuments.quoteId, quoteId));
  return stored;
}

/**
 * The quote's document model as drawn now (the business profile with its bank account and the terms
 * in force, the plan's warranty, the batch): what its PDF, the browser's printed copy and the
 * admin's quote page all show.
 */
export async function quoteDocumentModel(
  db: Db,
  row: QuoteRow,
  now: Date,
  options: { customerText: boolean; publicUrl: string },
): Promise<BusinessDocument> {
  const { profile, terms, termsUrl } = await documentFacts(db, options.publicUrl);
  const quote = await loadQuoteResource(db, row, now);
  const facts = await configurationFacts(db, terms, quote.configuration, now);
  return buildQuoteDocument(quote, { profile, terms, termsUrl, ...facts, customerText: options.customerText });
}

/** The quote's PDF as drawn now, from its document model. */
async function quoteDocument(
  db: Db,
  row: QuoteRow,
  now: Date,
  options: { customerText: boolean; publicUrl: string },
): Promise<Buffer> {
  const model = await quoteDocumentModel(db, row, now, options);
  // A drawn signature is drawn in the acceptance block; not in a copy for an unconfirmed address,
  // which carries nothing the customer made (decision 0005): there the block names the signer only.
  const [drawn] = options.customerText
    ? await db
        .select({ image: quoteAcceptances.signatureImage })
        .from(quoteAcceptances)
        .where(eq(quoteAcceptances.quoteId, row.id))
    : [];
  return renderDocumentPdf(
    model,
    drawn?.image ? { sectionImages: { [acceptanceSectionTitle(model.language)]: drawn.image } } : {},
  );
}

/** Drops the stored PDF, so the next download or e-mail draws it again (the admin extended the validity). */
export async function forgetQuotePdf(db: Db, quoteId: string): Promise<void> {
  await db.delete(quoteDocuments).where(eq(quoteDocuments.quoteId, quoteId));
}
