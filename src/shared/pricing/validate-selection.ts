import { defaultBatch } from '../batches/default-batch';
import type { BatchOption, Product } from '../catalogue';
import {
  COLLECTION_SHIPPING,
  catalogueRuleRefusals,
  isFree,
  isPowerAdaptorOffered,
  REQUIRED_SYRINGE_HOLDER,
  shipsTo,
} from '../catalogue-rules';
import type { SelectedConfiguration } from '../configuration';
import { findCountry } from '../countries';
import { defineMessages, englishText as english, type Message, withValues } from '../i18n/message';

export interface SelectionProblem {
  field: string;
  /** The English, as the API's `message` and `fields` say it. */
  message: string;
  /** The same by id with its values, for the page's language (issue 53). */
  refusal: Message;
}

/** The selection's refusals (storefront spec section 4, issues 34 and 38), by id (issue 53). */
export const selectionRefusals = defineMessages({
  unknownModel: { id: 'selectionRefusal.unknownModel', message: 'Unknown model: {id}' },
  configurationMismatch: {
    id: 'selectionRefusal.configurationMismatch',
    message: 'Configuration must match the selected model',
  },
  unknownPowerAdaptor: { id: 'selectionRefusal.unknownPowerAdaptor', message: 'Unknown power adaptor: {id}' },
  powerAdaptorNotOffered: { id: 'selectionRefusal.powerAdaptorNotOffered', message: 'The {name} is not offered' },
  powerAdaptorNotOfferedTo: {
    id: 'selectionRefusal.powerAdaptorNotOfferedTo',
    message: 'The {name} is not offered for delivery to {country}',
  },
  accessoryTwice: { id: 'selectionRefusal.accessoryTwice', message: 'An accessory is listed twice' },
  unknownAccessory: { id: 'selectionRefusal.unknownAccessory', message: 'Unknown accessory: {id}' },
  quantityNotSelected: {
    id: 'selectionRefusal.quantityNotSelected',
    message: 'Quantity given for an accessory that is not selected: {id}',
  },
  adaptorTwice: { id: 'selectionRefusal.adaptorTwice', message: 'An adaptor is listed twice' },
  unknownAdaptor: { id: 'selectionRefusal.unknownAdaptor', message: 'Unknown adaptor: {id}' },
  syringeHolderTwice: { id: 'selectionRefusal.syringeHolderTwice', message: 'A syringe holder is listed twice' },
  unknownSyringeHolder: { id: 'selectionRefusal.unknownSyringeHolder', message: 'Unknown syringe holder: {id}' },
  syringeHolderRequired: { id: 'selectionRefusal.syringeHolderRequired', message: 'The {id} is always included' },
  unknownServicing: { id: 'selectionRefusal.unknownServicing', message: 'Unknown servicing option: {id}' },
  unknownShipping: { id: 'selectionRefusal.unknownShipping', message: 'Unknown shipping option: {id}' },
  shippingNotOffered: { id: 'selectionRefusal.shippingNotOffered', message: '{name} is not offered' },
  shippingNotOfferedTo: {
    id: 'selectionRefusal.shippingNotOfferedTo',
    message: '{name} is not offered for delivery to {country}',
  },
  unknownCountry: { id: 'selectionRefusal.unknownCountry', message: 'Unknown country: {code}' },
  notSoldTo: { id: 'selectionRefusal.notSoldTo', message: 'We do not sell to {country} yet' },
  batchDatePassed: {
    id: 'selectionRefusal.batchDatePassed',
    message: "{batch}'s ship date has passed, so it takes no new quotes or orders until we set a new date",
  },
  batchDatePassedNext: {
    id: 'selectionRefusal.batchDatePassedNext',
    message:
      "{batch}'s ship date has passed, so it takes no new quotes or orders until we set a new date: choose {next}, the next open batch",
  },
  batchSoldOut: { id: 'selectionRefusal.batchSoldOut', message: '{batch} is sold out' },
  batchSoldOutNext: {
    id: 'selectionRefusal.batchSoldOutNext',
    message: '{batch} is sold out: choose {next}, which has room',
  },
  batchPlacesLeft: {
    id: 'selectionRefusal.batchPlacesLeft',
    message: '{batch} has only {left} places left, not {quantity}',
  },
  batchPlacesLeftNext: {
    id: 'selectionRefusal.batchPlacesLeftNext',
    message: '{batch} has only {left} places left, not {quantity}: choose {next}, which has room',
  },
  batchRequired: { id: 'selectionRefusal.batchRequired', message: 'Batch is required: choose {next}, which has room' },
  unknownBatch: { id: 'selectionRefusal.unknownBatch', message: 'Unknown batch: {id}' },
});

