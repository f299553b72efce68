import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app';
import { productAccessories } from '../db/schema';
import { updateSettings } from '../settings/settings-service';
import { invalidateCatalogueCache } from './catalogue-service';

describe('GET /api/products/:key', () => {
  const t = useTestApp();

  it('answers the seeded product with every option list and the VAT rate in force', async () => {
    const response = await t.get('/api/products/dropwise');
    expect(response.statusCode).toBe(200);
    const { product, vatRate } = response.json();
    expect(vatRate).toBe(20);
    expect(product).toMatchObject({
      id: 'dropwise',
      name: 'Dropwise',
      images: ['/media/instrument-front.svg', '/media/instrument-three-quarter.svg', '/media/instrument-syringe.svg'],
    });
    expect(product.configurations[0]).toMatchObject({ id: 'dropwise-standard', price: { GBP: 285000, EUR: 334000 } });
    expect(product.accessories.map((option: { id: string }) => option.id)).toEqual(
      expect.arrayContaining(['10x-2ml-syringes', '10x-6ml-syringes']),
    );
    expect(product.syringeHolders.map((option: { id: string }) => option.id)).toContain('3ml-syringe-mount');
    expect(product.powerAdaptors.map((option: { id: string }) => option.id)).toEqual([
      'uk-power',
      'eu-power',
      'us-power',
    ]);
    expect(
      product.shipping.map((option: { id: string; countries: string[] | null }) => [option.id, option.countries]),
    ).toEqual([
      ['fedex-priority', null],
      ['uk-tracked-next-day', ['GB']],
      ['collection', ['GB']],
    ]);
    expect(product.shipping[1].price).toEqual({ GBP: 3500, EUR: 4100 });
    expect(product.servicing.find((option: { id: string }) => option.id === '3-year')).toMatchObject({
      discountPercentage: 15,
      warrantyYears: 3,
    });
    // Seeded today, Batch 1 is dated at the next quarter-end, ahead of today (issue 38).
    expect(product.batches[0]).toEqual({
      id: 'batch-1',
      name: 'Batch 1',
      date: expect.stringMatching(/^\d{4}-(03-31|06-30|09-30|12-31)$/),
      soldOut: true,
      placesLeft: null,
    });
    expect(product.batches[0].date > new Date().toISOString().slice(0, 10)).toBe(true);
  });

  it('reports the tax rate setting as the VAT rate', async () => {
    await updateSettings(t.db, { taxRate: 17.5 });
    expect((await t.get('/api/products/dropwise')).json().vatRate).toBe(17.5);
    await updateSettings(t.db, { taxRate: 20 });
  });

  it('shows a catalogue change once the cache is dropped', async () => {
    await t.db
      .update(productAccessories)
      .set({ name: 'Renamed rack' })
      .where(eq(productAccessories.accessoryId, 'sample-tube-rack'));
    invalidateCatalogueCache();
    const { product } = (await t.get('/api/products/dropwise')).json();
    expect(product.accessories.find((option: { id: string }) => option.id === 'sample-tube-rack').name).toBe(
      'Renamed rack',
    );
    await t.db
      .update(productAccessories)
      .set({ name: 'Sample tube rack' })
      .where(eq(productAccessories.accessoryId, 'sample-tube-rack'));
    invalidateCatalogueCache();
  });

  it('answers 404 Product not found for an unknown key', async () => {
    const response = await t.get('/api/products/unknown');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'not_found', message: 'Product not found', messageId: 'configure.notFound' },
    });
  });
});
