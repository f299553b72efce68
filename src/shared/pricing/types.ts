import type { CurrencyCode } from '../countries';
import type { Minor } from '../money';

/** One priced line of a quote or order (storefront spec, section 3: Quote pricing items). */
export interface PricedLine {
  id: string;
  name: string;
  unitPrice: Minor;
  quantity: number;
  total: Minor;
}

export interface PricingItems {
  baseConfiguration: PricedLine;
  powerAdaptor: PricedLine;
  syringeHolders: PricedLine[];
  adaptors: PricedLine[];
  servicing: PricedLine;
  accessories: PricedLine[];
  shipping: PricedLine;
}

export interface PricingTotals {
  basePrice: Minor;
  accessoryTotal: Minor;
  adaptorTotal: Minor;
  syringeHolderTotal: Minor;
  powerAdaptorTotal: Minor;
  shippingTotal: Minor;
  servicingTotal: Minor;
  subtotal: Minor;
  vat: Minor;
  total: Minor;
  deposit: Minor;
  showVAT: boolean;
}

export interface Pricing {
  currency: CurrencyCode;
  items: PricingItems;
  totals: PricingTotals;
}
