import { describe, expect, it } from 'vitest';
import { priceConfiguration } from '../../shared/pricing/price-configuration';
import { defaultSelection, fixtureProduct } from '../../shared/pricing/pricing-fixture';
import { splitStoredConfiguration } from './quote-resource';

/** A pricing as quotes froze it before issue 37: lines without VAT fields, totals without a VAT summary. */
function frozenBefore(selection: typeof defaultSelection) {
  const { items, totals } = priceConfiguration(fixtureProduct, selection, 20);
  const bare = ({ id, name, unitPrice, quantity, total }: (typeof items)['servicing']) => ({
    id,
    name,
    unitPrice,
    quantity,
    total,
  });
  const { vatSummary: _dropped, ...oldTotals } = totals;
  return {
    items: {
      baseConfiguration: bare(items.baseConfiguration),
      powerAdaptor: bare(items.powerAdaptor),
      syringeHolders: items.syringeHolders.map(bare),
      adaptors: items.adaptors.map(bare),
      servicing: bare(items.servicing),
      accessories: items.accessories.map(bare),
      shipping: bare(items.shipping),
    },
    totals: oldTotals,
  };
}

describe('a quote frozen before lines had VAT (issue 37)', () => {
  it('a UK quote reads with the same figures, each line standard-rated', () => {
    const { pricing } = splitStoredConfiguration({ ...defaultSelection, pricing: frozenBefore(defaultSelection) });
    expect(pricing?.totals).toMatchObject({ subtotal: 406875, vat: 81375, total: 488250 });
    expect(pricing?.items.servicing).toMatchObject({ supply: 'services', vatTreatment: 'standard', vat: 21675 });
  });

  it('a German quote is taxed per line as the configurator now estimates: goods zero-rated, servicing at UK VAT', () => {
    const de = { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'DE' };
    const old = frozenBefore(de);
    const { pricing } = splitStoredConfiguration({
      ...de,
      pricing: { ...old, totals: { ...old.totals, vat: 0, showVAT: false } },
    });
    expect(pricing?.items.baseConfiguration).toMatchObject({ vatTreatment: 'zero_rated_export', vat: 0 });
    expect(pricing?.totals).toMatchObject({ subtotal: 476690, vat: 25398, total: 502088 });
  });

  it('a service quote’s one line is a service', () => {
    const repair = frozenBefore(defaultSelection);
    const { pricing } = splitStoredConfiguration({
      ...defaultSelection,
      flowType: 'service',
      pricing: {
        ...repair,
        items: { ...repair.items, baseConfiguration: { ...repair.items.baseConfiguration, id: 'repair' } },
      },
    });
    expect(pricing?.items.baseConfiguration).toMatchObject({ supply: 'services' });
  });
});
