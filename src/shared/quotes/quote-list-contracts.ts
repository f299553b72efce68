import { z } from 'zod';
import { emptyToUndefined, listQueryBase, pageOf } from '../lists';
import { quoteStatuses } from '../orders/order-status';

/** The staff's quotes list and its CSV (docs/api.md, Admin: quotes). */

/** The quotes list and its CSV: status one of the quotes' (displayed) statuses. */
export const adminQuoteListQuerySchema = z.object({
  ...listQueryBase,
  status: z.preprocess(emptyToUndefined, z.enum(quoteStatuses).optional()),
});
export type AdminQuoteListQuery = z.output<typeof adminQuoteListQuerySchema>;

export const adminQuoteSchema = z.object({
  id: z.string(),
  quoteNumber: z.string(),
  quoteReference: z.string(),
  status: z.enum(quoteStatuses),
  /** The status as shown: a sent quote past its validity is expired; a quote that became an order is accepted. */
  displayStatus: z.enum(quoteStatuses),
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  customerCompany: z.string().nullable(),
  hasUser: z.boolean(),
  total: z.number().int().nullable(),
  currency: z.string(),
  createdAt: z.string(),
  validUntil: z.string().nullable(),
  orderId: z.string().nullable(),
});
export type AdminQuote = z.infer<typeof adminQuoteSchema>;
export const adminQuotePageSchema = pageOf(adminQuoteSchema);
