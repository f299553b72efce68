/** Catalogue rules without the schemas, so browser code that needs only these does not load zod. */
import { countries } from './countries';
import { defineMessages, formatIcu } from './i18n/message';

/** The syringe holder that is always included and cannot be removed. */
export const REQUIRED_SYRINGE_HOLDER = '3ml-syringe-mount';

/** The catalogue's refusals of a selection (storefront spec section 4), by id (issue 53). */
export const catalogueRuleRefusals = defineMessages({
  /** Free accessories are capped at 1 (storefront spec section 4). */
  freeItemCap: { id: 'configure.freeItemCap', message: 'Max 1 for free items' },
  collection: {
    id: 'selectionRefusal.collection',
    message:
      'Collection from our premises is offered only for delivery in the United Kingdom. Orders for {country} are delivered DAP to the delivery address.',
  },
});

/** Free accessories are capped at 1 (storefront spec section 4), with this message. */
export const FREE_ITEM_CAP_MESSAGE = catalogueRuleRefusals.freeItemCap.message;

/** The specification's shipping default (storefront spec, section 4): the first load keeps it. */
export const DEFAULT_SHIPPING = 'fedex-priority';

export const isFree = (item: { price: { GBP: number; EUR: number } }) => item.price.GBP === 0 && item.price.EUR === 0;

/** The countries a plug region is used in; a region not listed here is not restricted. */
const regionCountries: Record<string, readonly string[]> = {
  UK: ['GB'],
  US: ['US'],
};

/** False for a plug whose region is only used in countries the shop does not sell to (the US plug while the USA is waitlist-only). */
export function isPowerAdaptorOffered(adaptor: { region: string }): boolean {
  const used = regionCountries[adaptor.region.toUpperCase()];
  if (!used) return true;
  return used.some((code) => countries.some((country) => country.code === code && country.available));
}

/** The power adaptors the shop offers: what the configurator lists and the server accepts. */
export function offeredPowerAdaptors<T extends { region: string }>(adaptors: readonly T[]): T[] {
  return adaptors.filter(isPowerAdaptorOffered);
}

/**
 * The shipping option for collection from our premises. Collected goods have not been exported, so
 * they carry UK VAT, and "DAP to the delivery address" would not hold: it is offered for UK deliveries
 * only, whatever countries the catalogue lists for it (issue 37).
 */
export const COLLECTION_SHIPPING = 'collection';
export const COLLECTION_COUNTRY = 'GB';

/** Why collection is refused for a delivery outside the UK. */
export const collectionRefusal = (countryName: string) =>
  formatIcu(catalogueRuleRefusals.collection.message, { country: countryName });

/**
 * A shipping option applies to the countries it lists; `null` (or no list) means every country the shop
 * sells to. Collection applies to the UK only.
 */
export const shipsTo = (option: { id?: string; countries: readonly string[] | null }, countryCode: string) =>
  (option.id !== COLLECTION_SHIPPING || countryCode === COLLECTION_COUNTRY) &&
  (option.countries === null || option.countries.includes(countryCode));

/** The shipping options offered for delivery to a country. */
export function shippingOptionsFor<T extends { countries: readonly string[] | null }>(
  options: readonly T[],
  countryCode: string,
): T[] {
  return options.filter((option) => shipsTo(option, countryCode));
}

/**
 * The shipping a country defaults to when the buyer picks it: a domestic option (one that lists the
 * country) first, else the specification's default where it applies, else the first option offered.
 */
export function defaultShippingFor(
  options: readonly { id: string; countries: readonly string[] | null }[],
  countryCode: string,
): string | null {
  const offered = shippingOptionsFor(options, countryCode);
  const domestic = offered.find((option) => option.countries !== null);
  return (domestic ?? offered.find((option) => option.id === DEFAULT_SHIPPING) ?? offered[0])?.id ?? null;
}
