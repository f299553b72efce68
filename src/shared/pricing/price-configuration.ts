import { lineNames } from '../catalogue/option-translations';
import type { CatalogueOption, Product } from '../catalogue';
import { COLLECTION_SHIPPING } from '../catalogue-rules';
import type { SelectedConfiguration } from '../configuration';
import { type CurrencyCode, currencyForCountry } from '../countries';
import { roundHalfUp } from '../money';
import { lineVat, type SupplyKind, type TaxContext, type VatCustomer, vatSummary } from '../tax/line-vat';
import { DEPOSIT_PERCENT } from './deposit';
import type { PricedLine, Pricing, PricingItems, PricingTotals } from './types';

function pick<T extends CatalogueOption>(list: T[], id: string, what: string): T {
  const option = list.find((candidate) => candidate.id === id);
  if (!option) throw new Error(`Unknown ${what}: ${id}`);
  return option;
}

const sum = (lines: PricedLine[]) => lines.reduce((total, line) => total + line.total, 0);

/** Who buys, for VAT (`vatCustomer` makes one from a billing country and a VAT number). */
export type PricingCustomer = VatCustomer;

/**
 * The tax context of a selection: the goods go to its country and are collected with the collection
 * option; the customer is the one given, else (the configurator's estimate) someone in the delivery
 * country without a VAT number.
 */
export const selectionTaxContext = (
  selection: Pick<SelectedConfiguration, 'customerCountry' | 'shipping'>,
  customer?: PricingCustomer,
): TaxContext => ({
  deliveryCountry: selection.customerCountry,
  collected: selection.shipping === COLLECTION_SHIPPING,
  customerCountry: customer?.country ?? selection.customerCountry,
  vatNumberCountry: customer?.vatNumberCountry ?? null,
});

/**
 * The one pricing function (storefront spec, section 9). Base, adaptors, syringe holders, power
 * adaptor and servicing are multiplied by the instrument quantity; each accessory by its own
 * quantity; shipping is charged once. Each line's VAT follows its treatment (src/shared/tax/line-vat.ts)
 * at `vatRatePercent`, rounded half-up on the line; the VAT is the lines' sum; the deposit is
 * DEPOSIT_PERCENT of the total, half-up. Call `validateSelection` first: an unknown id here is a
 * programming error. The prices are the catalogue's in `currency` (decision 0085: the invoice currency
 * decided from the billing country and the buyer's choice), else in the delivery country's currency.
 */
export function priceConfiguration(
  product: Product,
  selection: SelectedConfiguration,
  vatRatePercent: number,
  customer?: PricingCustomer,
  currency: CurrencyCode | undefined = currencyForCountry(selection.customerCountry),
): Pricing {
  if (!currencyForCountry(selection.customerCountry) || !currency)
    throw new Error(`Country not sold to: ${selection.customerCountry}`);
  const context = selectionTaxContext(selection, customer);
  const quantity = selection.quantity;
  const line = (option: CatalogueOption, lineQuantity: number, supply: SupplyKind = 'goods'): PricedLine => {
    const unitPrice = option.price[currency];
    const total = unitPrice * lineQuantity;
    const names = lineNames(option.translations);
    return {
      id: option.id,
      name: option.name,
      ...(names ? { names } : {}),
      unitPrice,
      quantity: lineQuantity,
      total,
      ...lineVat(supply, total, context, vatRatePercent),
    };
  };

  const items: PricingItems = {
    baseConfiguration: line(pick(product.configurations, selection.model, 'model'), quantity),
    powerAdaptor: line(pick(product.powerAdaptors, selection.powerAdaptor, 'power adaptor'), quantity),
    syringeHolders: selection.syringeHolders.map((id) =>
      line(pick(product.syringeHolders, id, 'syringe holder'), quantity),
    ),
    adaptors: selection.adaptors.map((id) => line(pick(product.adaptors, id, 'adaptor'), quantity)),
    servicing: line(pick(product.servicing, selection.servicing, 'servicing option'), quantity, 'services'),
    accessories: selection.accessories.map((id) =>
      line(pick(product.accessories, id, 'accessory'), selection.accessoryQuantities[id] ?? 1),
    ),
    shipping: line(pick(product.shipping, selection.shipping, 'shipping option'), 1),
  };
  return { currency, items, totals: totalsOf(items) };
}

/** Every line of the items, in no particular order. */
export const allLines = (items: PricingItems): PricedLine[] => [
  items.baseConfiguration,
  items.powerAdaptor,
  ...items.syringeHolders,
  ...items.adaptors,
  items.servicing,
  ...items.accessories,
  items.shipping,
];

