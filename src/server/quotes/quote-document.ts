import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { quotes } from '../db/schema';
import { getCachedSettings } from '../settings/settings-service';
import { renderQuotePdf } from './quote-pdf';
import { toQuoteResource } from './quote-resource';

/**
 * The quote's PDF for the e-mail that carries it, rendered when the e-mail is sent, so creating a
 * quote does not wait for the document. The page's download, less the organisation unless
 * `customerText` (the e-mail goes to a confirmed account's own address).
 */
export async function renderQuoteDocument(
  db: Db,
  reference: string,
  now: Date,
  options: { customerText: boolean },
): Promise<Buffer> {
  const [row] = await db.select().from(quotes).where(eq(quotes.quoteReference, reference));
  if (!row) throw new Error('The quote of a queued e-mail no longer exists');
  return quoteDocument(db, row, now, options);
}

/** The quote's PDF; the warranty stated is the Default Product Warranty setting. */
export async function quoteDocument(
  db: Db,
  row: typeof quotes.$inferSelect,
  now: Date,
  options: { customerText: boolean } = { customerText: true },
): Promise<Buffer> {
  return renderQuotePdf(toQuoteResource(row, now), {
    warrantyMonths: (await getCachedSettings(db)).defaultProductWarranty,
    customerText: options.customerText,
  });
}
