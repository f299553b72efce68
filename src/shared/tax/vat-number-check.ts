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
  /**
   * Security issue 48, F9: the registry's name for a number the reverse charge rests on differs from
   * the billing name. Until staff accept it (`accepted`) or correct the billing, the invoice is refused
   * (409 `vat_name_mismatch`); `message` is what staff are told. Null when the names agree.
   */
  nameMismatch: z
    .object({ registeredName: z.string(), billingName: z.string(), accepted: z.boolean(), message: z.string() })
    .nullable(),
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

/**
 * Legal forms and the words they are spelt out in: "Siemens AG", "SIEMENS AG" and "Siemens
 * Aktiengesellschaft" are one business; "Beispiel GmbH" and "Beispiel Gesellschaft mit beschränkter
 * Haftung" too.
 */
const LEGAL_FORM_WORDS = new Set(
  (
    'ag aktiengesellschaft gmbh mbh gesellschaft mit beschrankter haftung kg kgaa ohg ug eg ev se ' +
    'ltd limited plc llp llc lp inc incorporated corp corporation co company cic ' +
    'sa sas sasu sarl eurl sca societe anonyme par actions simplifiee responsabilite limitee ' +
    'bv nv vof cv besloten vennootschap naamloze srl spa snc sl slu oy ab as aps asa ' +
    'and und et the de'
  ).split(' '),
);

/** A business name's words, compared: case, accents, punctuation and legal forms aside. */
export function businessNameWords(name: string): string[] {
  return (
    name
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      // Dotted forms are one word: G.m.b.H., S.A.R.L., B.V.
      .replace(/\.(?=\p{L})/gu, '')
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word !== '' && !LEGAL_FORM_WORDS.has(word))
  );
}

/**
 * Whether the registry's name and the billing name name one business: their words, legal forms
 * aside, are the same, or one's are all in the other's ("Siemens" and "Siemens Healthineers AG").
 * A name of nothing but a legal form matches nothing.
 */
export function businessNamesMatch(registeredName: string, billingName: string): boolean {
  const registered = new Set(businessNameWords(registeredName));
  const billed = new Set(businessNameWords(billingName));
  if (registered.size === 0 || billed.size === 0) return false;
  const within = (small: Set<string>, large: Set<string>) => [...small].every((word) => large.has(word));
  return within(registered, billed) || within(billed, registered);
}

export const vatNameMismatchMessage = (vatNumber: string, registeredName: string, billingName: string) =>
  `The registry has the VAT number ${vatNumber} registered to "${registeredName}", but this order is billed to "${billingName}", and its reverse charge rests on that number. Correct the billing, or confirm that the reverse charge applies to this buyer.`;

/**
 * The order's name mismatch before it is invoiced (security issue 48, F9): when its reverse charge rests
 * on a number the latest check found valid and registered to a name that is not the billing name.
 * A registry that gave no name ("---", HMRC without one) cannot be compared: no mismatch.
 */
export function vatNameMismatch(
  order: ReverseChargeFacts & { billingName: string | null },
  latest: { status: VatCheckStatus; registeredName: string | null; nameAcceptedFor: string | null } | null | undefined,
) {
  if (!order.vatNumber || !reliesOnReverseCharge(order) || latest?.status !== 'valid') return null;
  const registeredName = latest.registeredName?.trim() ?? '';
  if (businessNameWords(registeredName).length === 0) return null;
  const billingName = order.billingName?.trim() ?? '';
  if (businessNamesMatch(registeredName, billingName)) return null;
  return {
    registeredName,
    billingName,
    accepted: latest.nameAcceptedFor !== null && latest.nameAcceptedFor === billingName,
    message: vatNameMismatchMessage(order.vatNumber, registeredName, billingName),
  };
}

/** The name an order is billed to, as the registry would know the buyer: the company, else the person. */
export const billingNameOf = (address: { name?: string | null; company?: string | null } | null | undefined) =>
  address?.company?.trim() || address?.name?.trim() || null;
