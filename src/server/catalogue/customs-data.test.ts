import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { customsMessages } from '../../shared/customs';
import { auditLog, productAccessories } from '../db/schema';
import { seedCatalogue } from './seed-catalogue';

describe('customs data on the catalogue (issue 37)', () => {
  const t = useTestApp({ now: new Date('2026-03-02T10:00:00.000Z') });

  it('the editors read and write the commodity code, origin and weights; the storefront never sees them', async () => {
    await seedCatalogue(t.db);
    const admin = await createAdminSession(t);
    await admin.stepUp();
    const configuration = (
      await t.get('/api/admin/product-configurations/dropwise-standard', { cookie: admin.cookie })
    ).json().item;
    expect(configuration.customs).toEqual({
      commodityCode: '84798997',
      originCountry: 'GB',
      // Issue 51: the instrument weighs 1.5 kg, as the website says; it is sold, so it has no value for customs at no charge.
      netWeightGrams: 1500,
      grossWeightGrams: 3000,
      customsValueGbp: null,
      customsValueEur: null,
    });
    // Shipping and servicing are not goods: no customs data.
    expect(
      (await t.get('/api/admin/shipping/fedex-priority', { cookie: admin.cookie })).json().item.customs,
    ).toBeNull();

    const edited = await t.put(
      '/api/admin/accessories/sample-tube-rack',
      {
        name: 'Sample tube rack',
        description: null,
        priceGbp: 4500,
        priceEur: 5300,
        commodityCode: '3926.90 97',
        originCountry: 'ie',
        netWeightGrams: 330,
        grossWeightGrams: 470,
        customsValueGbp: 2000,
      },
      { cookie: admin.cookie },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().item.customs).toEqual({
      commodityCode: '39269097',
      originCountry: 'IE',
      netWeightGrams: 330,
      grossWeightGrams: 470,
      customsValueGbp: 2000,
      customsValueEur: null,
    });
    const [row] = await t.db
      .select()
      .from(productAccessories)
      .where(eq(productAccessories.accessoryId, 'sample-tube-rack'));
    expect(row).toMatchObject({ commodityCode: '39269097', originCountry: 'IE', netWeightGrams: 330 });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'catalogue.accessory.update'));
    expect(entry?.before).toMatchObject({ commodityCode: '39269097', originCountry: 'GB' });
    expect(entry?.after).toMatchObject({ commodityCode: '39269097', originCountry: 'IE', netWeightGrams: 330 });

    // An edit that leaves the customs fields out keeps them.
    const priceOnly = await t.put(
      '/api/admin/adaptors/luer-lock-adaptor',
      { name: 'Luer-lock adaptor', description: null, priceGbp: 3600, priceEur: 4200 },
      { cookie: admin.cookie },
    );
    expect(priceOnly.json().item.customs).toMatchObject({ commodityCode: '84799070', originCountry: 'GB' });

    const product = (await t.get('/api/products/dropwise')).body;
    expect(product).not.toMatch(/commodity|originCountry|WeightGrams|customsValue|84798997/);
  });

  it('refuses a malformed commodity code, origin or weight with a clear message, naming the field', async () => {
    await seedCatalogue(t.db);
    const admin = await createAdminSession(t);
    await admin.stepUp();
    const accessory = { name: 'Stir bars', description: null, priceGbp: 2500, priceEur: 2900 };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ commodityCode: '84798' }, 'commodityCode', customsMessages.commodityCode],
      [{ commodityCode: '8479 89 9' }, 'commodityCode', customsMessages.commodityCode],
      [{ commodityCode: 'HS 847989' }, 'commodityCode', customsMessages.commodityCode],
      [{ originCountry: 'GBR' }, 'originCountry', customsMessages.originCountry],
      [{ netWeightGrams: 12.5 }, 'netWeightGrams', customsMessages.weight],
      [{ netWeightGrams: 500, grossWeightGrams: 400 }, 'grossWeightGrams', customsMessages.grossBelowNet],
    ];
    for (const [change, field, message] of cases) {
      const response = await t.put(
        '/api/admin/accessories/stir-bar-set',
        { ...accessory, ...change },
        {
          cookie: admin.cookie,
        },
      );
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().error.fields[field], JSON.stringify(change)).toBe(message);
    }
    expect(customsMessages.commodityCode).toBe(
      'Enter the commodity code as 6, 8 or 10 digits (HS or CN), for example 8479 89 97',
    );
    // The product configuration's editor refuses it alike, and the code stays as it was.
    const configuration = await t.put(
      '/api/admin/product-configurations/dropwise-pro',
      {
        name: 'Dropwise Pro',
        description: null,
        priceGbp: 345000,
        priceEur: 404000,
        features: ['Everything in Standard'],
        commodityCode: '8479.89.97.1',
      },
      { cookie: admin.cookie },
    );
    expect(configuration.statusCode).toBe(400);
    expect(configuration.json().error.fields.commodityCode).toBe(customsMessages.commodityCode);
    const after = (await t.get('/api/admin/product-configurations/dropwise-pro', { cookie: admin.cookie })).json();
    expect(after.item.customs.commodityCode).toBe('84798997');
  });
});
