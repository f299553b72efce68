import { defaultSelection } from '../../src/shared/pricing/pricing-fixture';

/** The specification's defaults with one accessory (a pack of 2 ml syringes). */
export const selectionWithOneAccessory = {
  ...defaultSelection,
  accessories: ['10x-2ml-syringes'],
  accessoryQuantities: { '10x-2ml-syringes': 1 },
};
