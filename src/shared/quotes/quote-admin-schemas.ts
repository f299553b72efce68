import { z } from 'zod';
import { businessDocumentSchema } from '../documents/document-schema';
import { quoteStatuses } from '../orders/order-status';
import { quoteAcceptanceSchema, quoteExtensionSchema } from './quote-acceptance';

/** The admin's quote page (/admin/quotes/{quoteNumber}): docs/api/admin.md and decision 0048. */

export const quoteAdminMessages = {
  notFound: 'Quote not found',
  ordered: 'This quote has already been ordered; it can no longer be extended or resent.',
  notExtendable: 'Only a sent or expired quote can be extended.',
  extendNotLater: 'Choose a date after the current valid-until date and after today, at most a year from today.',
  expiredResend: 'This quote has expired. Extend its validity before resending it.',
  noRecipient: 'This quote has no e-mail address to send it to.',
  extended: 'Validity extended',
  resent: 'Quote e-mail queued',
  noteAdded: 'Note added',
  extensionApproved: 'Extension approved; the customer has been e-mailed',
  extensionDeclined: 'Extension declined; the customer has been e-mailed',
} as const;

/** A path key: the quote's number (Q2026-0042) or its id. */
export const quoteKeyParams = z.object({ key: z.string().trim().min(1).max(100) });

export const quoteNoteSchema = z.object({
  id: z.string(),
  text: z.string(),
  authorEmail: z.string().nullable(),
  createdAt: z.string(),
});

export const adminQuoteDetailSchema = z.object({
  quote: z.object({
    id: z.string(),
    quoteNumber: z.string(),
    reference: z.string(),
    /** The status as shown: expired once past its validity, accepted once ordered. */
    status: z.enum(quoteStatuses),
    createdAt: z.string(),
    validUntil: z.string().nullable(),
    currency: z.string(),
    customer: z
      .object({
        name: z.string(),
        email: z.string(),
        organization: z.string(),
        country: z.string(),
      })
      .nullable(),
    order: z.object({ id: z.string(), orderNumber: z.string() }).nullable(),
  }),
  /** The quote's document model, as its PDF is drawn now: lines, totals, terms. */
  document: businessDocumentSchema,
  notes: z.array(quoteNoteSchema),
  canExtend: z.boolean(),
  canResend: z.boolean(),
  /** Issue 39: the buyer's acceptance (who, when) and the latest request for more time. */
  acceptance: quoteAcceptanceSchema.nullable().optional(),
  extensionRequest: quoteExtensionSchema.nullable().optional(),
});
export type AdminQuoteDetail = z.infer<typeof adminQuoteDetailSchema>;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use the form YYYY-MM-DD' });
/** The new last day of validity; the quote holds to the end of that day (UTC). */
export const extendQuoteRequestSchema = z.object({ validUntil: isoDay });
export const quoteNoteRequestSchema = z.object({ text: z.string().trim().min(1).max(2000) });
