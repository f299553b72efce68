import { z } from 'zod';
import { isEuMemberState } from '../countries';

/** Where a VAT number is checked: the European Commission's VIES (EU and XI numbers) or HMRC (GB numbers). */
export const vatRegistries = ['vies', 'hmrc'] as const;
export type VatRegistry = (typeof vatRegistries)[number];

/** What a registry answered (the registry interface's statuses). */
export const vatRegistryStatuses = ['valid', 'invalid', 'unavailable', 'rate_limited'] as const;
export type VatRegistryStatus = (typeof vatRegistryStatuses)[number];

/** A stored check: `pending` until the registry is first asked. */
export const vatCheckStatuses = ['pending', ...vatRegistryStatuses] as const;
export type VatCheckStatus = (typeof vatCheckStatuses)[number];

export const vatRegistryOf = (countryCode: string): VatRegistry => (countryCode === 'GB' ? 'hmrc' : 'vies');

export const vatRegistryNames: Record<VatRegistry, string> = {
  vies: 'VIES (European Commission)',
  hmrc: 'HMRC (Check a UK VAT number)',
};

export const vatCheckStatusLabels: Record<VatCheckStatus, string> = {
  pending: 'Waiting to be checked',
  valid: 'Valid',
  invalid: 'Not registered (invalid)',
  unavailable: 'Registry unavailable: retrying',
  rate_limited: 'Registry busy (rate-limited): retrying',
};

/** One check of the order's VAT number, as staff see it on the order. */
export const vatNumberCheckSchema = z.object({
  id: z.string(),
  countryCode: z.string(),
  vatNumber: z.string(),
  registry: z.enum(vatRegistries),
  status: z.enum(vatCheckStatuses),
  registeredName: z.string().nullable(),
  registeredAddress: z.string().nullable(),
  consultationNumber: z.string().nullable(),
  checkedAt: z.string().nullable(),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  requestedBy: z.string().nullable(),
});
export type VatNumberCheckView = z.infer<typeof vatNumberCheckSchema>;

/** The order's VAT-number panel: the checks, newest first, and whether invoicing needs staff's confirmation. */
export const orderVatNumberSchema = z.object({
  checks: z.array(vatNumberCheckSchema),
  /** The order's VAT treatment rests on the number (reverse charge). */
  reliesOnReverseCharge: z.boolean(),
  /** Why invoicing needs a confirmation (409 `vat_number_unconfirmed` without `acknowledgeVatNumber`), or null. */
  flag: z.string().nullable(),
});
export type OrderVatNumber = z.infer<typeof orderVatNumberSchema>;

/** What the rule reads of an order: its VAT number, billing country and, once taxed per line, each line's treatment. */
export interface ReverseChargeFacts {
  vatNumber: string | null;
  billingCountry: string | null | undefined;
  /** Each item's stored treatment (src/shared/tax/line-vat.ts); null on orders placed before per-line VAT. */
  treatments?: readonly (string | null)[];
}

/**
 * Whether the order's VAT treatment rests on the buyer's VAT number: it has a line the tax module
 * reverse-charged (a service to an EU business, decision 0055). An order placed before per-line VAT
 * has no stored treatments: any order billed to an EU member state with a VAT number counts.
 */
export function reliesOnReverseCharge(order: ReverseChargeFacts): boolean {
  if (!order.vatNumber) return false;
  const treatments = (order.treatments ?? []).filter((treatment) => treatment !== null);
  return treatments.length > 0 ? treatments.includes('reverse_charge') : isEuMemberState(order.billingCountry);
}

export const vatNumberFlagMessages = {
  unchecked: (vatNumber: string) =>
    `The buyer's VAT number ${vatNumber} has not been confirmed by the registry yet, and this order's reverse charge rests on it.`,
  invalid: (vatNumber: string) =>
    `The registry says the buyer's VAT number ${vatNumber} is not valid, and this order's reverse charge rests on it.`,
  confirm: 'Check it again, or confirm that you invoice anyway.',
} as const;

/**
 * The order's flag before it is invoiced: null when its reverse charge does not rest on the number or
 * the latest check found it valid; otherwise what staff are told (the invoice needs their confirmation).
 */
export function vatNumberFlag(
  order: ReverseChargeFacts,
  latest: { status: VatCheckStatus } | null | undefined,
): string | null {
  if (!order.vatNumber || !reliesOnReverseCharge(order)) return null;
  if (latest?.status === 'valid') return null;
  const message =
    latest?.status === 'invalid'
      ? vatNumberFlagMessages.invalid(order.vatNumber)
      : vatNumberFlagMessages.unchecked(order.vatNumber);
  return `${message} ${vatNumberFlagMessages.confirm}`;
}
