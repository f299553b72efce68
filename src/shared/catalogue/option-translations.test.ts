import { describe, expect, it } from 'vitest';
import { displayLines } from '../documents/display-lines';
import { orderLines } from '../orders/order-lines';
import { priceConfiguration } from '../pricing/price-configuration';
import { defaultSelection, fixtureProduct } from '../pricing/pricing-fixture';
import type { Product } from '../catalogue';
import { cleanTranslations, missingTranslations, productIn } from './option-translations';

/** Issue 53: the catalogue's option names and descriptions in German and French, English where none. */
const product: Product = {
  ...fixtureProduct,
  servicing: fixtureProduct.servicing.map((option) =>
    option.id === '3-year'
      ? { ...option, translations: { de: { name: 'Wartung für 3 Jahre' }, fr: { name: 'Entretien sur 3 ans' } } }
      : option,
  ),
  accessories: fixtureProduct.accessories.map((option) =>
    option.id === '10x-2ml-syringes'
      ? { ...option, translations: { de: { name: '10 × 2-mL-Spritzen', description: '' } } }
      : option,
  ),
};

describe('catalogue options in the buyer’s language (issue 53)', () => {
  const pricing = priceConfiguration(product, defaultSelection, 20);
  const names = (language: 'en' | 'de' | 'fr') => displayLines(pricing, language).map((line) => line.name);

  it('a quote’s lines freeze the German and French names, and show them in the document’s language', () => {
    expect(names('de')).toContain('Wartung für 3 Jahre');
    expect(names('de')).toContain('10 × 2-mL-Spritzen');
    expect(names('fr')).toContain('Entretien sur 3 ans');
    expect(names('en')).toContain('3-year servicing');
  });

  it('a name missing in a language shows the English (French 2 mL syringes), never an empty line', () => {
    expect(names('fr')).toContain('10 x 2 mL syringes');
    expect(names('de').every((name) => name.trim() !== '')).toBe(true);
  });

  it('an order’s lines read the names frozen when ordered, in the language asked', () => {
    const items = [
      {
        itemType: 'servicing',
        itemId: '3-year',
        itemName: '3-year servicing',
        itemNames: { de: 'Wartung für 3 Jahre' },
        quantity: 1,
        unitPrice: 100,
        totalPrice: 100,
      },
      {
        itemType: 'accessory',
        itemId: 'x',
        itemName: 'Rack',
        itemNames: null,
        quantity: 1,
        unitPrice: 0,
        totalPrice: 0,
      },
    ];
    expect(orderLines(items, 'de').map((line) => line.name)).toEqual(['Wartung für 3 Jahre', 'Rack']);
    expect(orderLines(items).map((line) => line.name)).toEqual(['3-year servicing', 'Rack']);
  });

  it('the configurator’s product in German: translated names, the English for the rest', () => {
    const german = productIn('de', product);
    expect(german.servicing.find((option) => option.id === '3-year')?.name).toBe('Wartung für 3 Jahre');
    expect(german.accessories.find((option) => option.id === 'odd-item')?.name).toBe('Odd item');
    expect(productIn('en', product)).toBe(product);
  });

  it('the editor warns of what is missing: a name per language, a description only where the English has one', () => {
    expect(missingTranslations({ description: null }, {})).toEqual(['de name', 'fr name']);
    expect(missingTranslations({ description: 'Two racks' }, { de: { name: 'Ständer' } })).toEqual([
      'de description',
      'fr name',
      'fr description',
    ]);
    expect(missingTranslations({ description: null }, { de: { name: 'Ständer' }, fr: { name: 'Portoir' } })).toEqual(
      [],
    );
    expect(cleanTranslations({ de: { name: ' Ständer ', description: '' }, fr: { name: '' } })).toEqual({
      de: { name: 'Ständer' },
    });
  });
});
