import type { BatchOption, Product } from '../catalogue';
import {
  FREE_ITEM_CAP_MESSAGE,
  isFree,
  isPowerAdaptorOffered,
  REQUIRED_SYRINGE_HOLDER,
  shipsTo,
} from '../catalogue-rules';
import type { SelectedConfiguration } from '../configuration';
import { findCountry } from '../countries';

export interface SelectionProblem {
  field: string;
  message: string;
}

const known = (list: { id: string }[], id: string) => list.some((option) => option.id === id);

/**
 * Checks a selection against the catalogue: every id known, the rules of storefront spec
 * section 4 kept. Returns the problems, in field order; an empty list means it can be priced.
 */
export function validateSelection(product: Product, selection: SelectedConfiguration): SelectionProblem[] {
  const problems: SelectionProblem[] = [];
  const add = (field: string, message: string) => problems.push({ field, message });
  const country = findCountry(selection.customerCountry);
  // Named in the messages below only when the shop sells there; otherwise customerCountry says why.
  const deliveryTo = country?.available ? ` for delivery to ${country.name}` : '';

  if (!known(product.configurations, selection.model)) add('model', `Unknown model: ${selection.model}`);
  if (selection.configuration !== undefined && selection.configuration !== selection.model) {
    add('configuration', 'Configuration must match the selected model');
  }
  const powerAdaptor = product.powerAdaptors.find((option) => option.id === selection.powerAdaptor);
  if (!powerAdaptor) add('powerAdaptor', `Unknown power adaptor: ${selection.powerAdaptor}`);
  else if (!isPowerAdaptorOffered(powerAdaptor))
    add('powerAdaptor', `The ${powerAdaptor.name} is not offered${deliveryTo}`);

  const accessories = new Set(selection.accessories);
  if (accessories.size !== selection.accessories.length) add('accessories', 'An accessory is listed twice');
  for (const id of selection.accessories) {
    const accessory = product.accessories.find((option) => option.id === id);
    if (!accessory) {
      add('accessories', `Unknown accessory: ${id}`);
      continue;
    }
    const quantity = selection.accessoryQuantities[id] ?? 1;
    if (isFree(accessory) && quantity > 1) add(`accessoryQuantities.${id}`, FREE_ITEM_CAP_MESSAGE);
  }
  for (const id of Object.keys(selection.accessoryQuantities)) {
    if (!accessories.has(id))
      add(`accessoryQuantities.${id}`, `Quantity given for an accessory that is not selected: ${id}`);
  }

  if (new Set(selection.adaptors).size !== selection.adaptors.length) add('adaptors', 'An adaptor is listed twice');
  for (const id of selection.adaptors) if (!known(product.adaptors, id)) add('adaptors', `Unknown adaptor: ${id}`);

  if (new Set(selection.syringeHolders).size !== selection.syringeHolders.length)
    add('syringeHolders', 'A syringe holder is listed twice');
  for (const id of selection.syringeHolders) {
    if (!known(product.syringeHolders, id)) add('syringeHolders', `Unknown syringe holder: ${id}`);
  }
  if (!selection.syringeHolders.includes(REQUIRED_SYRINGE_HOLDER)) {
    add('syringeHolders', `The ${REQUIRED_SYRINGE_HOLDER} is always included`);
  }

  if (!known(product.servicing, selection.servicing))
    add('servicing', `Unknown servicing option: ${selection.servicing}`);
  const shipping = product.shipping.find((option) => option.id === selection.shipping);
  if (!shipping) add('shipping', `Unknown shipping option: ${selection.shipping}`);
  else if (country?.available && !shipsTo(shipping, country.code))
    add('shipping', `${shipping.name} is not offered${deliveryTo}`);

  if (selection.batch !== undefined && selection.batch !== null) {
    const batch = product.batches.find((option) => option.id === selection.batch);
    const free = (option: BatchOption) => (option.soldOut ? 0 : (option.placesLeft ?? Number.POSITIVE_INFINITY));
    const next = product.batches.find((option) => option !== batch && free(option) >= selection.quantity);
    const instead = next ? `: choose ${next.name}, which has room` : '';
    if (!batch) add('batch', `Unknown batch: ${selection.batch}`);
    else if (batch.soldOut) add('batch', `${batch.name} is sold out${instead}`);
    else if (free(batch) < selection.quantity)
      add('batch', `${batch.name} has only ${free(batch)} places left, not ${selection.quantity}${instead}`);
  }

  if (!country) add('customerCountry', `Unknown country: ${selection.customerCountry}`);
  else if (!country.available) add('customerCountry', `We do not sell to ${country.name} yet`);

  return problems;
}