const known = (list: { id: string }[], id: string) => list.some((option) => option.id === id);

/**
 * Checks a selection against the catalogue: every id known, the rules of storefront spec
 * section 4 kept. Returns the problems, in field order; an empty list means it can be priced.
 */
export function validateSelection(product: Product, selection: SelectedConfiguration): SelectionProblem[] {
  const problems: SelectionProblem[] = [];
  const add = (field: string, refusal: Message) => problems.push({ field, message: english(refusal), refusal });
  const r = selectionRefusals;
  const country = findCountry(selection.customerCountry);
  // Named in the messages below only when the shop sells there; otherwise customerCountry says why.
  // A country goes by its code: the reader's language names it (issue 53).
  const deliveryTo = country?.available ? { country: country.code } : undefined;
  const notOffered = (plain: Message, to: Message, name: string) =>
    deliveryTo ? withValues(to, { name, country: deliveryTo }) : withValues(plain, { name });

  if (!known(product.configurations, selection.model))
    add('model', withValues(r.unknownModel, { id: selection.model }));
  if (selection.configuration !== undefined && selection.configuration !== selection.model) {
    add('configuration', r.configurationMismatch);
  }
  const powerAdaptor = product.powerAdaptors.find((option) => option.id === selection.powerAdaptor);
  if (!powerAdaptor) add('powerAdaptor', withValues(r.unknownPowerAdaptor, { id: selection.powerAdaptor }));
  else if (!isPowerAdaptorOffered(powerAdaptor))
    add('powerAdaptor', notOffered(r.powerAdaptorNotOffered, r.powerAdaptorNotOfferedTo, powerAdaptor.name));

  const accessories = new Set(selection.accessories);
  if (accessories.size !== selection.accessories.length) add('accessories', r.accessoryTwice);
  for (const id of selection.accessories) {
    const accessory = product.accessories.find((option) => option.id === id);
    if (!accessory) {
      add('accessories', withValues(r.unknownAccessory, { id }));
      continue;
    }
    const quantity = selection.accessoryQuantities[id] ?? 1;
    if (isFree(accessory) && quantity > 1) add(`accessoryQuantities.${id}`, catalogueRuleRefusals.freeItemCap);
  }
  for (const id of Object.keys(selection.accessoryQuantities)) {
    if (!accessories.has(id)) add(`accessoryQuantities.${id}`, withValues(r.quantityNotSelected, { id }));
  }

  if (new Set(selection.adaptors).size !== selection.adaptors.length) add('adaptors', r.adaptorTwice);
  for (const id of selection.adaptors)
    if (!known(product.adaptors, id)) add('adaptors', withValues(r.unknownAdaptor, { id }));

  if (new Set(selection.syringeHolders).size !== selection.syringeHolders.length)
    add('syringeHolders', r.syringeHolderTwice);
  for (const id of selection.syringeHolders) {
    if (!known(product.syringeHolders, id)) add('syringeHolders', withValues(r.unknownSyringeHolder, { id }));
  }
  if (!selection.syringeHolders.includes(REQUIRED_SYRINGE_HOLDER)) {
    add('syringeHolders', withValues(r.syringeHolderRequired, { id: REQUIRED_SYRINGE_HOLDER }));
  }

  if (!known(product.servicing, selection.servicing))
    add('servicing', withValues(r.unknownServicing, { id: selection.servicing }));
  const shipping = product.shipping.find((option) => option.id === selection.shipping);
  if (!shipping) add('shipping', withValues(r.unknownShipping, { id: selection.shipping }));
  else if (country?.available && !shipsTo(shipping, country.code))
    add(
      'shipping',
      shipping.id === COLLECTION_SHIPPING
        ? withValues(catalogueRuleRefusals.collection, { country: { country: country.code } })
        : notOffered(r.shippingNotOffered, r.shippingNotOfferedTo, shipping.name),
    );

  const batchMessage = batchRefusal(product, selection);
  if (batchMessage) add('batch', batchMessage);

  if (!country) add('customerCountry', withValues(r.unknownCountry, { code: selection.customerCountry }));
  else if (!country.available) add('customerCountry', withValues(r.notSoldTo, { country: { country: country.code } }));

  return problems;
}

