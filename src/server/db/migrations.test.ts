import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app';
import { seedCatalogue } from '../catalogue/seed-catalogue';
import { queryRows } from './client';
import {
  productAccessories,
  productBatches,
  productConfigurations,
  productServicingOptions,
  products,
  settings,
} from './schema';

describe('database', () => {
  const t = useTestApp();

  it('seeds the dropwise catalogue once, however often it runs', async () => {
    await seedCatalogue(t.db);
    await seedCatalogue(t.db);
    const rows = await t.db.select().from(products);
    expect(rows.map((row) => row.productKey)).toEqual(['dropwise']);
    const accessories = await t.db.select().from(productAccessories);
    const ids = accessories.map((row) => row.accessoryId);
    expect(ids).toContain('10x-2ml-syringes');
    expect(ids).toContain('10x-6ml-syringes');
    expect(new Set(ids).size).toBe(ids.length);
    expect(accessories.some((row) => row.priceGbp === 0 && row.priceEur === 0)).toBe(true);
  });

  it('keeps an admin edit when seeding again', async () => {
    await t.db.update(productConfigurations).set({ name: 'Renamed by admin' }).where(eq(productConfigurations.configId, 'dropwise-pro'));
    await seedCatalogue(t.db);
    const [pro] = await t.db.select().from(productConfigurations).where(eq(productConfigurations.configId, 'dropwise-pro'));
    expect(pro?.name).toBe('Renamed by admin');
  });

  it('prices the starting model at £2850 / €3340 and servicing at £425 a year less the discounts', async () => {
    const configurations = await t.db.select().from(productConfigurations).orderBy(productConfigurations.sortOrder);
    expect(configurations[0]).toMatchObject({ priceGbp: 285000, priceEur: 334000 });
    const servicing = await t.db.select().from(productServicingOptions);
    const byId = Object.fromEntries(servicing.map((row) => [row.servicingId, row]));
    expect(byId['3-year']).toMatchObject({ priceGbp: Math.round(3 * 42500 * 0.85), discountPercentage: 15 });
    expect(byId['2-year']).toMatchObject({ priceGbp: 2 * 42500 * 0.9, discountPercentage: 10 });
    expect(byId['1-year']).toMatchObject({ priceGbp: 42500 });
    expect(byId.none).toMatchObject({ priceGbp: 0 });
  });

  it('lists a sold-out batch before an open one', async () => {
    const batches = await t.db.select().from(productBatches).orderBy(productBatches.sortOrder);
    expect(batches[0]?.soldOut).toBe(true);
    expect(batches.some((batch) => !batch.soldOut)).toBe(true);
  });

  it('generates distinct order numbers with the configured prefix', async () => {
    const year = new Date().getFullYear();
    const next = async () => (await queryRows<{ n: string }>(t.db, sql`select generate_order_number() as n`))[0]?.n;
    const first = await next();
    const second = await next();
    expect(first).toMatch(new RegExp(`^O${year}-\\d{5}$`));
    expect(second).not.toBe(first);
    await t.db.insert(settings).values({ key: 'orderNumberPrefix', value: 'DW' });
    expect(await next()).toMatch(new RegExp(`^DW${year}-\\d{5}$`));
  });
});
