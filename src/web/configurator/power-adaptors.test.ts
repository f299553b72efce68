import { describe, expect, it } from 'vitest';
import { fixtureProduct as product } from '../../shared/pricing/pricing-fixture';
import { encodeConfiguration } from '../lib/configuration-url';
import { configuratorReducer, initialConfiguratorState } from './configurator-state';
import { offeredPowerAdaptors } from '../../shared/catalogue-rules';

describe('power adaptor options', () => {
  it('offers the UK and EU plugs and not the US plug while the USA is waitlist-only', () => {
    expect(product.powerAdaptors.map((option) => option.id)).toContain('us-power');
    expect(offeredPowerAdaptors(product.powerAdaptors).map((option) => option.id)).toEqual(['uk-power', 'eu-power']);
  });

  it('keeps a plug of a region it does not know (a new plug is not hidden by accident)', () => {
    expect(offeredPowerAdaptors([{ region: 'CH' }, { region: 'us' }])).toEqual([{ region: 'CH' }]);
  });

  it('does not follow a configuration link that names the US plug, and says so', () => {
    const loaded = configuratorReducer(initialConfiguratorState(), { type: 'productLoaded', product });
    const search = `?${encodeConfiguration({ ...loaded.selection, powerAdaptor: 'us-power', customerCountry: 'DE' })}`;
    const fromLink = configuratorReducer(initialConfiguratorState(), { type: 'productLoaded', product, search });
    expect(fromLink.selection.customerCountry).toBe('DE');
    expect(fromLink.selection.powerAdaptor).not.toBe('us-power');
    expect(fromLink.linkNote).toContain('us-power');
  });
});
