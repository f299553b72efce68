import { describe, expect, it } from 'vitest';
import { countries } from '../countries';
import { countryName } from './country-name';

describe('countryName (a refusal’s raw country, issue 53)', () => {
  it('names every shop country in English as the shop does', () => {
    for (const country of countries) expect(countryName('en', country.code), country.code).toBe(country.name);
  });

  it('names it in German and French as Intl does, and leaves anything but a code as it came', () => {
    expect([countryName('de', 'GB'), countryName('de', 'DE'), countryName('fr', 'GB')]).toEqual([
      'Vereinigtes Königreich',
      'Deutschland',
      'Royaume-Uni',
    ]);
    expect(countryName('de', 'not a code')).toBe('not a code');
  });
});
