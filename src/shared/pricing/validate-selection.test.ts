import { describe, expect, it } from 'vitest';
import type { Product } from '../catalogue';
import type { SelectedConfiguration } from '../configuration';
import { selectedConfigurationSchema } from '../configuration';
import { defaultSelection, fixtureProduct } from './pricing-fixture';
import { validateSelection } from './validate-selection';

/** The problems' fields and English (each also carries its refusal by id, issue 53). */
const english = (list: ReturnType<typeof validateSelection>) => list.map(({ field, message }) => ({ field, message }));
const problems = (changes: Partial<SelectedConfiguration>) =>
  english(validateSelection(fixtureProduct, { ...defaultSelection, ...changes }));

describe('validateSelection', () => {
  it('accepts the defaults', () => {
    expect(problems({})).toEqual([]);
  });

  it('accepts a domestic shipping option for its own country, and either plug of a country sold to', () => {
    expect(problems({ shipping: 'uk-tracked-next-day', customerCountry: 'GB' })).toEqual([]);
    expect(problems({ shipping: 'collection', customerCountry: 'GB' })).toEqual([]);
    expect(problems({ powerAdaptor: 'uk-power', customerCountry: 'DE' })).toEqual([]);
    expect(problems({ powerAdaptor: 'eu-power', customerCountry: 'GB' })).toEqual([]);
  });

  it.each([
    [{ model: 'dropwise-ultra' }, 'model', 'Unknown model: dropwise-ultra'],
    [{ powerAdaptor: 'moon-power' }, 'powerAdaptor', 'Unknown power adaptor: moon-power'],
    [{ powerAdaptor: 'us-power' }, 'powerAdaptor', 'The US plug is not offered for delivery to United Kingdom'],
    [
      { powerAdaptor: 'us-power', customerCountry: 'DE' },
      'powerAdaptor',
      'The US plug is not offered for delivery to Germany',
    ],
    [
      { shipping: 'uk-tracked-next-day', customerCountry: 'FR' },
      'shipping',
      'UK tracked next-day courier is not offered for delivery to France',
    ],
    [
      { shipping: 'collection', customerCountry: 'DE', powerAdaptor: 'eu-power' },
      'shipping',
      'Collection from our premises is offered only for delivery in the United Kingdom. Orders for Germany are delivered DAP to the delivery address.',
    ],
    [{ adaptors: ['standard-art-adaptor', 'nope'] }, 'adaptors', 'Unknown adaptor: nope'],
    [{ syringeHolders: ['6ml-syringe-mount'] }, 'syringeHolders', 'The 3ml-syringe-mount is always included'],
    [{ servicing: '10-year' }, 'servicing', 'Unknown servicing option: 10-year'],
    [{ shipping: 'teleport' }, 'shipping', 'Unknown shipping option: teleport'],
    [{ batch: 'batch-1' }, 'batch', 'Batch 1 is sold out: choose Batch 2, which has room'],
    [{ customerCountry: 'US' }, 'customerCountry', 'We do not sell to United States yet'],
    [{ customerCountry: 'JP' }, 'customerCountry', 'Unknown country: JP'],
    [
      { accessories: ['quick-start-card'], accessoryQuantities: { 'quick-start-card': 2 } },
      'accessoryQuantities.quick-start-card',
      'Max 1 for free items',
    ],
    [
      { accessories: [], accessoryQuantities: { '10x-2ml-syringes': 1 } },
      'accessoryQuantities.10x-2ml-syringes',
      'Quantity given for an accessory that is not selected: 10x-2ml-syringes',
    ],
    [{ accessories: ['unicorn'], accessoryQuantities: {} }, 'accessories', 'Unknown accessory: unicorn'],
  ])('refuses %o', (changes, field, message) => {
    expect(problems(changes as Partial<SelectedConfiguration>)).toContainEqual({ field, message });
  });
});

describe('validateSelection: a batch is required while the product has batches (issue 34)', () => {
  const soldOut = (batch: Product['batches'][number]) => ({ ...batch, soldOut: true });

  it('refuses a selection without a batch, naming the first batch with room', () => {
    expect(problems({ batch: null })).toEqual([
      { field: 'batch', message: 'Batch is required: choose Batch 2, which has room' },
    ]);
    expect(problems({ batch: undefined })).toHaveLength(1);
  });

  it('carries the refusal by id with the batch named as a value, for the page to say in its language', () => {
    const [problem] = validateSelection(fixtureProduct, { ...defaultSelection, batch: null });
    expect(problem?.refusal).toEqual({
      id: 'selectionRefusal.batchRequired',
      message: 'Batch is required: choose {next}, which has room',
      values: { next: 'Batch 2' },
    });
  });

  it('refuses it with the sold-out message when every batch is sold out', () => {
    const product = { ...fixtureProduct, batches: fixtureProduct.batches.map(soldOut) };
    expect(english(validateSelection(product, { ...defaultSelection, batch: null }))).toEqual([
      { field: 'batch', message: 'Batch 1 is sold out' },
    ]);
  });

  it('refuses it naming the places left when no batch has room for the quantity', () => {
    const product = {
      ...fixtureProduct,
      batches: fixtureProduct.batches.map((batch) => (batch.soldOut ? batch : { ...batch, placesLeft: 2 })),
    };
    expect(english(validateSelection(product, { ...defaultSelection, quantity: 3, batch: null }))).toEqual([
      { field: 'batch', message: 'Batch 2 has only 2 places left, not 3' },
    ]);
  });

  it('accepts a selection without a batch for a product that has none', () => {
    expect(validateSelection({ ...fixtureProduct, batches: [] }, { ...defaultSelection, batch: null })).toEqual([]);
  });
});

describe('selectedConfigurationSchema', () => {
  it.each([
    [{ quantity: 0 }, 'Quantity must be at least 1'],
    [{ quantity: 1.5 }, 'Quantity must be a whole number'],
    [{ quantity: 1e9 }, 'Quantity cannot be more than 100'],
    [{ accessoryQuantities: { '10x-2ml-syringes': 0 } }, 'Accessory quantity must be at least 1'],
    [{ accessoryQuantities: { '10x-2ml-syringes': 2.5 } }, 'Accessory quantity must be a whole number'],
  ])('refuses %o', (changes, message) => {
    const result = selectedConfigurationSchema.safeParse({ ...defaultSelection, ...changes });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });

  it('upper-cases the country code', () => {
    expect(selectedConfigurationSchema.parse({ ...defaultSelection, customerCountry: 'de' }).customerCountry).toBe(
      'DE',
    );
  });
});
