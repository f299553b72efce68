export type CurrencyCode = 'GBP' | 'EUR';

export interface CountryOption {
  code: string;
  name: string;
  currency: CurrencyCode | 'USD';
  symbol: '£' | '€' | '$';
  showVAT: boolean;
  available: boolean;
}

const euro = (code: string, name: string): CountryOption => ({
  code,
  name,
  currency: 'EUR',
  symbol: '€',
  showVAT: false,
  available: true,
});

/** The storefront's country list: the UK first, then the USA (waitlist only), then the 30 euro countries. */
export const countries: readonly CountryOption[] = [
  { code: 'GB', name: 'United Kingdom', currency: 'GBP', symbol: '£', showVAT: true, available: true },
  { code: 'US', name: 'United States', currency: 'USD', symbol: '$', showVAT: false, available: false },
  euro('AT', 'Austria'),
  euro('BE', 'Belgium'),
  euro('BG', 'Bulgaria'),
  euro('HR', 'Croatia'),
  euro('CY', 'Cyprus'),
  euro('CZ', 'Czech Republic'),
  euro('DK', 'Denmark'),
  euro('EE', 'Estonia'),
  euro('FI', 'Finland'),
  euro('FR', 'France'),
  euro('DE', 'Germany'),
  euro('GR', 'Greece'),
  euro('HU', 'Hungary'),
  euro('IS', 'Iceland'),
  euro('IE', 'Ireland'),
  euro('IT', 'Italy'),
  euro('LV', 'Latvia'),
  euro('LI', 'Liechtenstein'),
  euro('LT', 'Lithuania'),
  euro('LU', 'Luxembourg'),
  euro('MT', 'Malta'),
  euro('NL', 'Netherlands'),
  euro('NO', 'Norway'),
  euro('PL', 'Poland'),
  euro('PT', 'Portugal'),
  euro('RO', 'Romania'),
  euro('SK', 'Slovakia'),
  euro('SI', 'Slovenia'),
  euro('ES', 'Spain'),
  euro('SE', 'Sweden'),
];

export const DEFAULT_COUNTRY = 'GB';

/** The 27 member states of the European Union (the list above also has Iceland, Liechtenstein and Norway, which are not). */
const euMemberStates = new Set(
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' '),
);
export const isEuMemberState = (code: string | null | undefined) => (code ? euMemberStates.has(code) : false);

export function findCountry(code: string): CountryOption | undefined {
  return countries.find((country) => country.code === code);
}

/** The currency a country is sold in; only available countries are sold to. */
export function currencyForCountry(code: string): CurrencyCode | undefined {
  const country = findCountry(code);
  if (!country?.available || country.currency === 'USD') return undefined;
  return country.currency;
}
