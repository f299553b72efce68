import { describe, expect, it } from 'vitest';
import { exampleBusinessProfile, publicProfileOf } from './business-profile';
import { businessProfileDetailsSchema, isValidIban } from './business-profile-schemas';

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

describe('the company’s EORI number (issue 37)', () => {
  const details = publicProfileOf(exampleBusinessProfile);

  it('takes a GB EORI as typed (spaces, lower case) and refuses anything else, naming the format', () => {
    expect(businessProfileDetailsSchema.parse({ ...details, eoriNumber: 'gb 1234 5678 9000' }).eoriNumber).toBe(
      'GB123456789000',
    );
    for (const eoriNumber of ['GB123456789', 'DE123456789000', '', 'GB12345678900A']) {
      const result = businessProfileDetailsSchema.safeParse({ ...details, eoriNumber });
      expect(result.success, eoriNumber).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(
        'Enter the EORI number as GB followed by 12 digits, for example GB123456789000',
      );
    }
  });
});

describe('the IBAN (issue 49)', () => {
  it('takes a real GB and DE IBAN, printed with spaces or not', () => {
    expect(isValidIban('GB29 NWBK 6016 1331 9268 19')).toBe(true);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
  });

  it('refuses a GB IBAN of the wrong length, the country "ZZ", and a wrong check digit', () => {
    // The right check digits (mod 97) for a GB IBAN one digit short: the old check passed it.
    expect(isValidIban('GB24 NWBK 6016 1331 9268 1')).toBe(false);
    expect(isValidIban('ZZ86 5390 0754 7034 0001 0')).toBe(false);
    expect(isValidIban('GB28 NWBK 6016 1331 9268 19')).toBe(false);
  });
});
