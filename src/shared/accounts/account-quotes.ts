import { z } from 'zod';

/** One of the signed-in customer's quotes in My Account (GET /api/account/quotes). */
export const accountQuoteSchema = z.object({
  id: z.string(),
  quoteNumber: z.string(),
  reference: z.string(),
  createdAt: z.string(),
  validUntil: z.string().nullable(),
  /** 'expired' once validUntil has passed, 'accepted' once an order exists for it (shown "Ordered"), as on the quote page. */
  status: z.enum(['draft', 'sent', 'accepted', 'expired']),
  currency: z.enum(['GBP', 'EUR']),
  /** The frozen total in minor units; null for a quote stored without pricing. */
  totalAmount: z.number().int().nullable(),
  /** The order the quote became; `own` when this customer may open it, theirs or their organisation's (linked to its page). */
  order: z.object({ id: z.string(), orderNumber: z.string(), own: z.boolean() }).nullable(),
});
export type AccountQuote = z.infer<typeof accountQuoteSchema>;

export const accountQuotesAnswerSchema = z.object({ quotes: z.array(accountQuoteSchema) });
