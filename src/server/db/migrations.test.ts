// @engine: migrations
import { readdirSync, readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app';
import { seedCatalogue } from '../catalogue/seed-catalogue';
import {
  seedAccessories,
  seedAdaptors,
  seedConfigurations,
  seedPowerAdaptors,
  seedSyringeHolders,
} from '../catalogue/seed-data';
import { openDatabase, queryRows } from './client';
import {
  productAccessories,
  productBatches,
  productConfigurations,
  productServicingOptions,
  products,
  settings,
} from './schema';

interface SeedCustoms {
  commodityCode: string;
  originCountry: string;
  netWeightGrams: number;
  grossWeightGrams: number;
}

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

  // Each of the next two opens a database of its own, migrated from empty: about 10 CPU s, which
  // passed 30 s of wall time when CI ran every step at once (scripts/test.sh).
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
  }, 120_000);

  it('gives a catalogue seeded before the customs columns existed the seed’s customs data, keeping what staff entered (issue 37)', async () => {
    const database = await openDatabase({});
    try {
      const run = async (statement: string) => database.db.execute(sql.raw(statement));
      await seedCatalogue(database.db);
      const tables = [
        'product_configurations',
        'product_accessories',
        'product_adaptors',
        'product_syringe_holders',
        'product_power_adaptors',
      ];
      // The state before: no customs data, except one code staff typed since.
      for (const table of tables)
        await run(
          `UPDATE ${table} SET commodity_code = NULL, origin_country = NULL, net_weight_grams = NULL, gross_weight_grams = NULL`,
        );
      await run(`UPDATE product_accessories SET commodity_code = '392690' WHERE accessory_id = 'stir-bar-set'`);
      // Issue 37's customs seed, then issue 51's (the instrument's 1.5 kg, the free items' customs values).
      for (const table of tables) await run(`UPDATE ${table} SET customs_value_gbp = NULL, customs_value_eur = NULL`);
      for (const suffix of ['_customs_seed_values.sql', '_customs_values_and_weight.sql']) {
        const file = readdirSync(new URL('../../../drizzle/', import.meta.url)).find((name) => name.endsWith(suffix));
        const migration = readFileSync(new URL(`../../../drizzle/${file ?? 'missing'}`, import.meta.url), 'utf8');
        // The ALTERs of the second already ran with the schema: its updates are what a seeded database gets.
        for (const statement of migration.split('--> statement-breakpoint'))
          if (!/^\s*ALTER TABLE/.test(statement)) await run(statement);
      }

      const customsOf = async (table: string, key: string) =>
        Object.fromEntries(
          (
            await queryRows<{ id: string; commodity_code: string; origin_country: string; net: number; gross: number }>(
              database.db,
              sql.raw(
                `SELECT ${key} AS id, commodity_code, origin_country, net_weight_grams AS net, gross_weight_grams AS gross FROM ${table}`,
              ),
            )
          ).map((row) => [row.id, [row.commodity_code, row.origin_country, row.net, row.gross]]),
        );
      const seeded = <Row extends SeedCustoms>(rows: Row[], key: (row: Row) => string) =>
        Object.fromEntries(
          rows.map((row) => [
            key(row),
            [row.commodityCode, row.originCountry, row.netWeightGrams, row.grossWeightGrams],
          ]),
        );
      expect(await customsOf('product_configurations', 'config_id')).toEqual(
        seeded(seedConfigurations, (row) => row.configId),
      );
      expect(await customsOf('product_adaptors', 'adaptor_id')).toEqual(seeded(seedAdaptors, (row) => row.adaptorId));
      expect(await customsOf('product_syringe_holders', 'holder_id')).toEqual(
        seeded(seedSyringeHolders, (row) => row.holderId),
      );
      expect(await customsOf('product_power_adaptors', 'power_adaptor_id')).toEqual(
        seeded(seedPowerAdaptors, (row) => row.powerAdaptorId),
      );
      // Issue 51: the seeded instrument is 1.5 kg; the plug, mount and adaptor at no charge have a customs value.
      expect((await customsOf('product_configurations', 'config_id'))['dropwise-standard']?.[2]).toBe(1500);
      const values = await queryRows<{ id: string; gbp: number | null; eur: number | null }>(
        database.db,
        sql.raw(
          `SELECT power_adaptor_id AS id, customs_value_gbp AS gbp, customs_value_eur AS eur FROM product_power_adaptors UNION ALL SELECT adaptor_id, customs_value_gbp, customs_value_eur FROM product_adaptors UNION ALL SELECT holder_id, customs_value_gbp, customs_value_eur FROM product_syringe_holders`,
        ),
      );
      const valueOf = Object.fromEntries(values.map((row) => [row.id, [row.gbp, row.eur]]));
      expect(valueOf).toMatchObject({
        'eu-power': [800, 950],
        'standard-art-adaptor': [2500, 2900],
        '3ml-syringe-mount': [4000, 4700],
        'luer-lock-adaptor': [null, null],
      });
      const accessories = await customsOf('product_accessories', 'accessory_id');
      expect(accessories['stir-bar-set']).toEqual(['392690', null, null, null]);
      delete accessories['stir-bar-set'];
      expect(accessories).toEqual(
        seeded(
          seedAccessories.filter((row) => row.accessoryId !== 'stir-bar-set'),
          (row) => row.accessoryId,
        ),
      );
    } finally {
      await database.close();
    }
  }, 120_000);
});
