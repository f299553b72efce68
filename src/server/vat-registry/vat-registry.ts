import type { VatRegistry } from '../../shared/tax/vat-number-check';
import { vatRegistryOf } from '../../shared/tax/vat-number-check';
import { hmrcClient, type HmrcClientOptions } from './hmrc-client';
import { viesClient, type ViesClientOptions } from './vies-client';
import type { VatRegistryClient, VatRegistryResult } from './registry-client';

export type { VatRegistryClient, VatRegistryResult } from './registry-client';

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
