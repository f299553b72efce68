import { z } from 'zod';

// On its own, not in account-contracts.ts: the sign-in page needs the profile (the session's answer)
// but none of the account's order and instrument schemas, which cost a page that builds them a
// long task as it loads.
/** The signed-in customer's profile, as the session and the profile routes answer it. */
export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** Issue 53: the title the customer gave ('mr', 'ms'), null for none. */
  title: z.enum(['mr', 'ms']).nullable().optional(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  country: z.string().nullable(),
  isAdmin: z.boolean(),
  /** How the customer's invoices are e-mailed (issue 52); null follows their organisation's choice. */
  einvoiceDelivery: z.enum(['pdf', 'pdf_xrechnung', 'pdf_facturx']).nullable().optional(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;
