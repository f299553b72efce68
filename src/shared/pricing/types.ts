import type { CurrencyCode } from '../countries';
import type { Minor } from '../money';
import type { SupplyKind, VatGroup, VatTreatment } from '../tax/line-vat';
import type { LineNames } from '../catalogue/option-translations';

/**
 * One priced line of a quote or order (storefront spec, section 3: Quote pricing items), with its
 * VAT decided by the tax module (src/shared/tax/line-vat.ts). Quotes frozen before issue 37 have no
 * VAT fields on their lines: the order re-taxes them (`retaxPricing`).
 */
export interface PricedLine {
  id: string;
  name: string;
  /** Issue 53: the German and French names, frozen from the catalogue's translations (absent: English only). */
  names?: LineNames;
  unitPrice: Minor;
  quantity: number;
  /** The line's net. */
  total: Minor;
  supply: SupplyKind;
  vatTreatment: VatTreatment;
  /** Percent: the standard rate, or 0 for a zero-rated or reverse-charged line. */
  vatRate: number;
  /** The line's VAT, rounded half-up on the line. */
  vat: Minor;
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
  /** The sum of the lines' VAT. */
  vat: Minor;
  total: Minor;
  deposit: Minor;
  /** Some line carries UK VAT (a VAT line is shown); false when every line is zero-rated or reverse-charged. */
  showVAT: boolean;
  /** The VAT by supply kind and treatment (goods first), each part's net and VAT. */
  vatSummary: VatGroup[];
}

export interface Pricing {
  currency: CurrencyCode;
  items: PricingItems;
  totals: PricingTotals;
}
