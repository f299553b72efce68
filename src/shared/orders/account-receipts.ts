import { z } from 'zod';
import { cleanLine } from '../clean-text';
import { isoDate } from '../lists';

/**
 * Issue 51 (decision 0081): money that matches no invoice, recorded on a customer's account or
 * unidentified with the bank reference, and allocated to invoices later; and the void of a
 * mis-keyed receipt. Shared by the admin routes and pages.
 */

export const accountReceiptMessages = {
  amount: 'Enter the amount received (more than 0).',
  reference: 'Enter the bank reference, so the receipt can be matched to the statement later.',
  customerOrReference: 'Name the customer, or give the bank reference of an unidentified receipt.',
  customerNotFound: 'That customer was not found.',
  notFound: 'That receipt on account was not found.',
  voided: 'This receipt was voided: nothing can be allocated from it.',
  tooMuch: (left: string) => `That is more than is left to allocate of this receipt (${left}).`,
  currency: 'A receipt is allocated only to orders in its own currency.',
  orderTooMuch: (order: string, left: string) => `Order ${order} has only ${left} outstanding.`,
  orderCancelled: (order: string) => `Order ${order} is cancelled: it takes no payment.`,
  orderTwice: 'Name each order once.',
  orderNotFound: (order: string) => `No order ${order}.`,
  reasonRequired: 'Give the reason for voiding (at least 5 characters).',
  refunded: 'Money was paid back from an allocation of this receipt: it was real money, so it cannot be voided.',
} as const;

const reason = z
  .string({ error: accountReceiptMessages.reasonRequired })
  .trim()
  .min(5, { error: accountReceiptMessages.reasonRequired })
  .max(500)
  .transform(cleanLine);

/** POST /api/admin/account-receipts: a receipt on a customer's account, or unidentified with its bank reference. */
export const accountReceiptRequestSchema = z
  .object({
    /** The customer's account; null or absent: unidentified. */
    userId: z.uuid().nullable().optional(),
    /** Or the account's e-mail, as the clerk types it (the admin page). */
    customerEmail: z
      .string()
      .trim()
      .max(320)
      .nullable()
      .optional()
      .transform((value) => (value ? value.toLowerCase() : null)),
    /** Minor units. */
    amount: z
      .number({ error: accountReceiptMessages.amount })
      .int()
      .positive({ error: accountReceiptMessages.amount })
      .max(100_000_000),
    currency: z.enum(['GBP', 'EUR']),
    receivedOn: isoDate,
    method: z.string().trim().min(1).max(100).default('bank_transfer'),
    reference: z
      .string()
      .trim()
      .max(200)
      .nullable()
      .optional()
      .transform((value) => (value ? cleanLine(value) : null)),
    note: z
      .string()
      .trim()
      .max(500)
      .nullable()
      .optional()
      .transform((value) => (value ? cleanLine(value) : null)),
  })
  .refine((body) => Boolean(body.userId) || Boolean(body.customerEmail) || Boolean(body.reference), {
    error: accountReceiptMessages.customerOrReference,
    path: ['reference'],
  });
export type AccountReceiptRequest = z.input<typeof accountReceiptRequestSchema>;

/** POST /api/admin/account-receipts/{id}/allocations: part or all of it, to one order or several. */
export const allocationRequestSchema = z.object({
  allocations: z
    .array(
      z
        .object({
          orderId: z.uuid().optional(),
          /** Or the order's number, as the clerk types it. */
          orderNumber: z.string().trim().min(1).max(40).optional(),
          amount: z.number().int().positive().max(100_000_000),
        })
        .refine((entry) => Boolean(entry.orderId) || Boolean(entry.orderNumber), {
          error: 'Name the order (its number).',
          path: ['orderNumber'],
        }),
    )
    .min(1)
    .max(50),
});
export type AllocationRequest = z.input<typeof allocationRequestSchema>;

/** POST …/void: a mis-keyed receipt (an order's payment, or a receipt on account). */
export const voidRequestSchema = z.object({ reason });
export type VoidRequest = z.input<typeof voidRequestSchema>;

export const accountReceiptListQuerySchema = z.object({
  /** 'open': with money still to allocate (the default); 'all': every one, voided ones too. */
  show: z.enum(['open', 'all']).default('open'),
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type AccountReceiptListQuery = z.output<typeof accountReceiptListQuerySchema>;

export const accountReceiptSchema = z.object({
  id: z.string(),
  customer: z.object({ id: z.string(), name: z.string().nullable(), email: z.string().nullable() }).nullable(),
  /** Issue 51: the customer was erased (`customer` null): not unidentified money, the erased person's. */
  customerErased: z.boolean(),
  amount: z.number().int(),
  currency: z.string(),
  receivedOn: z.string(),
  method: z.string(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  allocated: z.number().int(),
  unallocated: z.number().int(),
  allocations: z.array(
    z.object({ paymentId: z.string(), orderId: z.string(), orderNumber: z.string(), amount: z.number().int() }),
  ),
  voided: z.object({ at: z.string(), by: z.string().nullable(), reason: z.string() }).nullable(),
  createdAt: z.string(),
});
export type AccountReceipt = z.infer<typeof accountReceiptSchema>;

export const accountReceiptPageSchema = z.object({
  items: z.array(accountReceiptSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Per currency, of every receipt still open (not just the page). */
  unallocated: z.array(z.object({ currency: z.string(), amount: z.number().int(), receipts: z.number().int() })),
});
export type AccountReceiptPage = z.infer<typeof accountReceiptPageSchema>;

export const accountReceiptAnswerSchema = z.object({ receipt: accountReceiptSchema });
