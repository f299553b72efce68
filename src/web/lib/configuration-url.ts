import type { Product } from '../../shared/catalogue';
import {
  defaultShippingFor,
  isFree,
  offeredPowerAdaptors,
  REQUIRED_SYRINGE_HOLDER,
  shippingOptionsFor,
  shipsTo,
} from '../../shared/catalogue-rules';
import type { SelectedConfiguration } from '../../shared/configuration';
import { MAX_ACCESSORY_QUANTITY, MAX_INSTRUMENT_QUANTITY } from '../../shared/configuration-limits';
import { findCountry } from '../../shared/countries';

/**
 * The configurator's selection in the URL of /configure, so Back, a reload and a shared link
 * restore it. Short keys keep the link compact; `v` versions the encoding so a later change of
 * shape can still read old links. Lists are comma-separated ids; an accessory quantity above 1 is
 * written `id*n`.
 */
export const CONFIGURATION_URL_VERSION = '1';

const KEYS = {
  version: 'v',
  country: 'cc',
  model: 'm',
  power: 'pw',
  quantity: 'q',
  holders: 'h',
  adaptors: 'ad',
  accessories: 'ac',
  servicing: 'sv',
  shipping: 'sh',
  batch: 'b',
} as const;

/** The query string (without '?') for a selection. */
export function encodeConfiguration(selection: SelectedConfiguration): string {
  const params = new URLSearchParams();
  params.set(KEYS.version, CONFIGURATION_URL_VERSION);
  params.set(KEYS.country, selection.customerCountry);
  params.set(KEYS.model, selection.model);
  params.set(KEYS.power, selection.powerAdaptor);
  params.set(KEYS.quantity, String(selection.quantity));
  params.set(KEYS.holders, selection.syringeHolders.join(','));
  params.set(KEYS.adaptors, selection.adaptors.join(','));
  params.set(
    KEYS.accessories,
    selection.accessories
      .map((id) => {
        const quantity = selection.accessoryQuantities[id] ?? 1;
        return quantity > 1 ? `${id}*${quantity}` : id;
      })
      .join(','),
  );
  params.set(KEYS.servicing, selection.servicing);
  params.set(KEYS.shipping, selection.shipping);
  if (selection.batch) params.set(KEYS.batch, selection.batch);
  // A comma is safe in a query; leaving it unescaped keeps the link short and readable.
  return params.toString().replaceAll('%2C', ',');
}

/** The order form's re-price parameter: `/configure?{selection}&country=XX` opens the selection re-priced for XX. */
const REPRICE_COUNTRY = 'country';

/** The country a re-price link asks for (upper-cased), or null when the query string has none. */
export function repriceCountry(search: string): string | null {
  const code = new URLSearchParams(search).get(REPRICE_COUNTRY)?.trim().toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) ? code : null;
}

/** The configurator link that re-prices a selection for another delivery country, the rest of the selection kept. */
export const repriceLink = (selection: SelectedConfiguration, countryCode: string) =>
  `/configure?${encodeConfiguration(selection)}&${REPRICE_COUNTRY}=${encodeURIComponent(countryCode)}`;

/** True when the query string carries an encoded configuration (of any version). */
export const hasEncodedConfiguration = (search: string) => new URLSearchParams(search).has(KEYS.version);

export interface DecodedConfiguration {
  selection: SelectedConfiguration;
  /** What the link asked for that this shop does not offer (ids, values); left out of the selection. */
  ignored: string[];
  /** False when the link's version is not one this page reads; the selection is then the base. */
  understood: boolean;
}