/**
 * A batch whose date has passed (issue 38): "Batch 2's ship date has passed, so it takes no new
 * quotes or orders until we set a new date: choose Batch 3, the next open batch".
 */
export function batchDatePassedRefusal(
  batch: Pick<BatchOption, 'name'>,
  next: Pick<BatchOption, 'name'> | undefined,
): Message {
  return next
    ? withValues(selectionRefusals.batchDatePassedNext, { batch: batch.name, next: next.name })
    : withValues(selectionRefusals.batchDatePassed, { batch: batch.name });
}

/** The same in English. */
export function batchDatePassedMessage(batch: Pick<BatchOption, 'name'>, next: Pick<BatchOption, 'name'> | undefined) {
  return english(batchDatePassedRefusal(batch, next));
}

const placesFree = (option: BatchOption) => (option.soldOut ? 0 : (option.placesLeft ?? Number.POSITIVE_INFINITY));

/**
 * What is wrong with the selection's batch, or null. A batch is required while the product has any
 * (issue 34): without one, the message names the first batch with room; when none has room, it is
 * the refusal of the batch the configurator would offer (the first not sold out, else the first).
 */
export function batchRefusal(
  product: Pick<Product, 'batches'>,
  selection: Pick<SelectedConfiguration, 'batch' | 'quantity'>,
): Message | null {
  const r = selectionRefusals;
  const withRoom = (except?: BatchOption) =>
    product.batches.find(
      (option) => option !== except && !option.datePassed && placesFree(option) >= selection.quantity,
    );
  const refusal = (batch: BatchOption, next: BatchOption | undefined): Message | null => {
    const named = { batch: batch.name, ...(next ? { next: next.name } : {}) };
    if (batch.datePassed) return batchDatePassedRefusal(batch, next);
    if (batch.soldOut) return withValues(next ? r.batchSoldOutNext : r.batchSoldOut, named);
    if (placesFree(batch) < selection.quantity)
      return withValues(next ? r.batchPlacesLeftNext : r.batchPlacesLeft, {
        ...named,
        left: placesFree(batch),
        quantity: selection.quantity,
      });
    return null;
  };
  if (selection.batch === undefined || selection.batch === null) {
    const offered = product.batches.find((option) => option.id === defaultBatch(product));
    if (!offered) return null;
    const next = withRoom();
    return next ? withValues(r.batchRequired, { next: next.name }) : refusal(offered, undefined);
  }
  const batch = product.batches.find((option) => option.id === selection.batch);
  if (!batch) return withValues(r.unknownBatch, { id: selection.batch });
  return refusal(batch, withRoom(batch));
}

/** The batch's problem in English, or null. */
export function batchProblem(
  product: Pick<Product, 'batches'>,
  selection: Pick<SelectedConfiguration, 'batch' | 'quantity'>,
): string | null {
  const refusal = batchRefusal(product, selection);
  return refusal ? english(refusal) : null;
}