/** The totals of priced lines: each group's net, the subtotal, the lines' VAT summed, the total and its deposit. */
export function totalsOf(items: PricingItems): PricingTotals {
  const lines = allLines(items);
  const subtotal = sum(lines);
  const vat = lines.reduce((total, line) => total + line.vat, 0);
  const total = subtotal + vat;
  const summary = vatSummary(lines);
  return {
    basePrice: items.baseConfiguration.total,
    accessoryTotal: sum(items.accessories),
    adaptorTotal: sum(items.adaptors),
    syringeHolderTotal: sum(items.syringeHolders),
    powerAdaptorTotal: items.powerAdaptor.total,
    shippingTotal: items.shipping.total,
    servicingTotal: items.servicing.total,
    subtotal,
    vat,
    total,
    deposit: roundHalfUp((total * DEPOSIT_PERCENT) / 100),
    showVAT: summary.some((group) => group.treatment === 'standard'),
    vatSummary: summary,
  };
}

/**
 * Priced lines taxed again for another customer or context, their nets unchanged: how an order re-taxes a
 * quote's frozen prices for the buyer's billing country and VAT number. A line frozen before lines had
 * VAT (issue 37) is goods, but servicing and a service quote's line (`service`), which are services.
 */
export function retaxPricing(
  pricing: { items: RetaxItems },
  context: TaxContext,
  vatRatePercent: number,
  options: { service?: boolean } = {},
): { items: PricingItems; totals: PricingTotals } {
  const { items } = pricing;
  const taxed = (line: RetaxLine, slot: SupplyKind): PricedLine => {
    const supply = line.supply ?? slot;
    return {
      id: line.id,
      name: line.name,
      ...(line.names ? { names: line.names } : {}),
      unitPrice: line.unitPrice,
      quantity: line.quantity,
      total: line.total,
      ...lineVat(supply, line.total, context, vatRatePercent),
    };
  };
  const taxedItems: PricingItems = {
    baseConfiguration: taxed(items.baseConfiguration, options.service ? 'services' : 'goods'),
    powerAdaptor: taxed(items.powerAdaptor, 'goods'),
    syringeHolders: items.syringeHolders.map((line) => taxed(line, 'goods')),
    adaptors: items.adaptors.map((line) => taxed(line, 'goods')),
    servicing: taxed(items.servicing, 'services'),
    accessories: items.accessories.map((line) => taxed(line, 'goods')),
    shipping: taxed(items.shipping, 'goods'),
  };
  return { items: taxedItems, totals: totalsOf(taxedItems) };
}

/** A line as a quote may have frozen it: without VAT fields before issue 37. */
export type RetaxLine = Pick<PricedLine, 'id' | 'name' | 'names' | 'unitPrice' | 'quantity' | 'total'> & {
  supply?: SupplyKind | undefined;
};
export type RetaxItems = {
  [K in keyof PricingItems]: PricingItems[K] extends PricedLine[] ? RetaxLine[] : RetaxLine;
};

/**
 * The standard rate a frozen pricing was taxed at: its standard-rated lines' rate, else (nothing
 * standard-rated, or frozen before lines had VAT) its VAT over its subtotal when it charged VAT, else null.
 */
export function frozenStandardRate(pricing: {
  items: RetaxItems | PricingItems;
  totals: { showVAT: boolean; vat: number; subtotal: number };
}): number | null {
  for (const line of allLines(pricing.items as PricingItems))
    if (line.vatTreatment === 'standard' && typeof line.vatRate === 'number') return line.vatRate;
  const { totals } = pricing;
  return totals.showVAT && totals.subtotal > 0 ? Math.round((totals.vat * 10000) / totals.subtotal) / 100 : null;
}

const noLine = (id: string, supply: SupplyKind): PricedLine => ({
  id,
  name: '',
  unitPrice: 0,
  quantity: 0,
  total: 0,
  supply,
  vatTreatment: 'standard',
  vatRate: 0,
  vat: 0,
});

/**
 * A service quote's pricing (issue 26: a servicing renewal or a repair for one instrument): its one
 * line, a service, named for the serial number, in the base line's place; no power adaptor, no
 * shipping. Its VAT follows the customer (services: UK VAT unless an EU business with a VAT number).
 */
export function priceServiceLine(
  line: { id: string; name: string; unitPrice: number },
  customerCountry: string,
  vatRatePercent: number,
  customer?: PricingCustomer,
): Pricing {
  const currency = currencyForCountry(customerCountry);
  if (!currency) throw new Error(`Country not sold to: ${customerCountry}`);
  const context: TaxContext = {
    deliveryCountry: customerCountry,
    collected: false,
    customerCountry: customer?.country ?? customerCountry,
    vatNumberCountry: customer?.vatNumberCountry ?? null,
  };
  const items: PricingItems = {
    baseConfiguration: {
      ...line,
      quantity: 1,
      total: line.unitPrice,
      ...lineVat('services', line.unitPrice, context, vatRatePercent),
    },
    powerAdaptor: noLine('none', 'goods'),
    syringeHolders: [],
    adaptors: [],
    servicing: noLine('none', 'services'),
    accessories: [],
    shipping: noLine('none', 'goods'),
  };
  return { currency, items, totals: totalsOf(items) };
}
