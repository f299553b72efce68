import { z } from 'zod';
import { TITLES } from '../accounts/title';
import { adminCustomerOrganisationSchema, adminOrganisationSummarySchema } from '../accounts/organisation-schemas';
import { orderStatusSchema, paymentStatusSchema } from '../orders/order-schema';
import { quoteStatuses } from '../orders/order-status';
import { adminListQuerySchema, pageOf } from '../lists';

/**
 * The customer list and page (issue 24, docs/api/admin.md: customers; decision 0045). A customer is
 * an account (its user id) or a guest: the orders and quotes placed without an account under one
 * e-mail address, keyed `guest:` + the MD5 of the lower-cased address, so no address is in a URL.
 */

export const customerMessages = {
  notFound: 'Customer not found',
  empty: 'No customers found.',
  loadFailed: 'Failed to load customers. Please try again.',
  totalNote: 'Total ordered excludes cancelled orders.',
} as const;

export const customerKinds = ['account', 'guest'] as const;
export type CustomerKind = (typeof customerKinds)[number];
export const customerKindLabels: Record<CustomerKind, string> = { account: 'Account', guest: 'Guest' };

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** GET /api/admin/customers (and .csv): search, kind, has orders, country, last activity range, page. */
export const adminCustomerListQuerySchema = adminListQuerySchema
  .pick({ search: true, from: true, to: true, page: true, pageSize: true })
  .extend({
    kind: z.preprocess(emptyToUndefined, z.enum(customerKinds).optional()),
    hasOrders: z.preprocess(emptyToUndefined, z.enum(['yes', 'no']).optional()),
    country: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .regex(/^[A-Za-z]{2}$/)
        .transform((code) => code.toUpperCase())
        .optional(),
    ),
  });
export type AdminCustomerListQuery = z.output<typeof adminCustomerListQuerySchema>;

/** What a customer ordered in one currency, cancelled orders excluded (minor units). */
export const customerTotalSchema = z.object({ currency: z.string(), amount: z.number().int() });

export const adminCustomerSchema = z.object({
  /** The user id of an account; `guest:` + 32 hex digits for a guest. */
  key: z.string(),
  kind: z.enum(customerKinds),
  email: z.string().nullable(),
  name: z.string().nullable(),
  /** Issue 53: the title the customer gave ('mr', 'ms'), null for none; shown before the name. */
  title: z.enum(TITLES).nullable().optional(),
  organisation: z.string().nullable(),
  country: z.string().nullable(),
  quotes: z.number().int(),
  orders: z.number().int(),
  totals: z.array(customerTotalSchema),
  lastActivityAt: z.string(),
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;
export const adminCustomerPageSchema = pageOf(adminCustomerSchema);

/** A guest's key: `guest:` and the MD5 (hex) of the lower-cased e-mail. */
export const guestKeyPattern = /^guest:[0-9a-f]{32}$/;
export const customerKeySchema = z.union([z.uuid(), z.string().regex(guestKeyPattern)]);

export const customerDetailSchema = z.object({
  customer: adminCustomerSchema,
  quotes: z.array(
    z.object({
      id: z.string(),
      quoteNumber: z.string(),
      quoteReference: z.string(),
      displayStatus: z.enum(quoteStatuses),
      total: z.number().int().nullable(),
      currency: z.string(),
      createdAt: z.string(),
      orderId: z.string().nullable(),
    }),
  ),
  orders: z.array(
    z.object({
      id: z.string(),
      orderNumber: z.string(),
      createdAt: z.string(),
      status: orderStatusSchema,
      paymentStatus: paymentStatusSchema,
      totalAmount: z.number().int(),
      currency: z.string(),
    }),
  ),
  instruments: z.array(
    z.object({
      id: z.string(),
      serialNumber: z.string(),
      model: z.string(),
      orderId: z.string(),
      orderNumber: z.string(),
      deliveredOn: z.string().nullable(),
      warrantyEndsOn: z.string().nullable(),
    }),
  ),
  /** Changes staff made to the account or to one of the customer's orders or quotes, newest first. */
  audit: z.array(
    z.object({
      id: z.string(),
      createdAt: z.string(),
      adminEmail: z.string().nullable(),
      action: z.string(),
      entityType: z.string(),
      entityId: z.string(),
      /** The names of the fields the change touched (values stay in the audit log). */
      fields: z.array(z.string()),
    }),
  ),
  /** The lists show at most this many of each, newest first. */
  limit: z.number().int(),
  /** An account's organisation with its members and their roles (issue 39); null for none or a guest. */
  organisation: adminCustomerOrganisationSchema.nullable(),
  /**
   * Organisations named as this customer names theirs, that staff may add them to ("Add to
   * organisation"): never merged on their own. Empty for a guest or a customer in one already.
   */
  sameNameOrganisations: z.array(adminOrganisationSummarySchema),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;
