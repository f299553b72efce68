import { formatAddressLines } from '../address-format';
import type { DisplayLine } from '../documents/display-lines';
import type { OrderAddress } from './order-schema';
import { type LineNames, nameIn } from '../catalogue/option-translations';
import type { Language } from '../i18n/languages';

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
    /** Issue 53: the line's German and French names as ordered. */
    itemNames?: LineNames | null;
    quantity: number;
    unitPrice: number;
    totalPrice: number;
  }[],
  language: Language = 'en',
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
      name: nameIn(language, item.itemName, item.itemNames ?? undefined),
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

/** An order's address as lines in its country's order (`formatAddressLines`). */
export function addressLines(address: OrderAddress | null): string[] {
  if (!address) return [];
  return formatAddressLines({ ...address, postalCode: address.postal_code });
}

/** Whether the delivery address is the billing address (compared field by field). */
export function sameAddress(a: OrderAddress | null, b: OrderAddress | null): boolean {
  return JSON.stringify(addressLines(a)) === JSON.stringify(addressLines(b));
}
