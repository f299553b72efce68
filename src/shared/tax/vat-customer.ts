import type { VatCustomer } from './line-vat';
import { parseVatNumber } from './vat-number';

/** The buyer for VAT from their billing country and the VAT number they typed (none, or one that does not parse: no prefix). */
export function vatCustomer(country: string, vatNumber: string | null | undefined): VatCustomer {
  const parsed = vatNumber?.trim() ? parseVatNumber(vatNumber) : null;
  return { country, vatNumberCountry: parsed?.valid ? parsed.countryCode : null };
}
