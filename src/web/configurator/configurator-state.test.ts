import { describe, expect, it } from 'vitest';
import type { Product } from '../../shared/catalogue';
import { fixtureProduct as product } from '../../shared/pricing/pricing-fixture';
import {
  type ConfiguratorAction,
  type ConfiguratorState,
  configuratorReducer,
  initialConfiguratorState,
} from './configurator-state';

const run = (...actions: ConfiguratorAction[]): ConfiguratorState =>
  actions.reduce(configuratorReducer, initialConfiguratorState());
const loaded = (...actions: ConfiguratorAction[]) => run({ type: 'productLoaded', product }, ...actions);

describe('configurator defaults', () => {
  it('starts with the specification defaults', () => {
    const { selection } = loaded();
    expect(selection).toEqual({
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
    });
  });

  it('resets the model to the first configuration only once', () => {
    const state = loaded({ type: 'selectModel', id: 'dropwise-pro' }, { type: 'productLoaded', product });
    expect(state.selection.model).toBe('dropwise-pro');
    expect(state.selection.configuration).toBe('dropwise-pro');
  });

  it('takes the first batch when every batch is sold out', () => {
    const soldOut: Product = { ...product, batches: product.batches.map((batch) => ({ ...batch, soldOut: true })) };
    expect(run({ type: 'productLoaded', product: soldOut }).selection.batch).toBe('batch-1');
  });

  it('drops default ids the catalogue does not have', () => {
    const trimmed: Product = {
      ...product,
      accessories: product.accessories.filter((option) => option.id !== '10x-6ml-syringes'),
    };
    const { selection } = run({ type: 'productLoaded', product: trimmed });
    expect(selection.accessories).toEqual(['10x-2ml-syringes']);
    expect(selection.accessoryQuantities).toEqual({ '10x-2ml-syringes': 1 });
  });
});

describe('selection rules', () => {
  it('toggles adaptors and syringe holders in and out', () => {
    const state = loaded(
      { type: 'toggleAdaptor', id: 'luer-lock-adaptor' },
      { type: 'toggleSyringeHolder', id: '6ml-syringe-mount' },
    );
    expect(state.selection.adaptors).toEqual(['standard-art-adaptor', 'luer-lock-adaptor']);
    expect(state.selection.syringeHolders).toEqual(['3ml-syringe-mount', '6ml-syringe-mount']);
    const back = [
      { type: 'toggleAdaptor', id: 'standard-art-adaptor' },
      { type: 'toggleSyringeHolder', id: '6ml-syringe-mount' },
    ].reduce<ConfiguratorState>((current, action) => configuratorReducer(current, action as ConfiguratorAction), state);
    expect(back.selection.adaptors).toEqual(['luer-lock-adaptor']);
    expect(back.selection.syringeHolders).toEqual(['3ml-syringe-mount']);
  });

  it('never removes the 3 mL syringe mount', () => {
    const before = loaded();
    const after = configuratorReducer(before, { type: 'toggleSyringeHolder', id: '3ml-syringe-mount' });
    expect(after.selection.syringeHolders).toEqual(['3ml-syringe-mount']);
  });

  it('adds an accessory at quantity 1 and removes it when toggled again', () => {
    const added = loaded({ type: 'toggleAccessory', id: 'odd-item', product });
    expect(added.selection.accessories).toContain('odd-item');
    expect(added.selection.accessoryQuantities['odd-item']).toBe(1);
    const removed = configuratorReducer(added, { type: 'toggleAccessory', id: 'odd-item', product });
    expect(removed.selection.accessories).not.toContain('odd-item');
    expect(removed.selection.accessoryQuantities).not.toHaveProperty('odd-item');
  });

  it('ignores an accessory the catalogue does not have', () => {
    const state = loaded({ type: 'toggleAccessory', id: 'gold-pipette', product });
    expect(state.selection.accessories).not.toContain('gold-pipette');
  });

  it('raises and lowers an accessory quantity', () => {
    const state = loaded(
      { type: 'incrementAccessory', id: '10x-2ml-syringes', product },
      { type: 'incrementAccessory', id: '10x-2ml-syringes', product },
      { type: 'decrementAccessory', id: '10x-2ml-syringes' },
    );
    expect(state.selection.accessoryQuantities['10x-2ml-syringes']).toBe(2);
  });

  it('minus at quantity 1 removes the accessory and its quantity entry', () => {
    const state = loaded({ type: 'decrementAccessory', id: '10x-6ml-syringes' });
    expect(state.selection.accessories).toEqual(['10x-2ml-syringes']);
    expect(state.selection.accessoryQuantities).toEqual({ '10x-2ml-syringes': 1 });
  });

  it('caps a free accessory at 1 and flags the message', () => {
    const state = loaded(
      { type: 'toggleAccessory', id: 'quick-start-card', product },
      { type: 'incrementAccessory', id: 'quick-start-card', product },
    );
    expect(state.selection.accessoryQuantities['quick-start-card']).toBe(1);
    expect(state.capNotice).toBe('quick-start-card');
    expect(configuratorReducer(state, { type: 'selectShipping', id: 'collection' }).capNotice).toBeNull();
  });

  it('caps a paid accessory at 100', () => {
    const actions: ConfiguratorAction[] = Array.from({ length: 120 }, () => ({
      type: 'incrementAccessory',
      id: '10x-2ml-syringes',
      product,
    }));
    expect(loaded(...actions).selection.accessoryQuantities['10x-2ml-syringes']).toBe(100);
  });

  it('never lets the instrument quantity go below 1 or above 100', () => {
    expect(loaded({ type: 'decrementQuantity' }, { type: 'decrementQuantity' }).selection.quantity).toBe(1);
    expect(
      loaded({ type: 'incrementQuantity' }, { type: 'incrementQuantity' }, { type: 'decrementQuantity' }).selection
        .quantity,
    ).toBe(2);
    const many: ConfiguratorAction[] = Array.from({ length: 150 }, () => ({ type: 'incrementQuantity' }));
    expect(loaded(...many).selection.quantity).toBe(100);
  });

  it('selects the model, power adaptor, servicing and shipping', () => {
    const { selection } = loaded(
      { type: 'selectModel', id: 'dropwise-pro' },
      { type: 'selectPowerAdaptor', id: 'us-power' },
      { type: 'selectServicing', id: 'none' },
      { type: 'selectShipping', id: 'collection' },
    );
    expect(selection).toMatchObject({
      model: 'dropwise-pro',
      configuration: 'dropwise-pro',
      powerAdaptor: 'us-power',
      servicing: 'none',
      shipping: 'collection',
    });
  });
});

