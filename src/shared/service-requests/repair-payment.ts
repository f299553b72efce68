import { z } from 'zod';

/**
 * Issue 54: a chargeable repair (out of warranty, or marked not covered) moves to repaired only once its
 * repair quote is accepted (ordered) and paid in full, or on an Owner's recorded override with a reason.
 * A request the warranty covers is not charged, so nothing waits on a payment.
 */
export const repairPaymentStates = [
  'not_charged',
  'no_quote',
  'quote_open',
  'accepted_unpaid',
  'part_paid',
  'paid',
  'overridden',
] as const;
export type RepairPaymentState = (typeof repairPaymentStates)[number];

/** What the service page says of each state, to staff. */
export const repairPaymentLabels: Record<RepairPaymentState, string> = {
  not_charged: 'Not charged: covered by the warranty',
  no_quote: 'No repair quote yet',
  quote_open: 'Repair quote sent, not yet accepted',
  accepted_unpaid: 'Repair quote accepted, payment awaiting',
  part_paid: 'Repair quote accepted, part-paid',
  paid: 'Repair paid in full',
  overridden: 'Repaired before payment on an Owner’s override',
};

/** The states in which the request may be marked repaired. */
export const repairMayProceed = (state: RepairPaymentState) =>
  state === 'not_charged' || state === 'paid' || state === 'overridden';

export const repairPaymentSchema = z.object({
  state: z.enum(repairPaymentStates),
  label: z.string(),
  /** The order the customer placed from the repair quote, once accepted. */
  order: z.object({ id: z.string(), orderNumber: z.string() }).nullable(),
  override: z.object({ reason: z.string(), at: z.string(), by: z.string().nullable() }).nullable(),
});
export type RepairPayment = z.infer<typeof repairPaymentSchema>;

export const repairOverrideRequestSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(5, { error: 'Give the reason for repairing before payment (at least 5 characters).' })
    .max(1000),
});

export const repairPaymentMessages = {
  /** 409 `repair_not_paid`: the move to repaired before the quote is accepted and paid. */
  notPaid: (state: RepairPaymentState) =>
    `This repair cannot be marked repaired yet: ${repairPaymentLabels[state].toLowerCase()}. It moves on once the repair quote is accepted and paid in full, or on an Owner’s override with a reason.`,
  overrideNeedless: 'This repair may be marked repaired already: no override is needed.',
  overrideNotReceived: 'Only a received instrument can be marked repaired.',
} as const;
