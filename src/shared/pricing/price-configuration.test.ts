import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SelectedConfiguration } from '../configuration';
import { priceConfiguration, type PricingCustomer, priceServiceLine, retaxPricing } from './price-configuration';
import { defaultSelection, fixtureProduct } from './pricing-fixture';
import { validateSelection } from './validate-selection';
import { vatCustomer } from '../tax/vat-customer';

const GB_VAT = 20;

describe('priceConfiguration: worked cases', () => {
  const cases: {
    name: string;
    selection: SelectedConfiguration;
    vatRate?: number;
    customer?: PricingCustomer;
    expect: Record<string, number | boolean | string>;
  }[] = [
    {
      name: 'the defaults in the UK',
      selection: defaultSelection,
      // 2850 + 1083.75 servicing + 18 + 22 accessories + 95 shipping = 4068.75; VAT 813.75
      expect: {
        currency: 'GBP',
        basePrice: 285000,
        servicingTotal: 108375,
        accessoryTotal: 4000,
        shippingTotal: 9500,
        subtotal: 406875,
        vat: 81375,
        total: 488250,
        deposit: 244125,
        showVAT: true,
      },
    },
    {
      name: 'the defaults in Germany, estimated for a customer there without a VAT number: goods zero-rated, servicing at UK VAT',
      selection: { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'DE' },
      // Goods 3340 + 47 + 110 = 3497 at 0%; servicing 1269.90 at 20% = 253.98
      expect: {
        currency: 'EUR',
        basePrice: 334000,
        servicingTotal: 126990,
        accessoryTotal: 4700,
        shippingTotal: 11000,
        subtotal: 476690,
        vat: 25398,
        total: 502088,
        deposit: 251044,
        showVAT: true,
      },
    },
    {
      name: 'a German GmbH with a VAT number: goods zero-rated, servicing reverse-charged, no VAT at all',
      selection: { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'DE' },
      customer: vatCustomer('DE', 'DE136695976'),
      expect: { subtotal: 476690, vat: 0, total: 476690, deposit: 238345, showVAT: false },
    },
    {
      name: 'a UK company delivering to Germany: goods zero-rated, servicing at UK VAT',
      selection: { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'DE' },
      customer: vatCustomer('GB', 'GB123456782'),
      expect: { subtotal: 476690, vat: 25398, total: 502088, showVAT: true },
    },
    {
      name: 'two Pro instruments with options: per-instrument parts times 2, accessories by their own quantity, shipping once',
      selection: {
        ...defaultSelection,
        model: 'dropwise-pro',
        configuration: 'dropwise-pro',
        quantity: 2,
        syringeHolders: ['3ml-syringe-mount', '6ml-syringe-mount'],
        adaptors: ['standard-art-adaptor', 'luer-lock-adaptor'],
        servicing: '2-year',
        accessories: ['10x-2ml-syringes', 'quick-start-card'],
        accessoryQuantities: { '10x-2ml-syringes': 3, 'quick-start-card': 1 },
        shipping: 'collection',
      },
      expect: {
        basePrice: 690000,
        syringeHolderTotal: 12000,
        adaptorTotal: 7000,
        servicingTotal: 153000,
        accessoryTotal: 5400,
        shippingTotal: 0,
        subtotal: 867400,
        vat: 173480,
        total: 1040880,
        deposit: 520440,
      },
    },
    {
      name: 'half a penny of deposit rounds up',
      selection: {
        ...defaultSelection,
        customerCountry: 'FR',
        powerAdaptor: 'eu-power',
        servicing: 'none',
        accessories: ['odd-item'],
        accessoryQuantities: { 'odd-item': 1 },
      },
      // 3340 + 23.33 + 110 = 3473.33; deposit 1736.665 → 1736.67
      expect: { subtotal: 347333, vat: 0, total: 347333, deposit: 173667 },
    },
    {
      name: 'a VAT rate that gives a fraction of a penny rounds half-up',
      selection: {
        ...defaultSelection,
        servicing: 'none',
        shipping: 'collection',
        accessories: ['odd-item'],
        accessoryQuantities: { 'odd-item': 1 },
      },
      vatRate: 17.5,
      // 2850 + 19.99 = 2869.99; 17.5% = 502.24825 → 502.25
      expect: { subtotal: 286999, vat: 50225, total: 337224, deposit: 168612 },
    },
  ];

  it.each(cases)('$name', ({ selection, vatRate, customer, expect: expected }) => {
    expect(validateSelection(fixtureProduct, selection)).toEqual([]);
    const pricing = priceConfiguration(fixtureProduct, selection, vatRate ?? GB_VAT, customer);
    const flat: Record<string, unknown> = { currency: pricing.currency, ...pricing.totals };
    for (const [key, value] of Object.entries(expected)) expect(flat[key], key).toBe(value);
  });

  it('lists every priced line with unit price, quantity and total', () => {
    const { items } = priceConfiguration(fixtureProduct, { ...defaultSelection, quantity: 2 }, GB_VAT);
    expect(items.baseConfiguration).toEqual({
      id: 'dropwise-standard',
      name: 'Dropwise Standard',
      unitPrice: 285000,
      quantity: 2,
      total: 570000,
      supply: 'goods',
      vatTreatment: 'standard',
      vatRate: 20,
      vat: 114000,
    });
    expect(items.servicing).toMatchObject({ id: '3-year', quantity: 2, total: 216750, supply: 'services', vat: 43350 });
    expect(items.shipping).toMatchObject({ id: 'fedex-priority', quantity: 1, total: 9500 });
    expect(items.accessories.map((line) => [line.id, line.quantity])).toEqual([
      ['10x-2ml-syringes', 1],
      ['10x-6ml-syringes', 1],
    ]);
    expect(items.syringeHolders).toEqual([
      {
        id: '3ml-syringe-mount',
        name: '3 mL syringe mount',
        unitPrice: 0,
        quantity: 2,
        total: 0,
        supply: 'goods',
        vatTreatment: 'standard',
        vatRate: 20,
        vat: 0,
      },
    ]);
  });
});

