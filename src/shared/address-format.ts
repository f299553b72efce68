import { cleanLine } from './clean-text';
import { findCountry } from './countries';

/** An address's parts, whatever the surface stores them as. */
export interface AddressParts {
  name?: string | null | undefined;
  company?: string | null | undefined;
  street: string;
  city: string;
  state?: string | null | undefined;
  postalCode: string;
  country: string;
}

/** Countries with UK postcodes (Royal Mail's format): Great Britain and Northern Ireland, and the Crown Dependencies. */
const UK_POSTCODE_COUNTRIES = new Set(['GB', 'JE', 'GG', 'IM']);

// Outward code (area, district, optional sub-district letter or digit) and inward code (digit, two letters).
const UK_POSTCODE = /^([A-Z]{1,2}[0-9][A-Z0-9]?)([0-9][A-Z]{2})$/;

/**
 * A UK postcode as Royal Mail writes it: upper case, one space before the inward code ("cb3 0tx" →
 * "CB3 0TX", "sw1y4jh" → "SW1Y 4JH", "GIR0AA" → "GIR 0AA"). Text that is not a UK postcode is
 * kept as typed, so an unusual entry ("BFPO 123") is not mangled.
 */
export function normaliseUkPostcode(value: string): string {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  if (compact === 'GIR0AA') return 'GIR 0AA';
  const match = UK_POSTCODE.exec(compact);
  return match ? `${match[1]} ${match[2]}` : value;
}

/** A postcode as stored: normalised for a country with UK postcodes (by its ISO code), else as given. */
export const normalisePostcode = (postcode: string, countryCode: string): string =>
  UK_POSTCODE_COUNTRIES.has(countryCode.trim().toUpperCase()) ? normaliseUkPostcode(postcode) : postcode;

/**
 * Countries that write the town before the postcode, on a line of its own: the UK ("LONDON",
 * then "SW1Y 4JH"). Every other country the shop sells to (the EU list, Iceland, Liechtenstein,
 * Norway) writes the postcode first, on the town's line: "80331 München".
 */
const POSTCODE_AFTER_TOWN = new Set(['GB']);

/**
 * An address as lines in the country's order (one function for pages, PDFs and e-mails): name,
 * company, street, then "town, county" and the postcode for GB, or "postcode town" (and the region
 * on its own line) elsewhere, then the country. Each part is one line whatever was stored, so a line
 * break in a field cannot add lines to a document or e-mail; empty parts are left out.
 */
export function formatAddressLines(address: AddressParts): string[] {
  const state = address.state ?? '';
  const townLines = POSTCODE_AFTER_TOWN.has(address.country)
    ? [[address.city, state].filter((part) => part.trim() !== '').join(', '), address.postalCode]
    : [[address.postalCode, address.city].filter((part) => part.trim() !== '').join(' '), state];
  return [
    address.name ?? '',
    address.company ?? '',
    address.street,
    ...townLines,
    findCountry(address.country)?.name ?? address.country,
  ]
    .map(cleanLine)
    .filter((line) => line !== '');
}
