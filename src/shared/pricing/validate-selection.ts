import { defaultBatch } from '../batches/default-batch';
import type { BatchOption, Product } from '../catalogue';
import {
  COLLECTION_SHIPPING,
  collectionRefusal,
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
    add(
      'shipping',
      shipping.id === COLLECTION_SHIPPING
        ? collectionRefusal(country.name)
        : `${shipping.name} is not offered${deliveryTo}`,
    );

  const batchMessage = batchProblem(product, selection);
  if (batchMessage) add('batch', batchMessage);

  if (!country) add('customerCountry', `Unknown country: ${selection.customerCountry}`);
  else if (!country.available) add('customerCountry', `We do not sell to ${country.name} yet`);

  return problems;
}

/**
 * A batch whose date has passed (issue 38): "Batch 2's ship date has passed, so it takes no new
 * quotes or orders until we set a new date: choose Batch 3, the next open batch".
 */
export function batchDatePassedMessage(batch: Pick<BatchOption, 'name'>, next: Pick<BatchOption, 'name'> | undefined) {
  const closed = `${batch.name}'s ship date has passed, so it takes no new quotes or orders until we set a new date`;
  return next ? `${closed}: choose ${next.name}, the next open batch` : closed;
}

const placesFree = (option: BatchOption) => (option.soldOut ? 0 : (option.placesLeft ?? Number.POSITIVE_INFINITY));

/**
 * What is wrong with the selection's batch, or null. A batch is required while the product has any
 * (issue 34): without one, the message names the first batch with room; when none has room, it is
 * the refusal of the batch the configurator would offer (the first not sold out, else the first).
 */
export function batchProblem(
  product: Pick<Product, 'batches'>,
  selection: Pick<SelectedConfiguration, 'batch' | 'quantity'>,
): string | null {
  const withRoom = (except?: BatchOption) =>
    product.batches.find(
      (option) => option !== except && !option.datePassed && placesFree(option) >= selection.quantity,
    );
  const refusal = (batch: BatchOption, next: BatchOption | undefined) => {
    const instead = next ? `: choose ${next.name}, which has room` : '';
    if (batch.datePassed) return batchDatePassedMessage(batch, next);
    if (batch.soldOut) return `${batch.name} is sold out${instead}`;
    if (placesFree(batch) < selection.quantity)
      return `${batch.name} has only ${placesFree(batch)} places left, not ${selection.quantity}${instead}`;
    return null;
  };
  if (selection.batch === undefined || selection.batch === null) {
    const offered = product.batches.find((option) => option.id === defaultBatch(product));
    if (!offered) return null;
    const next = withRoom();
    return next ? `Batch is required: choose ${next.name}, which has room` : refusal(offered, undefined);
  }
  const batch = product.batches.find((option) => option.id === selection.batch);
  if (!batch) return `Unknown batch: ${selection.batch}`;
  return refusal(batch, withRoom(batch));
}