const selectionArbitrary = fc
  .record({
    model: fc.constantFrom(...fixtureProduct.configurations.map((option) => option.id)),
    powerAdaptor: fc.constantFrom(...fixtureProduct.powerAdaptors.map((option) => option.id)),
    quantity: fc.integer({ min: 1, max: 100 }),
    paidAccessories: fc.subarray(['10x-2ml-syringes', '10x-6ml-syringes', 'odd-item']),
    accessoryQuantity: fc.integer({ min: 1, max: 100 }),
    freeCard: fc.boolean(),
    extraAdaptor: fc.boolean(),
    extraHolder: fc.boolean(),
    servicing: fc.constantFrom(...fixtureProduct.servicing.map((option) => option.id)),
    shipping: fc.constantFrom(...fixtureProduct.shipping.map((option) => option.id)),
    customerCountry: fc.constantFrom('GB', 'DE', 'FR', 'IE', 'NO'),
    vatRate: fc.constantFrom(0, 5, 17.5, 20, 21.3),
  })
  .map((drawn) => {
    const accessories = [...drawn.paidAccessories, ...(drawn.freeCard ? ['quick-start-card'] : [])];
    const selection: SelectedConfiguration = {
      model: drawn.model,
      configuration: drawn.model,
      powerAdaptor: drawn.powerAdaptor,
      quantity: drawn.quantity,
      accessories,
      accessoryQuantities: Object.fromEntries(
        accessories.map((id) => [id, id === 'quick-start-card' ? 1 : drawn.accessoryQuantity]),
      ),
      adaptors: ['standard-art-adaptor', ...(drawn.extraAdaptor ? ['luer-lock-adaptor'] : [])],
      syringeHolders: ['3ml-syringe-mount', ...(drawn.extraHolder ? ['6ml-syringe-mount'] : [])],
      servicing: drawn.servicing,
      shipping: drawn.shipping,
      batch: 'batch-2',
      customerCountry: drawn.customerCountry,
    };
    return { selection, vatRate: drawn.vatRate };
  });

