import type { PricingItems } from '../pricing/types';
import { nameIn } from '../catalogue/option-translations';
import type { Language } from '../i18n/languages';

export interface DisplayLine {
  key: string;
  name: string;
  quantity: number;
  unitPrice: number;
  total: number;
  /** 'Included' or 'Free' for a line that costs nothing; null when it has a price. */
  freeLabel: 'Included' | 'Free' | null;
}

/**
 * The priced lines a quote or order document shows (section 9): free power adaptors and syringe
 * holders read 'Included', free adaptors and accessories 'Free'; servicing and shipping appear
 * only when they cost more than 0. Each line is named in `language` when the catalogue had that name.
 */
export function displayLines(pricing: { items: PricingItems }, language: Language = 'en'): DisplayLine[] {
  const { items } = pricing;
  const line = (
    group: string,
    item: PricingItems['baseConfiguration'],
    freeLabel: DisplayLine['freeLabel'],
  ): DisplayLine => ({
    key: `${group}:${item.id}`,
    // Issue 53: the name staff gave it in the language, frozen on the line; the English without one.
    name: nameIn(language, item.name, item.names),
    quantity: item.quantity,
    unitPrice: item.unitPrice,
    total: item.total,
    freeLabel: item.total === 0 ? freeLabel : null,
  });
  const lines: DisplayLine[] = [line('base', items.baseConfiguration, null)];
  // A service quote (a servicing renewal or a repair) has no power adaptor: its line has quantity 0.
  if (items.powerAdaptor.quantity > 0) lines.push(line('power', items.powerAdaptor, 'Included'));
  for (const item of items.syringeHolders) lines.push(line('holder', item, 'Included'));
  for (const item of items.adaptors) lines.push(line('adaptor', item, 'Free'));
  if (items.servicing.total > 0) lines.push(line('servicing', items.servicing, null));
  for (const item of items.accessories) lines.push(line('accessory', item, 'Free'));
  if (items.shipping.total > 0) lines.push(line('shipping', items.shipping, null));
  return lines;
}
