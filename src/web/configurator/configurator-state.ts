import { defaultBatch } from '../../shared/batches/default-batch';
import type { Product } from '../../shared/catalogue';
import {
  DEFAULT_SHIPPING,
  defaultShippingFor,
  isFree,
  offeredPowerAdaptors,
  REQUIRED_SYRINGE_HOLDER,
  shipsTo,
} from '../../shared/catalogue-rules';
import type { SelectedConfiguration } from '../../shared/configuration';
import { MAX_ACCESSORY_QUANTITY, MAX_INSTRUMENT_QUANTITY } from '../../shared/configuration-limits';
import { DEFAULT_COUNTRY, findCountry } from '../../shared/countries';
import { decodeConfiguration, hasEncodedConfiguration, repriceCountry } from '../lib/configuration-url';

export const LINK_NOT_UNDERSTOOD =
  'This configuration link is from another version of the shop, so the default configuration is shown.';
export const LINK_IGNORED_PREFIX = 'Some options in this configuration link are no longer offered and were left out:';
export const DEFAULT_ACCESSORIES = ['10x-2ml-syringes', '10x-6ml-syringes'] as const;
export const DEFAULT_ADAPTOR = 'standard-art-adaptor';
export const UK_POWER = 'uk-power';
export const EU_POWER = 'eu-power';

export interface ConfiguratorState {
  selection: SelectedConfiguration;
  /** The model is reset to the first configuration once, when the product first loads. */
  productApplied: boolean;
  waitlistOpen: boolean;
  /** The free accessory whose quantity a visitor tried to raise above 1. */
  capNotice: string | null;
  /** The selection the product's defaults give; the URL stays bare while the selection equals it. */
  defaults: SelectedConfiguration | null;
  /** Said once when a configuration link named options this shop does not offer. */
  linkNote: string | null;
}

export type ConfiguratorAction =
  | { type: 'productLoaded'; product: Product; search?: string }
  | { type: 'selectModel'; id: string }
  | { type: 'selectPowerAdaptor'; id: string }
  | { type: 'toggleSyringeHolder'; id: string }
  | { type: 'toggleAdaptor'; id: string }
  | { type: 'toggleAccessory'; id: string; product: Product }
  | { type: 'incrementAccessory'; id: string; product: Product }
  | { type: 'decrementAccessory'; id: string }
  | { type: 'incrementQuantity' }
  | { type: 'decrementQuantity' }
  | { type: 'setQuantity'; value: number }
  | { type: 'selectServicing'; id: string }
  | { type: 'selectShipping'; id: string }
  | { type: 'selectCountry'; code: string; product: Product }
  | { type: 'closeWaitlist' }
  | { type: 'dismissLinkNote' };

/** The specification's defaults (storefront spec, section 4), before the product is known. */
export function initialConfiguratorState(): ConfiguratorState {
  return {
    selection: {
      model: '',
      configuration: '',
      powerAdaptor: UK_POWER,
      quantity: 1,
      accessories: [...DEFAULT_ACCESSORIES],
      accessoryQuantities: Object.fromEntries(DEFAULT_ACCESSORIES.map((id) => [id, 1])),
      adaptors: [DEFAULT_ADAPTOR],
      syringeHolders: [REQUIRED_SYRINGE_HOLDER],
      servicing: '3-year',
      shipping: DEFAULT_SHIPPING,
      batch: null,
      customerCountry: DEFAULT_COUNTRY,
    },
    productApplied: false,
    waitlistOpen: false,
    capNotice: null,
    defaults: null,
    linkNote: null,
  };
}

export { defaultBatch };

const toggle = (list: string[], id: string) => (list.includes(id) ? list.filter((item) => item !== id) : [...list, id]);

function withoutAccessory(selection: SelectedConfiguration, id: string): SelectedConfiguration {
  const { [id]: _removed, ...accessoryQuantities } = selection.accessoryQuantities;
  return { ...selection, accessories: selection.accessories.filter((item) => item !== id), accessoryQuantities };
}

/** Keeps only the default ids the catalogue really has, so a trimmed catalogue never leaves an unpriceable selection. */
function applyProduct(selection: SelectedConfiguration, product: Product): SelectedConfiguration {
  const has = (list: { id: string }[], id: string) => list.some((option) => option.id === id);
  const model = product.configurations[0]?.id ?? '';
  // A plug for a country the shop does not sell to is never selected, even from a link.
  const powerAdaptors = offeredPowerAdaptors(product.powerAdaptors);
  const accessories = selection.accessories.filter((id) => has(product.accessories, id));
  return {
    ...selection,
    model,
    configuration: model,
    accessories,
    accessoryQuantities: Object.fromEntries(accessories.map((id) => [id, selection.accessoryQuantities[id] ?? 1])),
    adaptors: selection.adaptors.filter((id) => has(product.adaptors, id)),
    powerAdaptor: has(powerAdaptors, selection.powerAdaptor) ? selection.powerAdaptor : (powerAdaptors[0]?.id ?? ''),
    servicing: has(product.servicing, selection.servicing) ? selection.servicing : (product.servicing[0]?.id ?? ''),
    shipping: product.shipping.some(
      (option) => option.id === selection.shipping && shipsTo(option, selection.customerCountry),
    )
      ? selection.shipping
      : (defaultShippingFor(product.shipping, selection.customerCountry) ?? ''),
    batch: selection.batch ?? defaultBatch(product),
  };
}

