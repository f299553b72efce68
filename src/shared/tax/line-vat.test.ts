import { describe, expect, it } from 'vitest';
import { isEuBusiness, lineVat, type TaxContext, treatmentLabel, vatSummary, vatTreatment } from './line-vat';
import { vatCustomer } from './vat-customer';

/** A context from a VAT number as typed (parsed as the server parses it). */
const context = ({
  vatNumber = null,
  ...overrides
}: Partial<Omit<TaxContext, 'vatNumberCountry'>> & { vatNumber?: string | null }): TaxContext => {
  const given = { deliveryCountry: 'GB', collected: false, customerCountry: 'GB', ...overrides };
  return { ...given, vatNumberCountry: vatCustomer(given.customerCountry, vatNumber).vatNumberCountry };
};

describe('the VAT of each line (the issue 37 table, line by line)', () => {
  const cases: { buyer: string; context: TaxContext; goods: string; services: string }[] = [
    { buyer: 'a UK consumer', context: context({}), goods: 'VAT 20%', services: 'VAT 20%' },
    {
      buyer: 'a UK company delivering to Germany',
      context: context({ deliveryCountry: 'DE', vatNumber: 'GB123456782' }),
      goods: 'Zero-rated export of goods (VAT Notice 703)',
      services: 'VAT 20%',
    },
    {
      buyer: 'a German GmbH with a VAT number',
      context: context({ deliveryCountry: 'DE', customerCountry: 'DE', vatNumber: 'DE 136 695 976' }),
      goods: 'Zero-rated export of goods (VAT Notice 703)',
      services: 'Reverse charge: VAT to be accounted for by the recipient (Article 196, Directive 2006/112/EC)',
    },
    {
      buyer: 'an EU customer without a VAT number',
      context: context({ deliveryCountry: 'FR', customerCountry: 'FR' }),
      goods: 'Zero-rated export of goods (VAT Notice 703)',
      services: 'VAT 20%',
    },
    {
      buyer: 'an EU customer whose VAT number does not parse',
      context: context({ deliveryCountry: 'DE', customerCountry: 'DE', vatNumber: 'not a number' }),
      goods: 'Zero-rated export of goods (VAT Notice 703)',
      services: 'VAT 20%',
    },
    {
      buyer: 'an EU business giving a GB VAT number',
      context: context({ deliveryCountry: 'DE', customerCountry: 'DE', vatNumber: 'GB123456782' }),
      goods: 'Zero-rated export of goods (VAT Notice 703)',
      services: 'VAT 20%',
    },
    {
      buyer: 'a UK company collecting in GB',
      context: context({ collected: true, vatNumber: 'GB123456782' }),
      goods: 'VAT 20%',
      services: 'VAT 20%',
    },
    {
      buyer: 'a Greek business (EL prefix)',
      context: context({ deliveryCountry: 'GR', customerCountry: 'GR', vatNumber: 'EL094259216' }),
      goods: 'Zero-rated export of goods (VAT Notice 703)',
      services: 'Reverse charge: VAT to be accounted for by the recipient (Article 196, Directive 2006/112/EC)',
    },
    {
      buyer: 'a Norwegian business (outside the EU: services stay at UK VAT)',
      context: context({ deliveryCountry: 'NO', customerCountry: 'NO', vatNumber: 'NO123456789' }),
      goods: 'Zero-rated export of goods (VAT Notice 703)',
      services: 'VAT 20%',
    },
  ];

  it.each(cases)('$buyer: goods "$goods", services "$services"', ({ context: given, goods, services }) => {
    const goodsVat = lineVat('goods', 100000, given, 20);
    const servicesVat = lineVat('services', 126990, given, 20);
    expect(treatmentLabel(goodsVat.vatTreatment, goodsVat.vatRate)).toBe(goods);
    expect(treatmentLabel(servicesVat.vatTreatment, servicesVat.vatRate)).toBe(services);
    expect(goodsVat.vat).toBe(goods === 'VAT 20%' ? 20000 : 0);
    expect(servicesVat.vat).toBe(services === 'VAT 20%' ? 25398 : 0);
  });

  it('rounds each line half-up to the penny', () => {
    expect(lineVat('goods', 1999, context({}), 17.5).vat).toBe(350); // 349.825
    expect(lineVat('goods', 2333, context({}), 17.5).vat).toBe(408); // 408.275
    expect(lineVat('goods', 2330, context({}), 17.5).vat).toBe(408); // 407.75
  });

  it('an EU business needs both an EU billing country and an EU VAT number', () => {
    expect(isEuBusiness(vatCustomer('DE', 'DE136695976'))).toBe(true);
    expect(isEuBusiness(vatCustomer('GB', 'DE136695976'))).toBe(false);
    expect(isEuBusiness(vatCustomer('DE', ''))).toBe(false);
    expect(isEuBusiness(vatCustomer('DE', null))).toBe(false);
    expect(vatTreatment('services', context({ customerCountry: 'IE', vatNumber: 'IE6388047V' }))).toBe(
      'reverse_charge',
    );
  });

  it('sums the lines by supply and treatment, goods first, dropping parts that are all zero', () => {
    const summary = vatSummary([
      { supply: 'services', vatTreatment: 'reverse_charge', vatRate: 0, total: 126990, vat: 0 },
      { supply: 'goods', vatTreatment: 'zero_rated_export', vatRate: 0, total: 334000, vat: 0 },
      { supply: 'goods', vatTreatment: 'zero_rated_export', vatRate: 0, total: 11000, vat: 0 },
      { supply: 'goods', vatTreatment: 'zero_rated_export', vatRate: 0, total: 0, vat: 0 },
      { supply: 'services', vatTreatment: 'standard', vatRate: 20, total: 0, vat: 0 },
    ]);
    expect(summary).toEqual([
      { supply: 'goods', treatment: 'zero_rated_export', rate: 0, net: 345000, vat: 0 },
      { supply: 'services', treatment: 'reverse_charge', rate: 0, net: 126990, vat: 0 },
    ]);
  });
});
