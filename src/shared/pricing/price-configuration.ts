import type { CatalogueOption, Product } from '../catalogue';
import type { SelectedConfiguration } from '../configuration';
import { currencyForCountry, findCountry } from '../countries';
import { roundHalfUp } from '../money';
import { DEPOSIT_PERCENT } from './deposit';
import type { PricedLine, Pricing } from './types';

function pick<T extends CatalogueOption>(list: T[], id: string, what: string): T {
  const option = list.find((candidate) => candidate.id === id);
  if (!option) throw new Error(`Unknown ${what}: ${id}`);
  return option;
}

const sum = (lines: PricedLine[]) => lines.reduce((total, line) => total + line.total, 0);

/**
 * The one pricing function (storefront spec, section 9). Base, adaptors, syringe holders, power
 * adaptor and servicing are multiplied by the instrument quantity; each accessory by its own
 * quantity; shipping is charged once. VAT at `vatRatePercent` applies to GB only; the deposit is
 * DEPOSIT_PERCENT of the total. Rounding is half-up to the minor unit. Call `validateSelection` first: an
 * unknown id here is a programming error.
 */
export function priceConfiguration(
  product: Product,
  selection: SelectedConfiguration,
  vatRatePercent: number,
): Pricing {
  const currency = currencyForCountry(selection.customerCountry);
  if (!currency) throw new Error(`Country not sold to: ${selection.customerCountry}`);
  const showVAT = findCountry(selection.customerCountry)?.showVAT ?? false;
  const quantity = selection.quantity;
  const line = (option: CatalogueOption, lineQuantity: number): PricedLine => {
    const unitPrice = option.price[currency];
    return { id: option.id, name: option.name, unitPrice, quantity: lineQuantity, total: unitPrice * lineQuantity };
  };

  const baseConfiguration = line(pick(product.configurations, selection.model, 'model'), quantity);
  const powerAdaptor = line(pick(product.powerAdaptors, selection.powerAdaptor, 'power adaptor'), quantity);
  const syringeHolders = selection.syringeHolders.map((id) =>
    line(pick(product.syringeHolders, id, 'syringe holder'), quantity),
  );
  const adaptors = selection.adaptors.map((id) => line(pick(product.adaptors, id, 'adaptor'), quantity));
  const servicing = line(pick(product.servicing, selection.servicing, 'servicing option'), quantity);
  const accessories = selection.accessories.map((id) =>
    line(pick(product.accessories, id, 'accessory'), selection.accessoryQuantities[id] ?? 1),
  );
  const shipping = line(pick(product.shipping, selection.shipping, 'shipping option'), 1);

  const totals = {
    basePrice: baseConfiguration.total,
    accessoryTotal: sum(accessories),
    adaptorTotal: sum(adaptors),
    syringeHolderTotal: sum(syringeHolders),
    powerAdaptorTotal: powerAdaptor.total,
    shippingTotal: shipping.total,
    servicingTotal: servicing.total,
  };
  const subtotal =
    totals.basePrice +
    totals.accessoryTotal +
    totals.adaptorTotal +
    totals.syringeHolderTotal +
    totals.powerAdaptorTotal +
    totals.shippingTotal +
    totals.servicingTotal;
  return {
    currency,
    items: { baseConfiguration, powerAdaptor, syringeHolders, adaptors, servicing, accessories, shipping },
    totals: { ...totals, ...vatAndDeposit(subtotal, showVAT, vatRatePercent) },
  };
}

/** VAT (GB only, half-up) on the subtotal, the total and its deposit: the same for every priced thing. */
function vatAndDeposit(subtotal: number, showVAT: boolean, vatRatePercent: number) {
  const vat = showVAT ? roundHalfUp((subtotal * vatRatePercent) / 100) : 0;
  const total = subtotal + vat;
  const deposit = roundHalfUp((total * DEPOSIT_PERCENT) / 100);
  return { subtotal, vat, total, deposit, showVAT };
}

const noLine = (id: string): PricedLine => ({ id, name: '', unitPrice: 0, quantity: 0, total: 0 });

/**
 * A service quote's pricing (issue 26: a servicing renewal or a repair for one instrument): its one
 * line, named for the serial number, in the base line's place; no power adaptor, no shipping. VAT and
 * deposit follow the customer's country as for an instrument.
 */
export function priceServiceLine(
  line: { id: string; name: string; unitPrice: number },
  customerCountry: string,
  vatRatePercent: number,
): Pricing {
  const currency = currencyForCountry(customerCountry);
  if (!currency) throw new Error(`Country not sold to: ${customerCountry}`);
  const showVAT = findCountry(customerCountry)?.showVAT ?? false;
  const baseConfiguration: PricedLine = { ...line, quantity: 1, total: line.unitPrice };
  return {
    currency,
    items: {
      baseConfiguration,
      powerAdaptor: noLine('none'),
      syringeHolders: [],
      adaptors: [],
      servicing: noLine('none'),
      accessories: [],
      shipping: noLine('none'),
    },
    totals: {
      basePrice: line.unitPrice,
      accessoryTotal: 0,
      adaptorTotal: 0,
      syringeHolderTotal: 0,
      powerAdaptorTotal: 0,
      shippingTotal: 0,
      servicingTotal: 0,
      ...vatAndDeposit(line.unitPrice, showVAT, vatRatePercent),
    },
  };
}
