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
  /** The payment's id; a refund's own id (a payment refunded before partial refunds: the payment's). */
  id: z.string(),
  kind: z.enum(['receipt', 'refund']),
  /** The day the money moved, YYYY-MM-DD (London). */
  date: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
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
