import { cleanLine } from '../clean-text';
import { findCountry } from '../countries';
import type { DisplayLine } from '../documents/display-lines';
import type { OrderAddress } from './order-schema';

/** One priced line of an order as every order screen, e-mail and document shows it: the quote's display line. */
export type OrderLine = DisplayLine;

const includedTypes = new Set(['power_adaptor', 'syringe_holder']);
const lineOrder = [
  'base_configuration',
  'power_adaptor',
  'syringe_holder',
  'adaptor',
  'servicing',
  'accessory',
  'shipping',
];

/** Every priced line of an order, in the quote's order, with the quote's free labels. */
export function orderLines(
  items: {
    id?: string;
    itemType: string;
    itemId: string;
    itemName: string;
    quantity: number;
    unitPrice: number;
    totalPrice: number;
  }[],
): OrderLine[] {
  const rank = (type: string) => {
    const index = lineOrder.indexOf(type);
    return index === -1 ? lineOrder.length : index;
  };
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => rank(a.item.itemType) - rank(b.item.itemType) || a.index - b.index)
    .map(({ item }) => ({
      key: `${item.itemType}:${item.itemId}`,
      name: item.itemName,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      total: item.totalPrice,
      freeLabel: item.totalPrice !== 0 ? null : includedTypes.has(item.itemType) ? 'Included' : 'Free',
    }));
}

/** The VAT line's label, naming the rate ("VAT (20%)"), or "VAT" when the rate is not known. */
export function vatLabel(vatRate: number | null): string {
  return vatRate === null ? 'VAT' : `VAT (${Number.isInteger(vatRate) ? vatRate : vatRate.toFixed(2)}%)`;
}

/**
 * An address as lines of text (name, company, street, town and postcode, country). Each part is
 * one line whatever was stored, so a line break in a field cannot add lines to a document or e-mail.
 */
export function addressLines(address: OrderAddress | null): string[] {
  if (!address) return [];
  const town = [address.city, address.state].filter((part) => part && part.trim() !== '').join(', ');
  return [
    address.name ?? '',
    address.company ?? '',
    address.street,
    [town, address.postal_code].filter((part) => part.trim() !== '').join(' '),
    findCountry(address.country)?.name ?? address.country,
  ]
    .map(cleanLine)
    .filter((line) => line !== '');
}

/** Whether the delivery address is the billing address (compared field by field). */
export function sameAddress(a: OrderAddress | null, b: OrderAddress | null): boolean {
  return JSON.stringify(addressLines(a)) === JSON.stringify(addressLines(b));
}