/**
 * The shipping after a change of country: the new country's default (a domestic option where there
 * is one) unless the buyer chose another option by hand that still delivers there.
 */
function shippingAfterCountryChange(product: Product, selection: SelectedConfiguration, country: string): string {
  const current = product.shipping.find((option) => option.id === selection.shipping);
  const chosenByHand = selection.shipping !== defaultShippingFor(product.shipping, selection.customerCountry);
  if (current && chosenByHand && shipsTo(current, country)) return selection.shipping;
  return defaultShippingFor(product.shipping, country) ?? selection.shipping;
}

/** The configurator's selection rules (storefront spec, section 4), as a pure reducer. */
export function configuratorReducer(state: ConfiguratorState, action: ConfiguratorAction): ConfiguratorState {
  const set = (selection: Partial<SelectedConfiguration>): ConfiguratorState => ({
    ...state,
    selection: { ...state.selection, ...selection },
    capNotice: null,
  });
  const { selection } = state;

  switch (action.type) {
    case 'productLoaded': {
      if (state.productApplied) return state;
      const defaults = applyProduct(selection, action.product);
      const loaded = ((): ConfiguratorState => {
        if (!action.search || !hasEncodedConfiguration(action.search))
          return { ...state, selection: defaults, defaults, productApplied: true };
        const decoded = decodeConfiguration(action.search, action.product, defaults);
        const linkNote = !decoded.understood
          ? LINK_NOT_UNDERSTOOD
          : decoded.ignored.length > 0
            ? `${LINK_IGNORED_PREFIX} ${decoded.ignored.join(', ')}.`
            : null;
        return { ...state, selection: decoded.selection, defaults, productApplied: true, linkNote };
      })();
      // The order form's re-price link (`country=XX`) changes the country as the buyer would, keeping the rest.
      const reprice = action.search ? repriceCountry(action.search) : null;
      return reprice
        ? configuratorReducer(loaded, { type: 'selectCountry', code: reprice, product: action.product })
        : loaded;
    }
    case 'selectModel':
      return set({ model: action.id, configuration: action.id });
    case 'selectPowerAdaptor':
      return set({ powerAdaptor: action.id });
    case 'toggleSyringeHolder':
      if (action.id === REQUIRED_SYRINGE_HOLDER) return state;
      return set({ syringeHolders: toggle(selection.syringeHolders, action.id) });
    case 'toggleAdaptor':
      return set({ adaptors: toggle(selection.adaptors, action.id) });
    case 'toggleAccessory': {
      if (selection.accessories.includes(action.id))
        return { ...state, selection: withoutAccessory(selection, action.id), capNotice: null };
      if (!action.product.accessories.some((option) => option.id === action.id)) return state;
      return set({
        accessories: [...selection.accessories, action.id],
        accessoryQuantities: { ...selection.accessoryQuantities, [action.id]: 1 },
      });
    }
    case 'incrementAccessory': {
      const accessory = action.product.accessories.find((option) => option.id === action.id);
      if (!accessory || !selection.accessories.includes(action.id)) return state;
      const current = selection.accessoryQuantities[action.id] ?? 1;
      if (isFree(accessory) && current >= 1) return { ...state, capNotice: action.id };
      if (current >= MAX_ACCESSORY_QUANTITY) return state;
      return set({ accessoryQuantities: { ...selection.accessoryQuantities, [action.id]: current + 1 } });
    }
    case 'decrementAccessory': {
      if (!selection.accessories.includes(action.id)) return state;
      const current = selection.accessoryQuantities[action.id] ?? 1;
      if (current <= 1) return { ...state, selection: withoutAccessory(selection, action.id), capNotice: null };
      return set({ accessoryQuantities: { ...selection.accessoryQuantities, [action.id]: current - 1 } });
    }
    case 'incrementQuantity':
      return set({ quantity: Math.min(MAX_INSTRUMENT_QUANTITY, selection.quantity + 1) });
    case 'decrementQuantity':
      return set({ quantity: Math.max(1, selection.quantity - 1) });
    case 'setQuantity':
      if (!Number.isInteger(action.value)) return state;
      return set({ quantity: Math.min(MAX_INSTRUMENT_QUANTITY, Math.max(1, action.value)) });
    case 'selectServicing':
      return set({ servicing: action.id });
    case 'selectShipping':
      return set({ shipping: action.id });
    case 'selectCountry': {
      const country = findCountry(action.code);
      if (!country) return state;
      if (!country.available) return { ...state, waitlistOpen: true };
      if (country.code === selection.customerCountry) return state;
      return set({
        customerCountry: country.code,
        powerAdaptor: country.code === 'GB' ? UK_POWER : EU_POWER,
        shipping: shippingAfterCountryChange(action.product, selection, country.code),
      });
    }
    case 'closeWaitlist':
      return { ...state, waitlistOpen: false };
    case 'dismissLinkNote':
      return { ...state, linkNote: null };
  }
}
