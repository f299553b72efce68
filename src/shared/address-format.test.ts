import { describe, expect, it } from 'vitest';
import { formatAddressLines, normalisePostcode, normaliseUkPostcode } from './address-format';
import { addressLines } from './orders/order-lines';
import { shippingCountries } from './order-flow';

describe('addresses in the country’s order (issue 23)', () => {
  it('writes the postcode after the town, on its own line, for the UK', () => {
    expect(
      formatAddressLines({
        name: 'Ada Lovelace',
        company: 'Analytical Engines',
        street: '12 St James Square',
        city: 'London',
        state: '',
        postalCode: 'SW1Y 4JH',
        country: 'GB',
      }),
    ).toEqual(['Ada Lovelace', 'Analytical Engines', '12 St James Square', 'London', 'SW1Y 4JH', 'United Kingdom']);
  });

  it('writes the postcode before the town for Germany, France, Austria, the Netherlands and every other country sold to', () => {
    const lines = (country: string, postalCode: string, city: string) =>
      formatAddressLines({ street: 'Street 1', city, postalCode, country });
    expect(lines('DE', '80331', 'München')).toEqual(['Street 1', '80331 München', 'Germany']);
    expect(lines('FR', '75008', 'Paris')).toEqual(['Street 1', '75008 Paris', 'France']);
    expect(lines('AT', '1010', 'Wien')).toEqual(['Street 1', '1010 Wien', 'Austria']);
    expect(lines('NL', '1012 AB', 'Amsterdam')).toEqual(['Street 1', '1012 AB Amsterdam', 'Netherlands']);
    for (const country of shippingCountries.filter((candidate) => candidate.code !== 'GB'))
      expect(lines(country.code, '1234', 'Town')[1], country.code).toBe('1234 Town');
  });

  it('is what order pages, PDFs and e-mails print (addressLines), one line per part whatever was typed', () => {
    expect(
      addressLines({
        street: 'Werk 2\nTor 3',
        city: 'München',
        state: 'Bayern',
        postal_code: '80331',
        country: 'DE',
        name: 'Lise Meitner',
        company: null,
        phone: null,
      }),
    ).toEqual(['Lise Meitner', 'Werk 2 Tor 3', '80331 München', 'Bayern', 'Germany']);
  });
});

describe('UK postcodes as Royal Mail writes them (issue 38)', () => {
  it.each([
    ['cb3 0tx', 'CB3 0TX'],
    ['CB30TX', 'CB3 0TX'],
    ['  sw1y   4jh ', 'SW1Y 4JH'],
    ['m1 1ae', 'M1 1AE'],
    ['b338th', 'B33 8TH'],
    ['w1a0ax', 'W1A 0AX'],
    ['ec1a 1bb', 'EC1A 1BB'],
    ['gir0aa', 'GIR 0AA'],
    ['je2 3ab', 'JE2 3AB'],
  ])('%j → %j', (typed, stored) => expect(normaliseUkPostcode(typed)).toBe(stored));

  it.each(['BFPO 123', 'cb3', '12345', 'not a postcode'])('keeps %j as typed: not a UK postcode', (typed) =>
    expect(normaliseUkPostcode(typed)).toBe(typed),
  );

  it('normalises only for a country with UK postcodes', () => {
    expect(normalisePostcode('cb3 0tx', 'GB')).toBe('CB3 0TX');
    expect(normalisePostcode('je2 3ab', 'je')).toBe('JE2 3AB');
    expect(normalisePostcode('im1 1aa', 'IM')).toBe('IM1 1AA');
    expect(normalisePostcode('gy1 1aa', 'GG')).toBe('GY1 1AA');
    // An Irish Eircode and a Dutch postcode stay as typed.
    expect(normalisePostcode('d02 x285', 'IE')).toBe('d02 x285');
    expect(normalisePostcode('1012 ab', 'NL')).toBe('1012 ab');
  });
});