const wholeNumber = (raw: string | null, max: number): number | null => {
  if (raw === null || !/^\d{1,4}$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 && value <= max ? value : null;
};

const list = (raw: string | null) => (raw ? raw.split(',').filter((item) => item.length > 0) : []);

/**
 * Reads a selection from the query string, validated against the product: any id the product does
 * not have, an unavailable country or an out-of-range quantity is ignored (and named in `ignored`),
 * and the base selection (the defaults) fills what is missing.
 */
export function decodeConfiguration(
  search: string,
  product: Product,
  base: SelectedConfiguration,
): DecodedConfiguration {
  const params = new URLSearchParams(search);
  if (params.get(KEYS.version) !== CONFIGURATION_URL_VERSION)
    return { selection: base, ignored: [], understood: false };
  const ignored: string[] = [];
  const selection: SelectedConfiguration = { ...base };
  const pick = (key: string, options: { id: string }[], apply: (id: string) => void) => {
    const raw = params.get(key);
    if (raw === null || raw === '') return;
    if (options.some((option) => option.id === raw)) apply(raw);
    else ignored.push(raw);
  };

  const countryCode = params.get(KEYS.country);
  if (countryCode) {
    const country = findCountry(countryCode);
    if (country?.available) selection.customerCountry = country.code;
    else ignored.push(countryCode);
  }
  pick(KEYS.model, product.configurations, (id) => {
    selection.model = id;
    selection.configuration = id;
  });
  // A plug for a country the shop does not sell to is not offered, so a link naming it is not followed either.
  pick(KEYS.power, offeredPowerAdaptors(product.powerAdaptors), (id) => (selection.powerAdaptor = id));
  pick(KEYS.servicing, product.servicing, (id) => (selection.servicing = id));
  // A shipping option is read only for a country it delivers to (the country is read first).
  pick(
    KEYS.shipping,
    shippingOptionsFor(product.shipping, selection.customerCountry),
    (id) => (selection.shipping = id),
  );
  if (
    !product.shipping.some((option) => option.id === selection.shipping && shipsTo(option, selection.customerCountry))
  ) {
    selection.shipping = defaultShippingFor(product.shipping, selection.customerCountry) ?? selection.shipping;
  }
  pick(KEYS.batch, product.batches, (id) => (selection.batch = id));

  const rawQuantity = params.get(KEYS.quantity);
  if (rawQuantity !== null) {
    const quantity = wholeNumber(rawQuantity, MAX_INSTRUMENT_QUANTITY);
    if (quantity === null) ignored.push(`quantity ${rawQuantity}`);
    else selection.quantity = quantity;
  }

  const known = (key: string, options: { id: string }[]): string[] | null => {
    if (!params.has(key)) return null;
    const ids: string[] = [];
    for (const id of list(params.get(key))) {
      if (options.some((option) => option.id === id)) {
        if (!ids.includes(id)) ids.push(id);
      } else ignored.push(id);
    }
    return ids;
  };
  const holders = known(KEYS.holders, product.syringeHolders);
  if (holders)
    selection.syringeHolders = holders.includes(REQUIRED_SYRINGE_HOLDER)
      ? holders
      : [REQUIRED_SYRINGE_HOLDER, ...holders];
  const adaptors = known(KEYS.adaptors, product.adaptors);
  if (adaptors) selection.adaptors = adaptors;

  if (params.has(KEYS.accessories)) {
    const accessories: string[] = [];
    const accessoryQuantities: Record<string, number> = {};
    for (const item of list(params.get(KEYS.accessories))) {
      const [id = '', rawCount] = item.split('*');
      const accessory = product.accessories.find((option) => option.id === id);
      if (!accessory || accessories.includes(id)) {
        if (!accessory) ignored.push(id);
        continue;
      }
      // A free accessory is capped at one, as the configurator caps it.
      const count = rawCount === undefined ? 1 : wholeNumber(rawCount, isFree(accessory) ? 1 : MAX_ACCESSORY_QUANTITY);
      if (count === null) ignored.push(item);
      accessories.push(id);
      accessoryQuantities[id] = count ?? 1;
    }
    selection.accessories = accessories;
    selection.accessoryQuantities = accessoryQuantities;
  }
  return { selection, ignored, understood: true };
}
