import type { Product } from '../catalogue';
import type { SelectedConfiguration } from '../configuration';

const price = (GBP: number, EUR: number) => ({ GBP, EUR });

/** A catalogue like the seeded one, with one odd price so rounding is exercised. For tests. */
export const fixtureProduct: Product = {
  id: 'dropwise',
  name: 'Dropwise',
  description: 'Test product',
  images: [],
  configurations: [
    {
      id: 'dropwise-standard',
      name: 'Dropwise Standard',
      description: null,
      price: price(285000, 334000),
      features: [],
    },
    { id: 'dropwise-pro', name: 'Dropwise Pro', description: null, price: price(345000, 404000), features: [] },
  ],
  accessories: [
    { id: '10x-2ml-syringes', name: '10 x 2 mL syringes', description: null, price: price(1800, 2100) },
    { id: '10x-6ml-syringes', name: '10 x 6 mL syringes', description: null, price: price(2200, 2600) },
    { id: 'odd-item', name: 'Odd item', description: null, price: price(1999, 2333) },
    { id: 'quick-start-card', name: 'Quick-start card', description: null, price: price(0, 0) },
  ],
  adaptors: [
    { id: 'standard-art-adaptor', name: 'Standard ART adaptor', description: null, price: price(0, 0) },
    { id: 'luer-lock-adaptor', name: 'Luer-lock adaptor', description: null, price: price(3500, 4100) },
  ],
  syringeHolders: [
    { id: '3ml-syringe-mount', name: '3 mL syringe mount', description: null, price: price(0, 0) },
    { id: '6ml-syringe-mount', name: '6 mL syringe mount', description: null, price: price(6000, 7000) },
  ],
  powerAdaptors: [
    { id: 'uk-power', name: 'UK plug', description: null, region: 'UK', price: price(0, 0) },
    { id: 'eu-power', name: 'EU plug', description: null, region: 'EU', price: price(0, 0) },
    { id: 'us-power', name: 'US plug', description: null, region: 'US', price: price(0, 0) },
  ],
  shipping: [
    {
      id: 'fedex-priority',
      name: 'FedEx International Priority',
      description: null,
      price: price(9500, 11000),
      countries: null,
    },
    {
      id: 'uk-tracked-next-day',
      name: 'UK tracked next-day courier',
      description: null,
      price: price(3500, 4100),
      countries: ['GB'],
    },
    { id: 'collection', name: 'Collect from Lancaster', description: null, price: price(0, 0), countries: null },
  ],
  servicing: [
    {
      id: '3-year',
      name: '3-year servicing',
      description: null,
      price: price(108375, 126990),
      discountPercentage: 15,
      warrantyYears: 3,
    },
    {
      id: '2-year',
      name: '2-year servicing',
      description: null,
      price: price(76500, 89640),
      discountPercentage: 10,
      warrantyYears: 2,
    },
    {
      id: '1-year',
      name: '1-year servicing',
      description: null,
      price: price(42500, 49800),
      discountPercentage: null,
      warrantyYears: 1,
    },
    {
      id: 'none',
      name: 'No servicing',
      description: null,
      price: price(0, 0),
      discountPercentage: null,
      warrantyYears: 1,
    },
  ],
  batches: [
    { id: 'batch-1', name: 'Batch 1', date: '2025-06-30', soldOut: true },
    { id: 'batch-2', name: 'Batch 2', date: '2025-08-29', soldOut: false },
  ],
};

/** The storefront's default selection (storefront spec, section 4). */
export const defaultSelection: SelectedConfiguration = {
  model: 'dropwise-standard',
  configuration: 'dropwise-standard',
  powerAdaptor: 'uk-power',
  quantity: 1,
  accessories: ['10x-2ml-syringes', '10x-6ml-syringes'],
  accessoryQuantities: { '10x-2ml-syringes': 1, '10x-6ml-syringes': 1 },
  adaptors: ['standard-art-adaptor'],
  syringeHolders: ['3ml-syringe-mount'],
  servicing: '3-year',
  shipping: 'fedex-priority',
  batch: 'batch-2',
  customerCountry: 'GB',
};