describe('country change', () => {
  it('an EU country switches to eu-power, which can then be changed by hand', () => {
    const de = loaded({ type: 'selectCountry', code: 'DE', product });
    expect(de.selection).toMatchObject({ customerCountry: 'DE', powerAdaptor: 'eu-power' });
    const manual = configuratorReducer(de, { type: 'selectPowerAdaptor', id: 'uk-power' });
    expect(manual.selection.powerAdaptor).toBe('uk-power');
  });

  it('GB switches back to uk-power', () => {
    expect(
      loaded({ type: 'selectCountry', code: 'FR', product }, { type: 'selectCountry', code: 'GB', product }).selection,
    ).toMatchObject({
      customerCountry: 'GB',
      powerAdaptor: 'uk-power',
    });
  });

  it('the USA keeps the country and opens the waitlist', () => {
    const state = loaded(
      { type: 'selectCountry', code: 'DE', product },
      { type: 'selectCountry', code: 'US', product },
    );
    expect(state.selection.customerCountry).toBe('DE');
    expect(state.selection.powerAdaptor).toBe('eu-power');
    expect(state.waitlistOpen).toBe(true);
    expect(configuratorReducer(state, { type: 'closeWaitlist' }).waitlistOpen).toBe(false);
  });

  it('ignores an unknown country code', () => {
    const before = loaded();
    expect(configuratorReducer(before, { type: 'selectCountry', code: 'ZZ', product })).toBe(before);
  });
});

describe('shipping follows the country', () => {
  const shippingFor = (state: ConfiguratorState) => state.selection.shipping;

  it('keeps the specification default on the first load, even for the United Kingdom', () => {
    expect(loaded().selection).toMatchObject({ customerCountry: 'GB', shipping: 'fedex-priority' });
  });

  it('chooses the domestic courier when the buyer picks the United Kingdom', () => {
    expect(
      shippingFor(
        loaded({ type: 'selectCountry', code: 'DE', product }, { type: 'selectCountry', code: 'GB', product }),
      ),
    ).toBe('uk-tracked-next-day');
  });

  it('leaves the domestic courier for FedEx when the buyer picks a euro country', () => {
    const state = loaded(
      { type: 'selectCountry', code: 'DE', product },
      { type: 'selectCountry', code: 'GB', product },
      { type: 'selectCountry', code: 'FR', product },
    );
    expect(shippingFor(state)).toBe('fedex-priority');
  });

  it('keeps an option chosen by hand that still delivers to the new country', () => {
    const state = loaded({ type: 'selectShipping', id: 'collection' }, { type: 'selectCountry', code: 'GB', product });
    expect(shippingFor(state)).toBe('collection');
  });

  it('leaves collection, which is for UK deliveries only, when the buyer picks Germany (issue 37)', () => {
    const state = loaded({ type: 'selectShipping', id: 'collection' }, { type: 'selectCountry', code: 'DE', product });
    expect(shippingFor(state)).toBe('fedex-priority');
  });

  it('starts from the country default when the product lacks the spec default', () => {
    const withoutFedex: Product = {
      ...product,
      shipping: product.shipping.filter((option) => option.id !== 'fedex-priority'),
    };
    expect(run({ type: 'productLoaded', product: withoutFedex }).selection.shipping).toBe('uk-tracked-next-day');
  });
});
