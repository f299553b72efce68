import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import { pricingResponseSchema } from '../../shared/pricing/pricing-schema';
import { useTestApp } from '../../../tests/support/test-app';
import { invalidateCatalogueCache } from '../catalogue/catalogue-service';
import { productBatches } from '../db/schema';
import { updateSettings } from '../settings/settings-service';

describe('POST /api/pricing', () => {
  const t = useTestApp();
  const price = (configuration: unknown) => t.post('/api/pricing', { configuration });

  it('prices the default UK selection from the catalogue, with VAT', async () => {
    const response = await price(defaultSelection);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.currency).toBe('GBP');
    expect(body.totals).toEqual({
      basePrice: 285000,
      accessoryTotal: 4000,
      adaptorTotal: 0,
      syringeHolderTotal: 0,
      powerAdaptorTotal: 0,
      shippingTotal: 9500,
      servicingTotal: 108375,
      subtotal: 406875,
      vat: 81375,
      total: 488250,
      deposit: 244125,
      showVAT: true,
      vatSummary: [
        { supply: 'goods', treatment: 'standard', rate: 20, net: 298500, vat: 59700 },
        { supply: 'services', treatment: 'standard', rate: 20, net: 108375, vat: 21675 },
      ],
    });
    expect(body.items.baseConfiguration).toEqual({
      id: 'dropwise-standard',
      name: 'Dropwise Standard',
      // The model's name in German and French, as staff keep it in the catalogue (issue 53): a proper name.
      names: { de: 'Dropwise Standard', fr: 'Dropwise Standard' },
      unitPrice: 285000,
      quantity: 1,
      total: 285000,
      supply: 'goods',
      vatTreatment: 'standard',
      vatRate: 20,
      vat: 57000,
    });
    expect(body.items.accessories.map((line: { id: string }) => line.id)).toEqual([
      '10x-2ml-syringes',
      '10x-6ml-syringes',
    ]);
  });

  it('answers JSON that is exactly its documented schema, nothing more (the route serialises the pricing as it is)', async () => {
    const response = await price({ ...defaultSelection, adaptors: ['luer-lock-adaptor'] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = response.json();
    // parse() drops unknown keys: equal means the answer holds no field the schema does not name.
    expect(body).toEqual(pricingResponseSchema.parse(body));
  });

  it('prices Germany in euros: goods zero-rated, servicing at UK VAT for an estimate without a VAT number', async () => {
    const body = (await price({ ...defaultSelection, customerCountry: 'DE', powerAdaptor: 'eu-power' })).json();
    expect(body.currency).toBe('EUR');
    expect(body.totals).toMatchObject({ subtotal: 476690, vat: 25398, total: 502088, deposit: 251044, showVAT: true });
    expect(body.items.baseConfiguration).toMatchObject({ vatTreatment: 'zero_rated_export', vat: 0 });
    expect(body.items.servicing).toMatchObject({ supply: 'services', vatTreatment: 'standard', vat: 25398 });
  });

  it('refuses collection for a delivery to Germany, and prices it for the UK at UK VAT', async () => {
    const refused = await price({
      ...defaultSelection,
      customerCountry: 'DE',
      powerAdaptor: 'eu-power',
      shipping: 'collection',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({
      'configuration.shipping':
        'Collection from our premises is offered only for delivery in the United Kingdom. Orders for Germany are delivered DAP to the delivery address.',
    });
    const collected = await price({ ...defaultSelection, shipping: 'collection' });
    expect(collected.statusCode).toBe(200);
    expect(collected.json().items.baseConfiguration).toMatchObject({ vatTreatment: 'standard', vat: 57000 });
  });

  it('prices the domestic UK courier for the United Kingdom', async () => {
    const response = await price({ ...defaultSelection, shipping: 'uk-tracked-next-day' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().items.shipping).toMatchObject({
      id: 'uk-tracked-next-day',
      name: 'UK tracked next-day courier',
      total: 3500,
    });
    expect(response.json().totals.shippingTotal).toBe(3500);
  });

  it('ignores totals a client sends along', async () => {
    const response = await t.post('/api/pricing', { configuration: defaultSelection, total: 1 });
    expect(response.json().totals.total).toBe(488250);
  });

  const refusals: [string, Record<string, unknown>, string, string][] = [
    [
      'an unknown model',
      { model: 'dropwise-max', configuration: 'dropwise-max' },
      'configuration.model',
      'Unknown model: dropwise-max',
    ],
    [
      'a configuration that differs from the model',
      { configuration: 'dropwise-pro' },
      'configuration.configuration',
      'Configuration must match the selected model',
    ],
    [
      'an unknown power adaptor',
      { powerAdaptor: 'jp-power' },
      'configuration.powerAdaptor',
      'Unknown power adaptor: jp-power',
    ],
    [
      'an unknown syringe holder',
      { syringeHolders: ['3ml-syringe-mount', '9ml-mount'] },
      'configuration.syringeHolders',
      'Unknown syringe holder: 9ml-mount',
    ],
    [
      'a missing 3 mL syringe mount',
      { syringeHolders: ['6ml-syringe-mount'] },
      'configuration.syringeHolders',
      'The 3ml-syringe-mount is always included',
    ],
    ['an unknown adaptor', { adaptors: ['magic-adaptor'] }, 'configuration.adaptors', 'Unknown adaptor: magic-adaptor'],
    [
      'an unknown accessory',
      { accessories: ['gold-pipette'], accessoryQuantities: { 'gold-pipette': 1 } },
      'configuration.accessories',
      'Unknown accessory: gold-pipette',
    ],
    [
      'an unknown servicing option',
      { servicing: '10-year' },
      'configuration.servicing',
      'Unknown servicing option: 10-year',
    ],
    [
      'an unknown shipping option',
      { shipping: 'teleport' },
      'configuration.shipping',
      'Unknown shipping option: teleport',
    ],
    [
      'the US plug for the United Kingdom',
      { powerAdaptor: 'us-power' },
      'configuration.powerAdaptor',
      'The US plug (Type A/B) is not offered for delivery to United Kingdom',
    ],
    [
      'the US plug for Germany',
      { powerAdaptor: 'us-power', customerCountry: 'DE' },
      'configuration.powerAdaptor',
      'The US plug (Type A/B) is not offered for delivery to Germany',
    ],
    [
      'the UK courier for Germany',
      { shipping: 'uk-tracked-next-day', powerAdaptor: 'eu-power', customerCountry: 'DE' },
      'configuration.shipping',
      'UK tracked next-day courier is not offered for delivery to Germany',
    ],
    ['an unknown batch', { batch: 'batch-9' }, 'configuration.batch', 'Unknown batch: batch-9'],
    [
      'a sold-out batch',
      { batch: 'batch-1' },
      'configuration.batch',
      'Batch 1 is sold out: choose Batch 2, which has room',
    ],
    [
      'the USA, which is not yet available',
      { customerCountry: 'US' },
      'configuration.customerCountry',
      'We do not sell to United States yet',
    ],
    ['an unknown country', { customerCountry: 'ZZ' }, 'configuration.customerCountry', 'Unknown country: ZZ'],
    ['quantity 0', { quantity: 0 }, 'configuration.quantity', 'Quantity must be at least 1'],
    ['a negative quantity', { quantity: -3 }, 'configuration.quantity', 'Quantity must be at least 1'],
    ['a fractional quantity', { quantity: 1.5 }, 'configuration.quantity', 'Quantity must be a whole number'],
    ['an absurd quantity', { quantity: 1e9 }, 'configuration.quantity', 'Quantity cannot be more than 100'],
    ['a quantity that is not a number', { quantity: '2' }, 'configuration.quantity', 'Quantity must be a number'],
    [
      'an accessory quantity of 0',
      { accessoryQuantities: { '10x-2ml-syringes': 0, '10x-6ml-syringes': 1 } },
      'configuration.accessoryQuantities.10x-2ml-syringes',
      'Accessory quantity must be at least 1',
    ],
    [
      'a fractional accessory quantity',
      { accessoryQuantities: { '10x-2ml-syringes': 2.5, '10x-6ml-syringes': 1 } },
      'configuration.accessoryQuantities.10x-2ml-syringes',
      'Accessory quantity must be a whole number',
    ],
    [
      'an absurd accessory quantity',
      { accessoryQuantities: { '10x-2ml-syringes': 5000, '10x-6ml-syringes': 1 } },
      'configuration.accessoryQuantities.10x-2ml-syringes',
      'Accessory quantity cannot be more than 100',
    ],
    [
      'a free accessory above 1',
      { accessories: ['quick-start-card'], accessoryQuantities: { 'quick-start-card': 2 } },
      'configuration.accessoryQuantities.quick-start-card',
      'Max 1 for free items',
    ],
    [
      'a quantity for an accessory that is not selected',
      { accessories: ['10x-2ml-syringes'], accessoryQuantities: { '10x-2ml-syringes': 1, 'stir-bar-set': 2 } },
      'configuration.accessoryQuantities.stir-bar-set',
      'Quantity given for an accessory that is not selected: stir-bar-set',
    ],
    [
      'an accessory listed twice',
      { accessories: ['10x-2ml-syringes', '10x-2ml-syringes'], accessoryQuantities: { '10x-2ml-syringes': 1 } },
      'configuration.accessories',
      'An accessory is listed twice',
    ],
  ];

  it.each(refusals)('refuses %s with 400 and a clear message', async (_name, change, field, message) => {
    const response = await price({ ...defaultSelection, ...change });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe(message);
    expect(error.fields[field]).toBe(message);
  });

  it('refuses a body without a configuration', async () => {
    const response = await t.post('/api/pricing', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('configuration');
  });

  it('prices a repeated selection afresh after a change to the VAT rate or the catalogue (kept prices are dropped)', async () => {
    expect((await price(defaultSelection)).json().totals.vat).toBe(81375);
    await updateSettings(t.db, { taxRate: 5 });
    try {
      expect((await price(defaultSelection)).json().totals).toMatchObject({ subtotal: 406875, vat: 20344 });
    } finally {
      await updateSettings(t.db, { taxRate: 20 });
    }
    expect((await price(defaultSelection)).json().totals.vat).toBe(81375);
    await t.db.update(productBatches).set({ soldOut: true }).where(eq(productBatches.batchId, 'batch-2'));
    invalidateCatalogueCache();
    try {
      expect((await price(defaultSelection)).statusCode).toBe(400);
    } finally {
      await t.db.update(productBatches).set({ soldOut: false }).where(eq(productBatches.batchId, 'batch-2'));
      invalidateCatalogueCache();
    }
    expect((await price(defaultSelection)).statusCode).toBe(200);
  });

  it('refuses a batch that sells out, once the catalogue cache is dropped', async () => {
    await t.db.update(productBatches).set({ soldOut: true }).where(eq(productBatches.batchId, 'batch-2'));
    invalidateCatalogueCache();
    const response = await price(defaultSelection);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Batch 2 is sold out: choose Batch 3, which has room');
    await t.db.update(productBatches).set({ soldOut: false }).where(eq(productBatches.batchId, 'batch-2'));
    invalidateCatalogueCache();
  });
});
