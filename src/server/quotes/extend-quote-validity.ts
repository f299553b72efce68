import { eq } from 'drizzle-orm';
import { quoteAdminMessages } from '../../shared/quotes/quote-admin-schemas';
import { EXTENSION_MAX_DAYS } from '../../shared/quotes/quote-acceptance';
import type { Db } from '../db/client';
import { quotes } from '../db/schema';
import { badRequest } from '../http/http-error';
import { forgetQuotePdf } from './quote-document';

const DAY_MS = 86_400_000;
type QuoteRow = typeof quotes.$inferSelect;

/**
 * Issue 48, F5: the one rule for staff moving a quote's valid-until date, by "Extend validity" or by
 * approving a buyer's extension request. Both routes need a fresh code (`extendsQuoteValidity`,
 * quote-routes.ts). The new date is after today and after the current date, and at most a year from
 * today, the ceiling a buyer's request has: a quote made valid until 9999 would hold its prices forever.
 * The quote reads 'sent' again, and the stored PDF is dropped so the next one prints the new date.
 */
export async function extendQuoteValidity(tx: Db, row: QuoteRow, validUntil: Date, now: Date) {
  const floor = Math.max(now.getTime(), row.validUntil?.getTime() ?? 0);
  const ceiling = now.getTime() + EXTENSION_MAX_DAYS * DAY_MS;
  if (Number.isNaN(validUntil.getTime()) || validUntil.getTime() <= floor || validUntil.getTime() > ceiling)
    throw badRequest(quoteAdminMessages.extendNotLater, { fields: { validUntil: quoteAdminMessages.extendNotLater } });
  await tx.update(quotes).set({ validUntil, status: 'sent', updatedAt: now }).where(eq(quotes.id, row.id));
  await forgetQuotePdf(tx, row.id);
}
