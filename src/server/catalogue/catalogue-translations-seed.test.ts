import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { realDetails } from '../../../tests/support/business-profile';
import { useTestApp } from '../../../tests/support/test-app';
import type { Product } from '../../shared/catalogue';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';

/**
 * Issue 53: the seeded models carry their features in German and French, staff edit them beside the
 * name and description, and the seeded collection option reads German and French with the shop's town
 * filled in, as its English does; a price with it freezes those names for the order flow's lines.
 */
describe('the catalogue’s models’ features and the collection option in German and French (issue 53)', () => {
  const t = useTestApp({ now: new Date('2026-11-20T09:00:00.000Z') });
  const product = async () => (await t.get('/api/products/dropwise')).json().product as Product;

  it('seeds each model’s German and French features, one for each English feature', async () => {
    const { configurations } = await product();
    const standard = configurations.find((model) => model.id === 'dropwise-standard');
    expect(standard?.translations?.de?.features).toContain('Förderrate 0,5–15 mL/min');
    expect(standard?.translations?.fr?.features).toContain('Écran OLED');
    for (const model of configurations)
      for (const language of ['de', 'fr'] as const)
        expect(model.translations?.[language]?.features, `${model.id} ${language}`).toHaveLength(model.features.length);
  });

  it('the collection option in German and French names the profile’s town and follows a change; a price with it carries those names', async () => {
    const collection = async () => (await product()).shipping.find((option) => option.id === 'collection');
    expect((await collection())?.translations).toEqual({
      de: {
        name: 'Abholung in Lancaster',
        description: 'Abholung in unserem Büro in Lancaster nach Terminvereinbarung.',
      },
      fr: { name: 'Retrait à Lancaster', description: 'Retrait dans nos locaux de Lancaster, sur rendez-vous.' },
    });
    const priced = await t.post('/api/pricing', { configuration: { ...defaultSelection, shipping: 'collection' } });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json().items.shipping).toMatchObject({
      id: 'collection',
      name: 'Collect from Lancaster',
      names: { de: 'Abholung in Lancaster', fr: 'Retrait à Lancaster' },
    });

    const admin = await createAdminSession(t);
    expect((await t.put('/api/admin/business-profile', realDetails, { cookie: admin.cookie })).statusCode).toBe(200);
    expect((await collection())?.translations?.de?.name).toBe('Abholung in Manchester');
    expect((await collection())?.translations?.fr?.name).toBe('Retrait à Manchester');
  });

  it('staff save a model’s German features (empty lines dropped); a save without translations keeps them', async () => {
    const admin = await createAdminSession(t);
    await admin.stepUp();
    const path = '/api/admin/product-configurations/dropwise-pro';
    const current = (await t.get(path, { cookie: admin.cookie })).json().item;
    const body = {
      name: current.name,
      description: current.description,
      priceGbp: current.priceGbp,
      priceEur: current.priceEur,
      features: current.features,
    };
    const saved = await t.put(
      path,
      {
        ...body,
        translations: {
          de: { name: 'Dropwise Pro', description: ' ', features: ['Alles aus Standard', ' ', 'USB-Export '] },
          fr: { name: '', features: [] },
        },
      },
      { cookie: admin.cookie },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().item.translations).toEqual({
      de: { name: 'Dropwise Pro', features: ['Alles aus Standard', 'USB-Export'] },
    });
    expect((await t.put(path, body, { cookie: admin.cookie })).json().item.translations).toEqual({
      de: { name: 'Dropwise Pro', features: ['Alles aus Standard', 'USB-Export'] },
    });
    const pro = (await product()).configurations.find((model) => model.id === 'dropwise-pro');
    expect(pro?.translations).toEqual({ de: { name: 'Dropwise Pro', features: ['Alles aus Standard', 'USB-Export'] } });
  });
});
