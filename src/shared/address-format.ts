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
