import { z } from 'zod';
import { pageOf } from '../lists';

/** Abandoned checkouts (docs/api/admin.md): incomplete orders and registrations not completed within an hour. */

/** A record counts as abandoned once its last activity is this old and it is still not completed. */
export const ABANDONED_AFTER_MS = 60 * 60 * 1000;

const idleText = (ms: number) => {
  const minutes = Math.round(ms / 60_000);
  if (minutes % 60 !== 0) return `${minutes} minutes`;
  return minutes === 60 ? 'one hour' : `${minutes / 60} hours`;
};

/**
 * The list's rule as the admin page states it, from the same constant the query uses
 * (src/server/flows/abandoned.ts): what is recorded, and when it counts as abandoned.
 */
export const abandonedRule = [
  `A checkout is listed once ${idleText(ABANDONED_AFTER_MS)} has passed since its last activity without it being completed.`,
  'Order: the buyer typed a valid e-mail address in the order flow\'s details step (step "shipping"; "payment" once they reached the payment step) but did not place the order.',
  'Quote / registration: the buyer gave an e-mail address in the quote flow but no quote was made.',
  'A placed order or a made quote takes it off the list; "Ordered later" says whether the same e-mail placed an order afterwards.',
] as const;

export const abandonedKinds = ['order', 'registration'] as const;
export type AbandonedKind = (typeof abandonedKinds)[number];

export const abandonedMessages = {
  empty: 'No abandoned checkouts.',
  loadFailed: 'Failed to load abandoned checkouts. Please try again.',
  notFound: 'Abandoned checkout not found',
  saved: 'Follow-up saved',
} as const;

export const abandonedCheckoutSchema = z.object({
  id: z.string(),
  kind: z.enum(abandonedKinds),
  email: z.string(),
  name: z.string().nullable(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  stepReached: z.string(),
  /** The product configuration chosen (its id), and the value of the configuration in minor units. */
  configurationName: z.string().nullable(),
  totalAmount: z.number().int().nullable(),
  currency: z.string().nullable(),
  lastActivityAt: z.string(),
  /** An order from the same e-mail was placed after the last activity. */
  laterOrdered: z.boolean(),
  contacted: z.boolean(),
  contactedAt: z.string().nullable(),
  note: z.string().nullable(),
});
export type AbandonedCheckout = z.infer<typeof abandonedCheckoutSchema>;
export const abandonedPageSchema = pageOf(abandonedCheckoutSchema);

/** PATCH /api/admin/abandoned/{id}. */
export const updateAbandonedRequestSchema = z.object({
  contacted: z.boolean(),
  note: z
    .string()
    .trim()
    .max(2000)
    .nullable()
    .optional()
    .transform((value) => (value === '' || value === undefined ? null : value)),
});
export type UpdateAbandonedRequest = z.input<typeof updateAbandonedRequestSchema>;
