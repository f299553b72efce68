import { z } from 'zod';
import { isoDate, listQueryBase } from '../lists';

/**
 * GET /api/admin/payments(.csv): the payments register (issue 36), every receipt and refund by the
 * day the money moved, for matching to the bank statement. The search finds a reference, an order or
 * invoice number, or an amount ("1731", "1,731.00" and "£1731" all find £1,731.00).
 */
export const paymentsRegisterQuerySchema = z
  .object({
    from: isoDate,
    to: isoDate,
    search: listQueryBase.search,
    page: listQueryBase.page,
    pageSize: listQueryBase.pageSize,
  })
  .refine((query) => query.from <= query.to, { error: 'The start comes after the end', path: ['to'] });
export type PaymentsRegisterQuery = z.output<typeof paymentsRegisterQuerySchema>;

export const paymentsRegisterRowSchema = z.object({
  /** The payment's id; a refund's own id (a payment refunded before partial refunds: the payment's); a receipt on account's id. */
  id: z.string(),
  /**
   * Issue 51: 'voided' is a mis-keyed receipt taken back: listed as a trail (who, when, why) but in no
   * total; its amount is what was keyed.
   */
  kind: z.enum(['receipt', 'refund', 'voided']),
  /** The day the money moved, YYYY-MM-DD (London). */
  date: z.string(),
  /** Null for a receipt on account (issue 51): `allocatedTo` names the orders it went to. */
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  /** A receipt on account (issue 51): its id, what is not yet allocated, and the orders it was allocated to. */
  accountReceiptId: z.string().nullable(),
  unallocated: z.number().int().nullable(),
  allocatedTo: z.array(z.object({ orderId: z.string(), orderNumber: z.string(), amount: z.number().int() })),
  voided: z.object({ at: z.string(), by: z.string().nullable(), reason: z.string() }).nullable(),
  /** The invoice the receipt was recorded against (a refund: its payment's); null for older receipts. */
  invoiceNumber: z.string().nullable(),
  customer: z.string(),
  /** Minor units: a receipt positive, a refund negative. */
  amount: z.number().int(),
  currency: z.string(),
  method: z.string(),
  reference: z.string().nullable(),
});
export type PaymentsRegisterRow = z.infer<typeof paymentsRegisterRowSchema>;

/** Per currency: what came in, what went back (positive) and the difference, with the counts. */
export const paymentsRegisterTotalSchema = z.object({
  currency: z.string(),
  receipts: z.number().int(),
  refunds: z.number().int(),
  received: z.number().int(),
  refunded: z.number().int(),
  net: z.number().int(),
  /** Issue 51: of the receipts received, what is on account and not yet allocated to an invoice. */
  unallocated: z.number().int(),
  /** Voided receipts listed (counted in no figure). */
  voided: z.number().int(),
});
export type PaymentsRegisterTotal = z.infer<typeof paymentsRegisterTotalSchema>;

export const paymentsRegisterAnswerSchema = z.object({
  from: z.string(),
  to: z.string(),
  items: z.array(paymentsRegisterRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Of the whole filter (dates and search), not just the page. */
  totals: z.array(paymentsRegisterTotalSchema),
});
export type PaymentsRegisterAnswer = z.infer<typeof paymentsRegisterAnswerSchema>;
