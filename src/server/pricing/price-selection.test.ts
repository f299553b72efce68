import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import { useTestApp } from '../../../tests/support/test-app';
import { invalidateCatalogueCache } from '../catalogue/catalogue-service';
import { productConfigurations } from '../db/schema';
import { HttpError } from '../http/http-error';
import { updateSettings } from '../settings/settings-service';
import { priceSelection } from './price-selection';

describe('priceSelection', () => {
  const t = useTestApp();

  it('prices the default selection from the seeded catalogue', async () => {
    const { pricing } = await priceSelection(t.db, defaultSelection, t.clock.now);
    expect(pricing.currency).toBe('GBP');
    expect(pricing.totals).toMatchObject({
      subtotal: 406875,
      vat: 81375,
      total: 488250,
      deposit: 244125,
      showVAT: true,
    });
  });

  it('uses the tax rate setting', async () => {
    await updateSettings(t.db, { taxRate: 10 });
    const { pricing } = await priceSelection(t.db, defaultSelection, t.clock.now);
    expect(pricing.totals.vat).toBe(40688);
    await updateSettings(t.db, { taxRate: 20 });
  });

  it('refuses an invalid selection with 400, the first problem as message and every field', async () => {
    const error = await priceSelection(
      t.db,
      { ...defaultSelection, model: 'nope', customerCountry: 'US' },
      t.clock.now,
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      statusCode: 400,
      message: 'Unknown model: nope',
      fields: {
        'configuration.model': 'Unknown model: nope',
        'configuration.customerCountry': 'We do not sell to United States yet',
      },
    });
  });

  it('sees a catalogue edit once the cache is dropped', async () => {
    await t.db
      .update(productConfigurations)
      .set({ priceGbp: 300000 })
      .where(eq(productConfigurations.configId, 'dropwise-standard'));
    expect((await priceSelection(t.db, defaultSelection, t.clock.now)).pricing.totals.basePrice).toBe(285000);
    invalidateCatalogueCache();
    expect((await priceSelection(t.db, defaultSelection, t.clock.now)).pricing.totals.basePrice).toBe(300000);
    await t.db
      .update(productConfigurations)
      .set({ priceGbp: 285000 })
      .where(eq(productConfigurations.configId, 'dropwise-standard'));
    invalidateCatalogueCache();
  });
});
