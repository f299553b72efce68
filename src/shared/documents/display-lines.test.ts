import { describe, expect, it } from 'vitest';
import { priceConfiguration } from '../pricing';
import { defaultSelection, fixtureProduct } from '../pricing/pricing-fixture';
import { displayLines } from './display-lines';

describe('displayLines', () => {
  it('labels free lines Included or Free and drops servicing and shipping at 0', () => {
    const pricing = priceConfiguration(
      fixtureProduct,
      {
        ...defaultSelection,
        servicing: 'none',
        shipping: 'collection',
        accessories: ['quick-start-card'],
        accessoryQuantities: { 'quick-start-card': 1 },
      },
      20,
    );
    const lines = displayLines(pricing);
    expect(lines.map((line) => [line.name, line.freeLabel])).toEqual([
      ['Dropwise Standard', null],
      ['UK plug', 'Included'],
      ['3 mL syringe mount', 'Included'],
      ['Standard ART adaptor', 'Free'],
      ['Quick-start card', 'Free'],
    ]);
    const full = displayLines(priceConfiguration(fixtureProduct, defaultSelection, 20)).map((line) => line.name);
    expect(full).toContain('3-year servicing');
    expect(full).toContain('FedEx International Priority');
  });
});
