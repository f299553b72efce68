import { describe, expect, it } from 'vitest';
import { billingSchema } from '../order-flow';
import { eoriNumberMessages, parseEoriNumber } from './eori-number';
import { parseVatNumber, vatNumberMessages } from './vat-number';
import { reliesOnReverseCharge, vatNumberFlag } from './vat-number-check';

const ukBuyer = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  address: '12 St James Square',
  city: 'London',
  postalCode: 'SW1Y 4JH',
  country: 'GB',
};

describe('VAT numbers at entry: format and check digits (stdnum)', () => {
  it('refuses the made-up DE811234567: its check digit is wrong', () => {
    expect(parseVatNumber('DE811234567')).toEqual({ valid: false, message: vatNumberMessages.checksum('German') });
  });

  it('accepts a German GmbH’s number as typed, with spaces and lower case, and stores it compact', () => {
    expect(parseVatNumber('de 136 695 976')).toEqual({ valid: true, countryCode: 'DE', number: '136695976' });
  });

  it('checks a GB number with HMRC’s weighted checksum: GB123456789 fails, GB 980 7806 84 passes', () => {
    expect(parseVatNumber('GB123456789')).toEqual({ valid: false, message: vatNumberMessages.checksum('UK') });
    expect(parseVatNumber('GB 980 7806 84')).toEqual({ valid: true, countryCode: 'GB', number: '980780684' });
  });

  it('takes Northern Ireland’s XI and Greece’s EL prefixes, and says EL when GR is typed', () => {
    expect(parseVatNumber('XI980780684')).toEqual({ valid: true, countryCode: 'XI', number: '980780684' });
    expect(parseVatNumber('EL094259216')).toEqual({ valid: true, countryCode: 'EL', number: '094259216' });
    expect(parseVatNumber('GR094259216')).toEqual({ valid: false, message: vatNumberMessages.greece });
  });

  it('asks for the country code, and refuses a prefix outside the UK and the EU', () => {
    expect(parseVatNumber('136695976')).toEqual({ valid: false, message: vatNumberMessages.noPrefix });
    expect(parseVatNumber('NO923609016MVA')).toEqual({ valid: false, message: vatNumberMessages.unknownPrefix('NO') });
    expect(parseVatNumber('FR12')).toEqual({ valid: false, message: vatNumberMessages.format('French') });
  });

  it('the order form: a UK buyer’s own GB number is accepted (stored compact), a bad one is refused beside the field', () => {
    expect(billingSchema.parse({ ...ukBuyer, vatNumber: ' gb980 7806 84 ' }).vatNumber).toBe('GB980780684');
    const refused = billingSchema.safeParse({ ...ukBuyer, vatNumber: 'DE811234567' });
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({ path: ['vatNumber'], message: vatNumberMessages.checksum('German') }),
    ]);
    // Blank stays blank: the field is optional.
    expect(billingSchema.parse({ ...ukBuyer, vatNumber: '' }).vatNumber).toBe('');
  });
});

describe('EORI numbers at entry', () => {
  it('takes two letters and up to 15 letters or digits; a GB or XI one is 12 digits', () => {
    expect(parseEoriNumber('de 1234567 89012345')).toEqual({ valid: true, eoriNumber: 'DE123456789012345' });
    expect(parseEoriNumber('GB123456789000')).toEqual({ valid: true, eoriNumber: 'GB123456789000' });
    expect(parseEoriNumber('GB12345')).toEqual({ valid: false, message: eoriNumberMessages.uk });
    expect(parseEoriNumber('DE1234567890123456')).toEqual({ valid: false, message: eoriNumberMessages.format });
    expect(parseEoriNumber('12345')).toEqual({ valid: false, message: eoriNumberMessages.format });
    expect(billingSchema.safeParse({ ...ukBuyer, eoriNumber: 'GB12' }).error?.issues[0]).toMatchObject({
      path: ['eoriNumber'],
      message: eoriNumberMessages.uk,
    });
  });
});

describe('the flag before invoicing', () => {
  const german = { vatNumber: 'DE136695976', billingCountry: 'DE' };
  it('an EU business buyer’s number, unchecked or invalid, flags the order; valid clears it', () => {
    expect(vatNumberFlag(german, null)).toContain('has not been confirmed');
    expect(vatNumberFlag(german, { status: 'unavailable' })).toContain('has not been confirmed');
    expect(vatNumberFlag(german, { status: 'invalid' })).toContain('is not valid');
    expect(vatNumberFlag(german, { status: 'valid' })).toBeNull();
  });
  it('a UK buyer’s GB number, and an EU customer without a VAT number, do not rest on a reverse charge', () => {
    expect(vatNumberFlag({ vatNumber: 'GB980780684', billingCountry: 'GB' }, null)).toBeNull();
    expect(vatNumberFlag({ vatNumber: null, billingCountry: 'DE' }, null)).toBeNull();
  });
  it('an order taxed per line rests on the number only when a line is reverse-charged (a German GmbH’s servicing plan)', () => {
    const goodsOnly = { ...german, treatments: ['zero_rated_export', 'zero_rated_export'] };
    const withServicing = { ...german, treatments: ['zero_rated_export', 'reverse_charge'] };
    expect(reliesOnReverseCharge(goodsOnly)).toBe(false);
    expect(vatNumberFlag(goodsOnly, null)).toBeNull();
    expect(reliesOnReverseCharge(withServicing)).toBe(true);
    expect(vatNumberFlag(withServicing, { status: 'invalid' })).toContain('is not valid');
    // An order placed before per-line VAT (no stored treatments) keeps the billing-country rule.
    expect(reliesOnReverseCharge({ ...german, treatments: [null, null] })).toBe(true);
  });
});
