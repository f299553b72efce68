import type { VatRegistry, VatRegistryStatus } from '../../shared/tax/vat-number-check';
import { vatRegistryOf } from '../../shared/tax/vat-number-check';
import { hmrcClient, type HmrcClientOptions } from './hmrc-client';
import { viesClient, type ViesClientOptions } from './vies-client';

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

export interface VatRegistries {
  /** Checks with the registry that issued the number (VIES for EU and XI, HMRC for GB). */
  checkVatNumber(countryCode: string, number: string): Promise<VatRegistryResult>;
  /** The registries whose address is configured; the others are off. */
  configured: readonly VatRegistry[];
}

export interface VatRegistriesOptions {
  vies?: ViesClientOptions;
  hmrc?: HmrcClientOptions;
}

/**
 * The VAT-number registries behind one interface, each on only when configured (VIES_API_URL,
 * HMRC_API_URL): a number whose registry is off is `unavailable` and never sent anywhere.
 */
export function createVatRegistries(options: VatRegistriesOptions): VatRegistries {
  const clients: Partial<Record<VatRegistry, VatRegistryClient>> = {
    ...(options.vies ? { vies: viesClient(options.vies) } : {}),
    ...(options.hmrc ? { hmrc: hmrcClient(options.hmrc) } : {}),
  };
  return {
    configured: Object.keys(clients) as VatRegistry[],
    async checkVatNumber(countryCode, number) {
      const client = clients[vatRegistryOf(countryCode)];
      if (!client) return { status: 'unavailable', checkedAt: new Date() };
      return client.checkVatNumber(countryCode, number);
    },
  };
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
