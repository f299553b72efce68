import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app';

describe('GET /api/countries', () => {
  const t = useTestApp();

  it('lists the UK, the USA as unavailable and the 30 euro countries', async () => {
    const response = await t.get('/api/countries');
    expect(response.statusCode).toBe(200);
    const { countries } = response.json();
    expect(countries).toHaveLength(32);
    expect(countries[0]).toEqual({
      code: 'GB',
      name: 'United Kingdom',
      currency: 'GBP',
      symbol: '£',
      showVAT: true,
      available: true,
    });
    expect(countries[1]).toMatchObject({ code: 'US', symbol: '$', available: false });
    const euro = countries.slice(2);
    expect(
      euro.every(
        (country: { currency: string; showVAT: boolean; available: boolean }) =>
          country.currency === 'EUR' && !country.showVAT && country.available,
      ),
    ).toBe(true);
    expect(euro.map((country: { code: string }) => country.code)).toContain('DE');
  });
});
