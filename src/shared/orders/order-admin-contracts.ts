import { LANGUAGES } from '../i18n/languages';
import { z } from 'zod';
import { cleanLine } from '../clean-text';
import { emptyToUndefined, isoDate, listQueryBase, pageOf } from '../lists';
import { carrierSchema } from '../settings';
import { adminOrderSchema, orderStatusSchema, paymentStatusSchema } from './order-schema';
import { exportMrnField } from './export-proof';
import { adminTestRecordSchema, factoryTestsField } from '../instruments/instrument-papers';
import { paymentTransactionTypes } from './order-status';
import { orderKinds } from './order-kind';
import { orderVatNumberSchema, vatRegistries } from '../tax/vat-number-check';
import { leitwegIdProblem, normalLeitwegId } from '../einvoice/public-buyer';

/**
 * The staff's order requests and answers (docs/api.md, Admin: orders, payments, refunds, credit
 * notes, the register), shared by the order routes, the orders feature and the admin order pages.
 */

export const orderMessages = {
  orderUpdated: 'Order updated successfully',
  orderUpdateFailed: 'Failed to update order',
  orderUnexpected: 'An unexpected error occurred',
  orderDeleted: 'Order deleted successfully',
  orderDeleteFailed: 'Failed to delete order',
  orderFetchFailed: 'Failed to fetch order details',
  orderNotFound: 'Order not found',
  statusNote: 'Status updated via admin panel',
  overpayment: 'The amount is more than what is outstanding on this order.',
  depositAlreadyRecorded: 'A deposit is already recorded for this order.',
  depositInstalmentTooMuch: (due: string) =>
    `The deposit invoice asks for only ${due} more; record the rest as the balance.`,
  paymentNotFound: 'Payment not found',
  paymentAlreadyRefunded: 'This payment is already refunded.',
  paymentStatusFollowsLedger: 'Payment status follows the recorded payments',
  recordPaymentInstead: 'Record a payment instead.',
  refundPaymentInstead: 'Record or refund a payment instead.',
  invoiceNumberFollowsInvoices: 'Invoice numbers follow the issued invoices. Issue or credit an invoice instead.',
  paymentStatusHint: 'Follows the recorded payments: record or refund a payment under Payments.',
  invoiceNumberHint: 'Follows the issued invoices: issue or credit one under Documents.',
  orderOnTheBooks: 'This order has payments or invoices: cancel it instead, with a credit note where one is due.',
} as const;

/** The orders list and its CSV: status one of the orders' statuses (400 otherwise, before any query runs). */
export const adminOrderListQuerySchema = z.object({
  ...listQueryBase,
  status: z.preprocess(emptyToUndefined, orderStatusSchema.optional()),
  paymentStatus: z.preprocess(emptyToUndefined, paymentStatusSchema.optional()),
  /** A deposit or balance invoice unpaid past its due date. */
  overdue: z.preprocess(emptyToUndefined, z.enum(['deposit', 'balance']).optional()),
  /** Delivered outside the UK without a complete proof-of-export record (issue 37). */
  exportProof: z.preprocess(emptyToUndefined, z.enum(['missing']).optional()),
});
export type AdminOrderListQuery = z.output<typeof adminOrderListQuerySchema>;

export const adminOrderRowSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  createdAt: z.string(),
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  customerCompany: z.string().nullable(),
  isGuest: z.boolean(),
  totalAmount: z.number().int(),
  currency: z.string(),
  status: orderStatusSchema,
  paymentStatus: paymentStatusSchema,
  /** The order's kind (decision 0062): a repair's payment reads "Payment …". */
  kind: z.enum(orderKinds).optional(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;
export const adminOrderPageSchema = pageOf(adminOrderRowSchema);

const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value));

/**
 * PUT /api/admin/orders/{id}/buyer-routing-reference (issue 40): the buyer's Leitweg-ID or other routing
 * reference, an XRechnung's BT-10; empty clears it.
 */
