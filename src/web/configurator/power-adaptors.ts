import type { PowerAdaptorOption } from '../../shared/catalogue';
import { countries } from '../../shared/countries';

/** The countries a plug region is used in; a region not listed here is not restricted. */
const regionCountries: Record<string, readonly string[]> = {
  UK: ['GB'],
  US: ['US'],
};

/**
 * The power adaptors the configurator offers: a plug whose region is only used in countries the
 * shop does not sell to (the US plug while the USA is waitlist-only) is left out.
 */
export function offeredPowerAdaptors<T extends Pick<PowerAdaptorOption, 'region'>>(adaptors: readonly T[]): T[] {
  return adaptors.filter((adaptor) => {
    const used = regionCountries[adaptor.region.toUpperCase()];
    if (!used) return true;
    return used.some((code) => countries.some((country) => country.code === code && country.available));
  });
}
