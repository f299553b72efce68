import { describe, expect, it } from 'vitest';
import { exampleBusinessProfile, publicProfileOf } from '../business-profile';
import { businessProfileDetailsSchema } from './business-profile-schemas';

describe('the business profile’s addresses (issue 38)', () => {
  const details = publicProfileOf(exampleBusinessProfile);

  it('stores a UK postcode normalised, and another country’s as typed', () => {
    const parsed = businessProfileDetailsSchema.parse({
      ...details,
      registeredAddress: { ...details.registeredAddress, postalCode: 'cb3 0tx', countryCode: 'gb' },
      tradingAddress: { ...details.tradingAddress, postalCode: '80331 münchen', countryCode: 'DE' },
    });
    expect(parsed.registeredAddress).toMatchObject({ postalCode: 'CB3 0TX', countryCode: 'GB' });
    expect(parsed.tradingAddress.postalCode).toBe('80331 münchen');
  });
});