export const buyerRoutingReferenceRequestSchema = z.object({
  buyerRoutingReference: z
    .string()
    .overwrite(cleanLine)
    .max(50, { error: 'At most 50 characters.' })
    .nullable()
    .transform((value) => (value ? normalLeitwegId(value) : null))
    // Issue 52: a Leitweg-ID's form and MOD 97-10 check digits, checked as in the order flow.
    .superRefine((value, context) => {
      const problem = value ? leitwegIdProblem(value) : null;
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
});

/** PATCH /api/admin/orders/{id}: every field of the spec's edit form; empty strings are saved as null. */
export const updateOrderRequestSchema = z.object({
  status: orderStatusSchema.optional(),
  paymentStatus: paymentStatusSchema.optional(),
  paymentMethod: nullableText(100),
  trackingNumber: nullableText(200),
  invoiceNumber: nullableText(100),
  estimatedDeliveryDate: z
    .union([isoDate, z.literal('')])
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value)),
  notes: nullableText(2000),
  internalNotes: nullableText(5000),
  /** The carrier's id from the settings' carriers list. */
  carrier: nullableText(50),
  /** Staff's message to the customer (their order page shows it); `notes` stays the buyer's checkout note. */
  customerMessage: nullableText(2000),
  /** Moving to shipped: one serial number per instrument of the order's quantity (checked by the server, decision 0043). */
  serialNumbers: z.array(z.string().max(100)).max(100).optional(),
  /**
   * Moving to shipped: each instrument's factory test, in the order of `serialNumbers` (issue 41;
   * each item checked by the server against factoryTestSchema and the settings' limits).
   */
  factoryTests: factoryTestsField,
  /** Moving an export to shipped: its export declaration's MRN, where there is one (the proof of export keeps it). */
  exportMrn: exportMrnField,
  /**
   * Cancelling an order that holds money: the amount held (minor units) the admin was warned of. The
   * server refuses the cancel (409 `money_held`) unless it equals what the order holds now.
   */
  acknowledgeHeld: z.number().int().min(0).max(1_000_000_000).optional(),
});
export type UpdateOrderRequest = z.input<typeof updateOrderRequestSchema>;
export type UpdateOrderChanges = z.output<typeof updateOrderRequestSchema>;

export const recordPaymentRequestSchema = z.object({
  transactionType: z.enum(paymentTransactionTypes),
  /** Minor units (pence, cents). */
  amount: z.number().int().positive().max(100_000_000),
  paymentMethod: z.string().trim().min(1).max(100).default('bank_transfer'),
  reference: nullableText(200),
  receivedAt: z
    .union([isoDate, z.literal('')])
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value)),
});
export type RecordPaymentRequest = z.input<typeof recordPaymentRequestSchema>;

const requiredDay = z.union([isoDate, z.literal('')]).transform((value) => (value === '' ? null : value));

/** An owner ships before the balance is paid: the reason is recorded on the timeline and in the audit log. */
export const shipOverrideRequestSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(5, { error: 'Give the reason for shipping before the balance is paid (at least 5 characters).' })
    .max(500)
    .transform(cleanLine),
  trackingNumber: nullableText(200),
  carrier: nullableText(50),
  serialNumbers: z.array(z.string().max(100)).max(100).optional(),
  factoryTests: factoryTestsField,
  exportMrn: exportMrnField,
});

/** An owner starts production before the deposit is paid: the reason is recorded on the timeline and in the audit log. */
export const processingOverrideRequestSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(5, { error: 'Give the reason for starting production before the deposit is paid (at least 5 characters).' })
    .max(500)
    .transform(cleanLine),
});

/** A refund, in part or whole, of a recorded payment. */
export const refundRequestSchema = z.object({
  /** Minor units; the whole payment's remainder when not given. */
  amount: z.number().int().positive().max(100_000_000).optional(),
  refundedOn: requiredDay.optional(),
  method: z.string().trim().min(1).max(100).default('bank_transfer'),
  reference: nullableText(200),
  reason: nullableText(500),
});
export type RefundRequest = z.input<typeof refundRequestSchema>;

/** A credit note for an invoice, in part (amount) or whole, with its reason. */
export const creditRequestSchema = z.object({
  /** Minor units, positive; the invoice's remainder when not given. */
  amount: z.number().int().positive().max(100_000_000).optional(),
  reason: nullableText(500),
  /**
   * Credit a cancelled order's deposit invoice less the terms' cancellation fee: the credit note records
   * the fee, and the amount (when given) must be the invoice's remainder less the fee.
   */
  keepCancellationFee: z.boolean().optional(),
});
export type CreditRequest = z.input<typeof creditRequestSchema>;

/** GET /api/admin/invoices(.csv|.xero.csv): the register of invoices and credit notes issued from one day to another. */
export const registerQuerySchema = z
  .object({ from: isoDate, to: isoDate })
  .refine((query) => query.from <= query.to, { error: 'The start comes after the end', path: ['to'] });

