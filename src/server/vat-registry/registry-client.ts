import type { VatRegistryStatus } from '../../shared/tax/vat-number-check';

/*
 * What every registry client (VIES, HMRC) shares: its answer's shape and how it reads the registry's
 * fields. Its own file, so vat-registry.ts builds the clients without the clients importing it back.
 */

/** A registry's answer about one VAT number; `name` and `address` only where the registry gives them. */
export interface VatRegistryResult {
  status: VatRegistryStatus;
  name?: string;
  address?: string;
  checkedAt: Date;
  /** VIES's request identifier or HMRC's consultation number, when the check was made with a requester. */
  consultationNumber?: string;
}

/** One registry's client: VIES or HMRC behind the same call. Never throws: a failure is `unavailable`. */
export interface VatRegistryClient {
  checkVatNumber(countryCode: string, number: string): Promise<VatRegistryResult>;
}

/** A registry's text field, or undefined where it says nothing ("---" is VIES's "not disclosed"). */
export const registryText = (value: unknown): string | undefined => {
  if (typeof value !== 'string') return undefined;
  const text = value.replace(/\s+/g, ' ').trim();
  return text === '' || /^-+$/.test(text) ? undefined : text.slice(0, 500);
};

/** A registry's timestamp, else the time of the answer. */
export const registryDate = (value: unknown, fallback: Date): Date => {
  const date = typeof value === 'string' ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : fallback;
};
