import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app';
import { seedCatalogue } from '../catalogue/seed-catalogue';
import { openDatabase, queryRows } from './client';
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
    await t.db
      .update(productConfigurations)
      .set({ name: 'Renamed by admin' })
      .where(eq(productConfigurations.configId, 'dropwise-pro'));
    await seedCatalogue(t.db);
    const [pro] = await t.db
      .select()
      .from(productConfigurations)
      .where(eq(productConfigurations.configId, 'dropwise-pro'));
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

  it('gives a catalogue seeded before the domestic courier existed that option, for GB only (migration 0011)', async () => {
    const database = await openDatabase({});
    try {
      const run = async (statement: string) => database.db.execute(sql.raw(statement));
      await seedCatalogue(database.db);
      // The state before 0011: the catalogue as seeded then, without the countries column.
      await run(`DELETE FROM product_shipping_options WHERE shipping_id = 'uk-tracked-next-day'`);
      await run('ALTER TABLE product_shipping_options DROP COLUMN countries');
      const migration = readFileSync(
        new URL('../../../drizzle/0011_shipping_option_countries.sql', import.meta.url),
        'utf8',
      );
      for (const statement of migration.split('--> statement-breakpoint')) await run(statement);
      const shipping = async () =>
        queryRows<{ shipping_id: string; countries: string[] | null; price_gbp: number }>(
          database.db,
          sql`SELECT shipping_id, countries, price_gbp FROM product_shipping_options ORDER BY shipping_id`,
        );
      expect(await shipping()).toEqual([
        { shipping_id: 'collection', countries: null, price_gbp: 0 },
        { shipping_id: 'fedex-priority', countries: null, price_gbp: 9500 },
        { shipping_id: 'uk-tracked-next-day', countries: ['GB'], price_gbp: 3500 },
      ]);
    } finally {
      await database.close();
    }
  });
});
