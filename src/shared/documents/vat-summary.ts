import { formatMoney } from '../money';
import type { SupplyKind, VatGroup, VatTreatment } from '../tax/line-vat';
import { vatSummary, vatWording } from '../tax/line-vat';
import type { DocumentTotal } from './document-model';

const percent = (rate: number) => (Number.isInteger(rate) ? String(rate) : rate.toFixed(2));
const supplyName = (supply: SupplyKind) => (supply === 'goods' ? 'goods' : 'services');

/**
 * A document's VAT summary (issue 37): a VAT line per part, naming the supply, its net and rate
 * ("VAT 20% on services (net £1,083.75)") and the total VAT when there are several, and for every 0% part a note with its rule's wording
 * ("Goods (net €3,450.00): Zero-rated export of goods (VAT Notice 703)").
 */
export function vatSummaryParts(
  groups: readonly VatGroup[],
  currency: string,
): { totals: DocumentTotal[]; notes: string[] } {
  const money = (minor: number) => formatMoney(minor, currency, { decimals: 2 });
  const totals: DocumentTotal[] = groups.map((group) => ({
    label: `VAT ${percent(group.rate)}% on ${supplyName(group.supply)} (net ${money(group.net)})`,
    amount: group.vat,
  }));
  if (groups.length > 1) totals.push({ label: 'Total VAT', amount: groups.reduce((sum, group) => sum + group.vat, 0) });
  const notes = groups
    .filter((group): group is VatGroup & { treatment: Exclude<VatTreatment, 'standard'> } => group.treatment !== 'standard')
    .map(
      (group) =>
        `${group.supply === 'goods' ? 'Goods' : 'Services'} (net ${money(group.net)}): ${vatWording[group.treatment]}`,
    );
  return { totals, notes };
}

/** An order item as its documents read it: its VAT fields are null on orders placed before issue 37. */
export interface VatItem {
  totalPrice: number;
  supply?: SupplyKind | null | undefined;
  vatTreatment?: VatTreatment | null | undefined;
  vatRate?: number | null | undefined;
  vatAmount?: number | null | undefined;
}

/** The order's VAT by part from its items, or null for an order placed before lines had VAT (its one rate holds). */
export function orderVatSummary(items: readonly VatItem[]): VatGroup[] | null {
  const lines = [];
  for (const item of items) {
    if (!item.supply || !item.vatTreatment || item.vatRate == null || item.vatAmount == null) return null;
    lines.push({
      supply: item.supply,
      vatTreatment: item.vatTreatment,
      vatRate: item.vatRate,
      total: item.totalPrice,
      vat: item.vatAmount,
    });
  }
  return lines.length > 0 ? vatSummary(lines) : null;
}
