import { describe, expect, it } from 'vitest';
import { fixtureProduct as product } from '../../shared/pricing/pricing-fixture';
import { decodeConfiguration, encodeConfiguration, repriceCountry, repriceLink } from '../lib/configuration-url';
import {
  configuratorReducer,
  initialConfiguratorState,
  LINK_IGNORED_PREFIX,
  LINK_NOT_UNDERSTOOD,
} from './configurator-state';

const defaults = configuratorReducer(initialConfiguratorState(), { type: 'productLoaded', product }).selection;

describe('the configuration in the URL', () => {
  it('round-trips a full selection exactly', () => {
    const selection = {
      ...defaults,
      model: 'dropwise-pro',
      configuration: 'dropwise-pro',
      // Collection is for UK deliveries only (issue 37).
      customerCountry: 'GB',
      powerAdaptor: 'eu-power',
      quantity: 3,
      syringeHolders: ['3ml-syringe-mount', '6ml-syringe-mount'],
      adaptors: ['luer-lock-adaptor'],
      accessories: ['odd-item', 'quick-start-card'],
      accessoryQuantities: { 'odd-item': 4, 'quick-start-card': 1 },
      servicing: 'none',
      shipping: 'collection',
    };
    const search = encodeConfiguration(selection);
    expect(search).toContain('v=1');
    expect(search).toContain('ac=odd-item*4,quick-start-card');
    expect(decodeConfiguration(`?${search}`, product, defaults)).toEqual({ selection, ignored: [], understood: true });
  });

  it('ignores unknown ids, unsold countries and bad quantities, and names them', () => {
    const decoded = decodeConfiguration(
      '?v=1&cc=US&m=dropwise-ultra&q=999&ad=luer-lock-adaptor,laser&ac=quick-start-card*5,odd-item*2',
      product,
      defaults,
    );
    expect(decoded.selection.customerCountry).toBe('GB');
    expect(decoded.selection.model).toBe('dropwise-standard');
    expect(decoded.selection.quantity).toBe(1);
    expect(decoded.selection.adaptors).toEqual(['luer-lock-adaptor']);
    // A free item stays capped at one.
    expect(decoded.selection.accessoryQuantities).toEqual({ 'quick-start-card': 1, 'odd-item': 2 });
    expect(decoded.ignored).toEqual(['US', 'dropwise-ultra', 'quantity 999', 'laser', 'quick-start-card*5']);
  });

  it('keeps the required syringe holder whatever the link says', () => {
    expect(decodeConfiguration('?v=1&h=6ml-syringe-mount', product, defaults).selection.syringeHolders).toEqual([
      '3ml-syringe-mount',
      '6ml-syringe-mount',
    ]);
  });

  it('restores through the reducer with a note, and shows the defaults for an unknown version', () => {
    const restored = configuratorReducer(initialConfiguratorState(), {
      type: 'productLoaded',
      product,
      search: '?v=1&m=dropwise-pro&ad=laser',
    });
    expect(restored.selection.model).toBe('dropwise-pro');
    expect(restored.linkNote).toBe(`${LINK_IGNORED_PREFIX} laser.`);
    expect(restored.defaults).toEqual(defaults);
    const future = configuratorReducer(initialConfiguratorState(), {
      type: 'productLoaded',
      product,
      search: '?v=9&m=dropwise-pro',
    });
    expect(future.selection).toEqual(defaults);
    expect(future.linkNote).toBe(LINK_NOT_UNDERSTOOD);
    const bare = configuratorReducer(initialConfiguratorState(), { type: 'productLoaded', product, search: '' });
    expect(bare.linkNote).toBeNull();
  });
});

describe('the re-price link from the order form', () => {
  const configured = {
    ...defaults,
    model: 'dropwise-pro',
    configuration: 'dropwise-pro',
    quantity: 2,
    adaptors: ['luer-lock-adaptor'],
    accessories: ['odd-item'],
    accessoryQuantities: { 'odd-item': 3 },
    servicing: 'none',
  };
  const open = (search: string) =>
    configuratorReducer(initialConfiguratorState(), { type: 'productLoaded', product, search });

  it('reads the asked country from the query string', () => {
    expect(repriceCountry('?country=de')).toBe('DE');
    expect(repriceCountry('?v=1&cc=GB&country=FR')).toBe('FR');
    expect(repriceCountry('?v=1&cc=GB')).toBeNull();
    expect(repriceCountry('?country=Germany')).toBeNull();
  });

  it('opens with the delivery country chosen and the rest of the selection kept', () => {
    const link = repriceLink(configured, 'DE');
    expect(link.startsWith('/configure?v=1&cc=GB&')).toBe(true);
    const state = open(link.slice('/configure'.length));
    expect(state.selection).toEqual({ ...configured, customerCountry: 'DE', powerAdaptor: 'eu-power' });
    expect(state.linkNote).toBeNull();
  });

  it('re-prices a euro selection for the United Kingdom with the UK plug and the domestic courier', () => {
    const german = { ...configured, customerCountry: 'DE', powerAdaptor: 'eu-power' };
    const state = open(repriceLink(german, 'GB').slice('/configure'.length));
    expect(state.selection).toEqual({
      ...configured,
      customerCountry: 'GB',
      powerAdaptor: 'uk-power',
      shipping: 'uk-tracked-next-day',
    });
  });

  it('re-prices the defaults for a bare /configure?country=XX', () => {
    expect(open('?country=FR').selection).toEqual({ ...defaults, customerCountry: 'FR', powerAdaptor: 'eu-power' });
  });

  it('does not follow a domestic shipping option to a country it does not deliver to, and says so', () => {
    const decoded = decodeConfiguration('?v=1&cc=FR&sh=uk-tracked-next-day', product, defaults);
    expect(decoded.selection.shipping).toBe('fedex-priority');
    expect(decoded.ignored).toEqual(['uk-tracked-next-day']);
  });
});
