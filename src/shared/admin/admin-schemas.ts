import { batchPlacesSchema } from '../batches/batch-places';
import { z } from 'zod';
import { codeMessage } from '../accounts/auth-schemas';
import { cleanLine } from '../clean-text';
import { adminOrderSchema, orderStatusSchema, paymentStatusSchema } from '../orders/order-schema';
import { paymentTransactionTypes, quoteStatuses } from '../orders/order-status';
import { carrierSchema } from '../settings';

/** The admin API's requests and answers (docs/api/admin.md), shared by the routes and the admin pages. */

export const adminMessages = {
  usersEmpty: 'No users found or unable to load user data.',
  usersLoadFailed: 'Failed to load user data. Please try again.',
  unexpected: 'An unexpected error occurred. Please try again.',
  usersTooMany: 'Too many requests. Please wait before trying again.',
  tooMany: 'Too many requests. Please wait before trying again.',
  orderUpdated: 'Order updated successfully',
  orderUpdateFailed: 'Failed to update order',
  orderUnexpected: 'An unexpected error occurred',
  orderDeleted: 'Order deleted successfully',
  orderDeleteFailed: 'Failed to delete order',
  orderFetchFailed: 'Failed to fetch order details',
  orderNotFound: 'Order not found',
  statusNote: 'Status updated via admin panel',
  stepUpRequired: 'Enter a fresh authenticator code to continue.',
  noAccess: "You don't have access to this.",
  overpayment: 'The amount is more than what is outstanding on this order.',
  depositAlreadyRecorded: 'A deposit is already recorded for this order.',
  lastAdmin: 'The last admin cannot lose admin rights.',
  selfDemotion: 'You cannot remove your own admin rights.',
  ownFactors: 'Change your own second factors in My Account, Settings, with a fresh code.',
  ownPasskeyApproval:
    'Another Owner approves your passkeys. Add one with your existing passkey in My Account, Settings.',
  paymentNotFound: 'Payment not found',
  paymentAlreadyRefunded: 'This payment is already refunded.',
  userNotFound: 'User not found',
  paymentStatusFollowsLedger: 'Payment status follows the recorded payments',
  recordPaymentInstead: 'Record a payment instead.',
  refundPaymentInstead: 'Record or refund a payment instead.',
  invoiceNumberFollowsInvoices: 'Invoice numbers follow the issued invoices. Issue or credit an invoice instead.',
  paymentStatusHint: 'Follows the recorded payments: record or refund a payment under Payments.',
  invoiceNumberHint: 'Follows the issued invoices: issue or credit one under Documents.',
  orderOnTheBooks: 'This order has payments or invoices: cancel it instead, with a credit note where one is due.',
} as const;

/** Fallback texts of the lists (spec section 2). */
export const customerFallbacks = {
  guest: 'Guest Order',
  unknownUser: 'Unknown User',
  noEmail: 'No email',
  noName: 'No name',
  notProvided: 'Not provided',
} as const;

export const STEP_UP_MINUTES = 5;
export const PAGE_SIZES = [10, 25, 50, 100] as const;

export const dateMessages = {
  format: 'Use a date as YYYY-MM-DD',
  calendar: 'Use a real calendar date between 1900 and 2999',
} as const;

/** A day that exists (no 2026-02-30): the text round-trips through a UTC date; years bound to what the shop can mean. */
const isCalendarDate = (value: string) => {
  const year = Number(value.slice(0, 4));
  const date = new Date(`${value}T00:00:00.000Z`);
  return year >= 1900 && year <= 2999 && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: dateMessages.format })
  .refine(isCalendarDate, { error: dateMessages.calendar });
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

const listQueryBase = {
  search: z.preprocess(emptyToUndefined, z.string().trim().max(200).optional()),
  from: z.preprocess(emptyToUndefined, isoDate.optional()),
  to: z.preprocess(emptyToUndefined, isoDate.optional()),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
};

/** The query of the users and abandoned lists: search, a status word of the list, created date range, page. */
export const adminListQuerySchema = z.object({
  ...listQueryBase,
  status: z.preprocess(emptyToUndefined, z.string().max(40).optional()),
  paymentStatus: z.preprocess(emptyToUndefined, paymentStatusSchema.optional()),
  overdue: z.preprocess(emptyToUndefined, z.enum(['deposit', 'balance']).optional()),
});
export type AdminListQuery = z.output<typeof adminListQuerySchema>;

/** The orders list and its CSV: status one of the orders' statuses (400 otherwise, before any query runs). */
export const adminOrderListQuerySchema = z.object({
  ...listQueryBase,
  status: z.preprocess(emptyToUndefined, orderStatusSchema.optional()),
  paymentStatus: z.preprocess(emptyToUndefined, paymentStatusSchema.optional()),
  /** A deposit or balance invoice unpaid past its due date. */
  overdue: z.preprocess(emptyToUndefined, z.enum(['deposit', 'balance']).optional()),
});
export type AdminOrderListQuery = z.output<typeof adminOrderListQuerySchema>;

