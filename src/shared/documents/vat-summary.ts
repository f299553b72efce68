import { formatMoney } from '../money';
import type { SupplyKind, VatGroup, VatTreatment } from '../tax/line-vat';
import { vatSummary, vatWording } from '../tax/line-vat';
import type { DocumentTotal } from './document-model';

const percent = (rate: number) => (Number.isInteger(rate) ? String(rate) : rate.toFixed(2));

/** One VAT line of a document: the parts of one treatment and rate, whatever they sell. */
export interface ShownPart {
  treatment: VatTreatment;
  rate: number;
  supplies: SupplyKind[];
  net: number;
  vat: number;
}

/** A VAT summary's parts as a document shows them, one per treatment and rate (English or the buyer's language). */
export function vatPartsByTreatment(groups: readonly VatGroup[]): ShownPart[] {
  const parts = new Map<string, ShownPart>();
  for (const group of groups) {
    const key = `${group.treatment}:${group.rate}`;
    const part = parts.get(key) ?? { treatment: group.treatment, rate: group.rate, supplies: [], net: 0, vat: 0 };
    if (!part.supplies.includes(group.supply)) part.supplies.push(group.supply);
    part.net += group.net;
    part.vat += group.vat;
    parts.set(key, part);
  }
  return [...parts.values()];
}

const whatIsSold = (supplies: readonly SupplyKind[]) =>
  supplies.length > 1 ? 'goods and services' : supplies[0] === 'services' ? 'services' : 'goods';

/**
 * A document's VAT summary (issue 37): a VAT line per treatment and rate, naming what it covers, its
 * net and rate ("VAT 20% on services (net £1,083.75)"), the total VAT when there are several, and for
 * every 0% part a note with its rule's wording ("Goods (net €3,450.00): Zero-rated export of goods
 * (VAT Notice 703)").
 */
export function vatSummaryParts(
  groups: readonly VatGroup[],
  currency: string,
): { totals: DocumentTotal[]; notes: string[] } {
  const money = (minor: number) => formatMoney(minor, currency, { decimals: 2 });
  const parts = vatPartsByTreatment(groups);
  const totals: DocumentTotal[] = parts.map((part) => ({
    label: `VAT ${percent(part.rate)}% on ${whatIsSold(part.supplies)} (net ${money(part.net)})`,
    amount: part.vat,
  }));
  if (parts.length > 1) totals.push({ label: 'Total VAT', amount: parts.reduce((sum, part) => sum + part.vat, 0) });
  const notes = parts.flatMap((part) => {
    if (part.treatment === 'standard') return [];
    const what = whatIsSold(part.supplies);
    return [`${what[0]?.toUpperCase()}${what.slice(1)} (net ${money(part.net)}): ${vatWording[part.treatment]}`];
  });
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
