// @engine: two processes on one PostgreSQL
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, databaseUrlFor, scratchName } from '../../../tests/support/database';
import { createUser } from '../../../tests/support/factories';
import { type ShopProcess, startShop } from '../../../tests/support/shop-process';
import type { Product } from '../../shared/catalogue';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import { createSession, rotateSession, SESSION_COOKIE } from '../accounts/session-service';
import { type Database, openDatabase } from '../db/client';
import { sessions } from '../db/schema';
import type { PricedLine } from '../../shared/pricing/types';

const baseUrl = process.env.DATABASE_URL;

// Two shop processes on one PostgreSQL database (PGlite is one process by design: skipped there).
describe.runIf(Boolean(baseUrl))('a catalogue or settings change seen by another process', () => {
  const shops: ShopProcess[] = [];
  let dir = '';
  let dbName = '';
  let database: Database | undefined;
  let cookie = '';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dropwise-catalogue-'));
    dbName = scratchName('shop_catalogue');
    await adminQuery(baseUrl ?? '', `CREATE DATABASE ${dbName}`);
    const databaseUrl = databaseUrlFor(baseUrl ?? '', dbName);
    const env = { DATABASE_URL: databaseUrl, DATA_DIR: dir, REDIS_URL: 'redis://127.0.0.1:6379' };
    // The first start migrates the database; the second then finds it current.
    shops.push(await startShop({ env }));
    shops.push(await startShop({ env }));
    database = await openDatabase({ databaseUrl, migrate: false });
    const admin = await createUser(database.db, { isAdmin: true });
    const { session } = await createSession(database.db, { userId: admin.user.id, remember: false, now: new Date() });
    const raised = await rotateSession(database.db, session.id, 'aal2');
    if (!raised) throw new Error('no aal2 session');
    cookie = `${SESSION_COOKIE}=${raised.token}`;
    // Prices and the VAT rate need a fresh second factor (docs/decisions/0047): this session passed one.
    await database.db
      .update(sessions)
      .set({ steppedUpAt: new Date(), steppedUpWith: 'code' })
      .where(eq(sessions.id, raised.session.id));
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    await Promise.all(shops.map((shop) => shop.stop()));
    if (dbName) await adminQuery(baseUrl ?? '', `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const shop = (index: 0 | 1) => {
    const found = shops[index];
    if (!found) throw new Error('the shop did not start');
    return found.url;
  };
  const productOn = async (index: 0 | 1) =>
    (await (await fetch(`${shop(index)}/api/products/dropwise`)).json()) as { product: Product; vatRate: number };
  const send = (index: 0 | 1, method: string, path: string, body: unknown) =>
    fetch(`${shop(index)}${path}`, {
      method,
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });

  it('a price saved through one process is served by the other on the next request', async () => {
    // The second process has the catalogue cached.
    const before = (await productOn(1)).product.configurations.find((c) => c.id === 'dropwise-standard');
    expect(before).toBeDefined();
    const current = (
      await (
        await fetch(`${shop(0)}/api/admin/product-configurations/dropwise-standard`, { headers: { cookie } })
      ).json()
    ).item;
    const saved = await send(0, 'PUT', '/api/admin/product-configurations/dropwise-standard', {
      name: current.name,
      description: current.description,
      priceGbp: current.priceGbp + 12300,
      priceEur: current.priceEur + 14500,
      features: current.features,
    });
    expect(saved.status).toBe(200);
    expect((await productOn(1)).product.configurations.find((c) => c.id === 'dropwise-standard')?.price).toEqual({
      GBP: current.priceGbp + 12300,
      EUR: current.priceEur + 14500,
    });
    const priced = await (await send(1, 'POST', '/api/pricing', { configuration: defaultSelection })).json();
    expect(priced.items.baseConfiguration.unitPrice).toBe(current.priceGbp + 12300);
  });

  it('a tax rate saved through one process prices the other’s next request', async () => {
    expect((await productOn(1)).vatRate).toBe(20);
    const settings = (await (await fetch(`${shop(0)}/api/admin/settings`, { headers: { cookie } })).json()).settings;
    expect((await send(0, 'PUT', '/api/admin/settings', { ...settings, taxRate: 17.5 })).status).toBe(200);
    expect((await productOn(1)).vatRate).toBe(17.5);
    const priced = await (await send(1, 'POST', '/api/pricing', { configuration: defaultSelection })).json();
    // VAT per line (decision 0055): every UK line at the new rate, each rounded half-up, then summed.
    const { items } = priced as { items: Record<string, PricedLine | PricedLine[]> };
    const lines = Object.values(items).flat();
    expect(lines.filter((line) => line.total > 0).every((line) => line.vatRate === 17.5)).toBe(true);
    expect(priced.totals.vat).toBe(lines.reduce((sum, line) => sum + Math.round((line.total * 17.5) / 100), 0));
  });
});