const registerTotalSchema = z.object({
  currency: z.string(),
  rate: z.number(),
  /** The VAT treatment of the lines totalled (issue 37); null for documents of orders placed before lines had VAT. */
  treatment: z.enum(['standard', 'zero_rated_export', 'reverse_charge']).nullable(),
  count: z.number().int(),
  net: z.number().int(),
  vat: z.number().int(),
  gross: z.number().int(),
});
export const registerAnswerSchema = z.object({
  from: z.string(),
  to: z.string(),
  items: z.array(
    z.object({
      id: z.string(),
      issuedAt: z.string(),
      kind: z.enum(['deposit', 'balance', 'credit']),
      number: z.string(),
      creditsNumber: z.string().nullable(),
      orderNumber: z.string(),
      customer: z.string(),
      country: z.string(),
      vatNumber: z.string().nullable(),
      net: z.number().int(),
      vat: z.number().int(),
      gross: z.number().int(),
      rate: z.number(),
      currency: z.string(),
      reason: z.string().nullable(),
      /** GBP equivalents in pence (issue 36): null when the document's month has no rate yet. */
      gbp: z.object({ net: z.number().int(), vat: z.number().int(), gross: z.number().int() }).nullable(),
      gbpRate: z.number().nullable(),
      gbpRateMonth: z.string(),
      gbpSource: z.enum(['document', 'table', 'missing']),
      /** "rate from table", "no rate for 2026-11", "rate at issue", or empty for a pound document. */
      gbpNote: z.string(),
      euGoods: z.boolean(),
    }),
  ),
  /** Per currency and VAT rate: invoices less credit notes. */
  totals: z.array(registerTotalSchema),
  /** The VAT-return figures in pounds (issue 36): boxes 1, 6 and 8, GBP totals, documents without a rate. */
  vatReturn: z.object({
    boxes: z.array(
      z.object({
        box: z.number().int(),
        label: z.string(),
        pence: z.number().int(),
        entered: z.string(),
        explanation: z.string(),
      }),
    ),
    gbpTotals: z.array(
      z.object({
        month: z.string().nullable(),
        count: z.number().int(),
        net: z.number().int(),
        vat: z.number().int(),
        gross: z.number().int(),
      }),
    ),
    missing: z.array(z.object({ number: z.string(), currency: z.string(), month: z.string() })),
  }),
});
export type RegisterAnswer = z.infer<typeof registerAnswerSchema>;

/** A staff-only comment on the order's timeline. */
export const orderCommentRequestSchema = z.object({ text: z.string().trim().min(1).max(2000) });

/** Where each deposit and balance invoice stands (order-ledger.ts `invoiceBalances`), minor units. */
export const invoiceBalanceSchema = z.object({
  id: z.string(),
  kind: z.enum(['deposit', 'balance']),
  number: z.string(),
  dueDate: z.string(),
  amount: z.number().int(),
  credited: z.number().int(),
  net: z.number().int(),
  allocated: z.number().int(),
  outstanding: z.number().int(),
  overpaid: z.number().int(),
  state: z.enum(['open', 'part_paid', 'paid', 'overpaid', 'credited']),
});
export type InvoiceBalanceView = z.infer<typeof invoiceBalanceSchema>;

/** Cancelling with money held (order-ledger.ts `cancellationTerms`): what the admin is warned of. */
export const cancellationTermsSchema = z.object({
  held: z.number().int(),
  deposit: z.number().int(),
  feePercent: z.number(),
  fee: z.number().int(),
  refund: z.number().int(),
});

/** The admin's order page: the order, each invoice's standing, and what cancelling it would mean for the money held. */
export const adminOrderDetailSchema = adminOrderSchema.extend({
  balances: z.array(invoiceBalanceSchema),
  /** Null when the order holds no money (or is cancelled already). */
  cancellation: cancellationTermsSchema.nullable(),
  /** The buyer's VAT number's registry checks and the flag before invoicing (issue 37). */
  vatNumberCheck: orderVatNumberSchema,
  /** Issue 41: the factory test records uploaded for the order, staff's download links. */
  testRecords: z.array(adminTestRecordSchema).optional(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

export const adminOrderAnswerSchema = z.object({
  order: adminOrderDetailSchema,
  /** The settings' carriers, for the shipping fields (GET only). */
  carriers: z.array(carrierSchema).optional(),
  /** The VAT-number registries configured (VIES, HMRC), for "Check again" (GET only). */
  vatRegistries: z.array(z.enum(vatRegistries)).optional(),
  /** The settings' factory test limits, shown beside the test results at dispatch (GET only; issue 41). */
  factoryTestLimits: z
    .object({ rateLimitPercent: z.number(), nominalVolumeMl: z.number(), volumeLimitPercent: z.number() })
    .optional(),
});

/** POST /api/admin/orders/{id}/vat-number-check: check the order's VAT number again, now. */
export const vatNumberCheckAnswerSchema = adminOrderAnswerSchema;

/** PUT /api/admin/orders/:id/language: the language of the order's documents and e-mails (issue 40). */
export const orderLanguageRequestSchema = z.object({
  language: z.enum(LANGUAGES, { error: 'Choose English, German or French.' }),
});
