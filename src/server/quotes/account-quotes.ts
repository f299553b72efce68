import { desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AccountQuote, accountQuotesAnswerSchema } from '../../shared/accounts/account-quotes';
import type { Db } from '../db/client';
import { orders, quotes } from '../db/schema';
import { toQuoteResource } from './quote-resource';
import { requireUser } from '../accounts/request-auth';
import { noStoreAnswers } from '../http/no-store';
import { readableOwners } from '../organisations/organisation-access';

/** Enough for any laboratory's history; the list is not paged. */
const MAX_QUOTES = 200;

/** The user's quotes and their organisation's (decision 0068), newest first (the id breaks ties), as My Account lists them. */
export async function listOwnQuotes(db: Db, userId: string, now: Date): Promise<AccountQuote[]> {
  const owners = await readableOwners(db, userId);
  const rows = await db
    .select({
      quote: quotes,
      order: { id: orders.id, orderNumber: orders.orderNumber, userId: orders.userId },
    })
    .from(quotes)
    .leftJoin(orders, eq(orders.quoteId, quotes.id))
    .where(inArray(quotes.userId, owners))
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(MAX_QUOTES);
  return rows.map(({ quote: row, order }) => {
    // The order the quote became makes it read 'accepted' ("Ordered"), so My Quotes offers no second order.
    const quote = toQuoteResource(row, now, { order: order && { id: order.id, orderNumber: order.orderNumber } });
    return {
      order: order
        ? { id: order.id, orderNumber: order.orderNumber, own: order.userId !== null && owners.includes(order.userId) }
        : null,
      id: quote.id,
      quoteNumber: quote.quoteNumber,
      reference: quote.reference,
      createdAt: quote.createdAt,
      validUntil: quote.validUntil,
      status: quote.status,
      currency: quote.currency,
      totalAmount: quote.pricing?.totals.total ?? null,
    };
  });
}

/** GET /api/account/quotes (docs/api/accounts.md). */
export async function accountQuoteRoutes(app: FastifyInstance) {
  noStoreAnswers(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/account/quotes', { schema: { response: { 200: accountQuotesAnswerSchema } } }, async (request) => {
    const auth = requireUser(request);
    return { quotes: await listOwnQuotes(app.db, auth.userId, app.now()) };
  });
}
