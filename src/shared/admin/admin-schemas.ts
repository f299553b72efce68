import { z } from 'zod';
import { codeMessage } from '../accounts/auth-schemas';

/**
 * The staff wing's own messages and its step-up request (docs/api/admin.md). The features'
 * contracts live with their feature: the lists' pieces in src/shared/lists.ts, orders, payments,
 * refunds, credit notes and the register in src/shared/orders/order-admin-contracts.ts, the quotes
 * list in src/shared/quotes/quote-list-contracts.ts, users in ./user-schemas.ts, the dashboard in
 * src/shared/reporting/dashboard-contracts.ts and the audit log in src/shared/audit/audit-contracts.ts.
 */

export const adminMessages = {
  unexpected: 'An unexpected error occurred. Please try again.',
  tooMany: 'Too many requests. Please wait before trying again.',
  stepUpRequired: 'Enter a fresh authenticator code to continue.',
  noAccess: "You don't have access to this.",
} as const;

export const STEP_UP_MINUTES = 5;

export const stepUpRequestSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: codeMessage }),
});
