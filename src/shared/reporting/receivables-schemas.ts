import { z } from 'zod';

/**
 * The receivables staff chase (issue 36, docs/api/admin.md: receivables): the aged-debt report, open
 * invoices by customer in buckets of days past their due date, per currency (GBP and EUR are never
 * added together).
 */

export const agedDebtBuckets = ['not_due', 'days_0_30', 'days_31_60', 'days_61_90', 'days_over_90'] as const;
export type AgedDebtBucket = (typeof agedDebtBuckets)[number];

export const agedDebtBucketLabels: Record<AgedDebtBucket, string> = {
  not_due: 'Not yet due',
  days_0_30: '0–30 days',
  days_31_60: '31–60 days',
  days_61_90: '61–90 days',
  days_over_90: '90+ days',
};

/** What the page says the buckets mean. */
export const agedDebtMessages = {
  bucketRule:
    'Days past the due date as of today: "0–30" is 0 to 30 days inclusive (an invoice due today is 0 days past due), "31–60" is 31 to 60, "61–90" is 61 to 90 and "90+" is 91 days or more.',
  empty: 'No open invoices: nothing is owed.',
  loadFailed: 'The aged-debt report could not be loaded. Please try again.',
} as const;

/**
 * The bucket of an invoice `days` past its due date (negative: not yet due). 0–30 is 0..30 days
 * inclusive, 31–60 is 31..60, 61–90 is 61..90, and 90+ is 91 days or more.
 */
export function agedDebtBucketOf(days: number): AgedDebtBucket {
  if (days < 0) return 'not_due';
  if (days <= 30) return 'days_0_30';
  if (days <= 60) return 'days_31_60';
  if (days <= 90) return 'days_61_90';
  return 'days_over_90';
}

/** GET /api/admin/receivables/aged-debt (and .csv): a search of customer, e-mail, organisation, order or invoice number, and a currency. */
export const agedDebtQuerySchema = z.object({
  search: z.preprocess((value) => (value === '' ? undefined : value), z.string().trim().max(200).optional()),
  currency: z.preprocess((value) => (value === '' ? undefined : value), z.enum(['GBP', 'EUR']).optional()),
});
export type AgedDebtQuery = z.output<typeof agedDebtQuerySchema>;

/** Minor units per bucket (every bucket present, 0 when empty). */
export const bucketAmountsSchema = z.object(
  Object.fromEntries(agedDebtBuckets.map((bucket) => [bucket, z.number().int()])) as Record<
    AgedDebtBucket,
    z.ZodNumber
  >,
);
export type BucketAmounts = z.infer<typeof bucketAmountsSchema>;

export const agedDebtInvoiceSchema = z.object({
  invoiceId: z.string(),
  number: z.string(),
  kind: z.enum(['deposit', 'balance']),
  orderId: z.string(),
  orderNumber: z.string(),
  dueDate: z.string(),
  /** Days past the due date as of the report's day (negative: not yet due). */
  daysOverdue: z.number().int(),
  bucket: z.enum(agedDebtBuckets),
  /** What the ledger says is still to pay on it (minor units of the currency). */
  outstanding: z.number().int(),
});
export type AgedDebtInvoice = z.infer<typeof agedDebtInvoiceSchema>;

export const agedDebtCustomerSchema = z.object({
  /** The customer page's key (a user id, or `guest:` + MD5); null for an erased customer's order. */
  key: z.string().nullable(),
  name: z.string().nullable(),
  organisation: z.string().nullable(),
  email: z.string().nullable(),
  /** An order kept after its customer's erasure: the customer reads "[erased]". */
  erased: z.boolean(),
  buckets: bucketAmountsSchema,
  total: z.number().int(),
  invoices: z.array(agedDebtInvoiceSchema),
});
export type AgedDebtCustomer = z.infer<typeof agedDebtCustomerSchema>;

export const agedDebtCurrencySchema = z.object({
  currency: z.string(),
  customers: z.array(agedDebtCustomerSchema),
  buckets: bucketAmountsSchema,
  total: z.number().int(),
  invoiceCount: z.number().int(),
  /**
   * Issue 51: receipts on account (and unidentified ones) not yet allocated to an invoice, in this
   * currency: money in hand against the debt until staff allocate it.
   */
  unallocated: z.number().int().optional(),
});
export type AgedDebtCurrency = z.infer<typeof agedDebtCurrencySchema>;

export const agedDebtAnswerSchema = z.object({
  /** The day the ages are counted to (the shop's clock, UTC), YYYY-MM-DD. */
  asOf: z.string(),
  currencies: z.array(agedDebtCurrencySchema),
});
export type AgedDebtAnswer = z.infer<typeof agedDebtAnswerSchema>;