describe('priceConfiguration: properties', () => {
  it('the parts always add up to the subtotal, and subtotal plus VAT to the total', () => {
    fc.assert(
      fc.property(selectionArbitrary, ({ selection, vatRate }) => {
        const { totals, items } = priceConfiguration(fixtureProduct, selection, vatRate);
        const parts =
          totals.basePrice +
          totals.accessoryTotal +
          totals.adaptorTotal +
          totals.syringeHolderTotal +
          totals.powerAdaptorTotal +
          totals.shippingTotal +
          totals.servicingTotal;
        const lines = [
          items.baseConfiguration,
          items.powerAdaptor,
          items.servicing,
          items.shipping,
          ...items.accessories,
          ...items.adaptors,
          ...items.syringeHolders,
        ];
        expect(parts).toBe(totals.subtotal);
        expect(lines.reduce((sum, line) => sum + line.total, 0)).toBe(totals.subtotal);
        expect(totals.subtotal + totals.vat).toBe(totals.total);
        for (const value of Object.values(totals))
          if (typeof value === 'number') expect(Number.isInteger(value)).toBe(true);
      }),
    );
  });

  it('the deposit plus the remainder equals the total, and the deposit is half of it rounded half-up', () => {
    fc.assert(
      fc.property(selectionArbitrary, ({ selection, vatRate }) => {
        const { totals } = priceConfiguration(fixtureProduct, selection, vatRate);
        const remainder = totals.total - totals.deposit;
        expect(totals.deposit + remainder).toBe(totals.total);
        expect(remainder).toBeGreaterThanOrEqual(0);
        expect(totals.deposit).toBe(Math.floor(totals.total / 2 + 0.5));
      }),
    );
  });

  it('charges VAT line by line: goods only in the UK or when collected, services (no VAT number) everywhere', () => {
    const halfUp = (net: number, rate: number) => Math.floor((net * rate) / 100 + 0.5);
    fc.assert(
      fc.property(selectionArbitrary, ({ selection, vatRate }) => {
        const { totals, items } = priceConfiguration(fixtureProduct, selection, vatRate);
        const services = items.servicing;
        const goods = [
          items.baseConfiguration,
          items.powerAdaptor,
          items.shipping,
          ...items.accessories,
          ...items.adaptors,
          ...items.syringeHolders,
        ];
        const goodsTaxed = selection.customerCountry === 'GB' || selection.shipping === 'collection';
        for (const line of goods) expect(line.vat).toBe(goodsTaxed ? halfUp(line.total, vatRate) : 0);
        expect(services.vat).toBe(halfUp(services.total, vatRate));
        expect(totals.vat).toBe([...goods, services].reduce((sum, line) => sum + line.vat, 0));
        expect(totals.vatSummary.reduce((sum, group) => sum + group.vat, 0)).toBe(totals.vat);
        expect(totals.vatSummary.reduce((sum, group) => sum + group.net, 0)).toBe(totals.subtotal);
      }),
    );
  });
});

describe('a service quote’s line and a frozen quote re-taxed (issue 37)', () => {
  const repair = { id: 'repair', name: 'Repair, instrument DW-S-2601-0001', unitPrice: 50000 };

  it('a repair is a service: UK VAT for a UK customer and an EU customer without a VAT number, reverse charge for a German GmbH', () => {
    expect(priceServiceLine(repair, 'GB', GB_VAT).totals).toMatchObject({ vat: 10000, total: 60000 });
    expect(priceServiceLine(repair, 'DE', GB_VAT).items.baseConfiguration).toMatchObject({
      supply: 'services',
      vatTreatment: 'standard',
      vat: 10000,
    });
    const gmbh = priceServiceLine(repair, 'DE', GB_VAT, vatCustomer('DE', 'DE136695976'));
    expect(gmbh.items.baseConfiguration).toMatchObject({ vatTreatment: 'reverse_charge', vat: 0 });
    expect(gmbh.totals).toMatchObject({ vat: 0, total: 50000, showVAT: false });
  });

  it('re-taxing keeps every net and reads a line frozen without VAT fields by its place (servicing a service)', () => {
    const de = { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'DE' };
    const quoted = priceConfiguration(fixtureProduct, de, GB_VAT);
    const strip = ({ id, name, unitPrice, quantity, total }: (typeof quoted.items)['servicing']) => ({
      id,
      name,
      unitPrice,
      quantity,
      total,
    });
    const old = {
      items: {
        ...quoted.items,
        baseConfiguration: strip(quoted.items.baseConfiguration),
        servicing: strip(quoted.items.servicing),
        shipping: strip(quoted.items.shipping),
      },
    };
    const context = {
      deliveryCountry: 'DE',
      collected: false,
      customerCountry: 'DE',
      vatNumberCountry: 'DE',
    };
    const retaxed = retaxPricing(old, context, GB_VAT);
    expect(retaxed.totals.subtotal).toBe(quoted.totals.subtotal);
    expect(retaxed.items.servicing).toMatchObject({ supply: 'services', vatTreatment: 'reverse_charge' });
    expect(retaxed.items.baseConfiguration).toMatchObject({ supply: 'goods', vatTreatment: 'zero_rated_export' });
    expect(retaxed.totals.vat).toBe(0);
  });
});