/** The quotes list and its CSV: status one of the quotes' (displayed) statuses. */
export const adminQuoteListQuerySchema = z.object({
  ...listQueryBase,
  status: z.preprocess(emptyToUndefined, z.enum(quoteStatuses).optional()),
});
export type AdminQuoteListQuery = z.output<typeof adminQuoteListQuerySchema>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  company: z.string().nullable(),
  country: z.string().nullable(),
  isAdmin: z.boolean(),
  mfaEnabled: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserPageSchema = pageOf(adminUserSchema);

export const updateUserRequestSchema = z.object({ isAdmin: z.boolean() });

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
});
export type CreditRequest = z.input<typeof creditRequestSchema>;

/** GET /api/admin/invoices(.csv|.xero.csv): the register of invoices and credit notes issued from one day to another. */
export const registerQuerySchema = z
  .object({ from: isoDate, to: isoDate })
  .refine((query) => query.from <= query.to, { error: 'The start comes after the end', path: ['to'] });

const registerTotalSchema = z.object({
  currency: z.string(),
  rate: z.number(),
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
    }),
  ),
  /** Per currency and VAT rate: invoices less credit notes. */
  totals: z.array(registerTotalSchema),
});
export type RegisterAnswer = z.infer<typeof registerAnswerSchema>;

/** A staff-only comment on the order's timeline. */
export const orderCommentRequestSchema = z.object({ text: z.string().trim().min(1).max(2000) });

export const stepUpRequestSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: codeMessage }),
});

export const adminOrderAnswerSchema = z.object({
  order: adminOrderSchema,
  /** The settings' carriers, for the shipping fields (GET only). */
  carriers: z.array(carrierSchema).optional(),
});

export const dashboardSchema = z.object({
  currency: z.string(),
  ordersThisMonth: z.object({ count: z.number().int(), value: z.record(z.string(), z.number().int()) }),
  depositsAwaiting: z.object({ count: z.number().int(), amount: z.record(z.string(), z.number().int()) }),
  balancesAwaiting: z.object({ count: z.number().int(), amount: z.record(z.string(), z.number().int()) }),
  /** What customers still owe, per currency, worked out as each order's ledger does (order-ledger.ts). */
  outstanding: z.object({ count: z.number().int(), amount: z.record(z.string(), z.number().int()) }),
  /** Orders whose deposit / balance invoice is unpaid past its due date. */
  depositsOverdue: z.object({ count: z.number().int() }),
  balancesOverdue: z.object({ count: z.number().int() }),
  openQuotes: z.object({ count: z.number().int(), value: z.record(z.string(), z.number().int()) }),
  quoteToOrderRate90d: z.object({ quotes: z.number().int(), converted: z.number().int(), rate: z.number() }),
  weekly: z.array(z.object({ weekStart: z.string(), quotes: z.number().int(), orders: z.number().int() })),
  /** Batches still offered whose ship date has passed: the storefront says "date to be confirmed" until staff change it. */
  batchesPastShipDate: z.array(z.object({ id: z.string(), name: z.string(), date: z.string() })),
  /** Each batch's capacity, taken and free places (issue 26), in the configurator's order. */
  batchPlaces: z.array(batchPlacesSchema).optional(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const auditQuerySchema = z.object({
  entityType: z.preprocess(emptyToUndefined, z.string().max(40).optional()),
  entityId: z.preprocess(emptyToUndefined, z.string().max(100).optional()),
  adminId: z.preprocess(emptyToUndefined, z.uuid().optional()),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});

export const auditEntrySchema = z.object({
  id: z.string(),
  adminId: z.string().nullable(),
  adminEmail: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
  /** What people call the entity, where it has a name of its own (an order's number); null otherwise. */
  entityLabel: z.string().nullable(),
});

/** Every entity the audit log names, with the filter's label (one list: the server writes these types). */
export const auditEntityTypes = {
  order: 'Orders',
  user: 'Users',
  staff_invitation: 'Staff invitations',
  product_configuration: 'Product configurations',
  accessory: 'Accessories',
  shipping_option: 'Shipping options',
  servicing_option: 'Servicing plans',
  adaptor: 'Adaptors',
  syringe_holder: 'Syringe holders',
  batch: 'Batches',
  settings: 'Settings',
  business_profile: 'Business profile',
  incomplete_order: 'Abandoned checkouts',
  incomplete_registration: 'Abandoned registrations',
  privacy_request: 'Privacy requests',
  privacy_subject: 'Privacy subjects',
  data_export: 'Data exports',
  retention: 'Retention',
} as const satisfies Record<string, string>;
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = pageOf(auditEntrySchema);
