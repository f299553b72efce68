/**
 * A VAT number's format, checked at entry (issue 37). Provisional: a country prefix (an EU member
 * state's, EL for Greece, XI for Northern Ireland or GB) and 2 to 13 letters or digits after it. The
 * real version (each country's length and check digits) replaces this file with the same signature.
 */
export type ParsedVatNumber = { valid: true; countryCode: string; number: string } | { valid: false; message: string };

const prefixes = new Set(
  'AT BE BG HR CY CZ DK EE FI FR DE EL HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE XI GB'.split(' '),
);

export function parseVatNumber(raw: string): ParsedVatNumber {
  const compact = raw.replace(/[\s.-]/g, '').toUpperCase();
  const countryCode = compact.slice(0, 2);
  const number = compact.slice(2);
  if (!prefixes.has(countryCode))
    return { valid: false, message: 'A VAT number starts with its country code, e.g. DE123456789' };
  if (!/^[0-9A-Z]{2,13}$/.test(number) || !/\d/.test(number))
    return { valid: false, message: `This is not a valid ${countryCode} VAT number` };
  return { valid: true, countryCode, number };
}
