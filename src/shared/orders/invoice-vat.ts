import { roundHalfUp } from '../money';
import type { VatGroup } from '../tax/line-vat';

/** What the VAT split reads of an order (minor units); an order without stored VAT has none. */
export interface VatSplitOrder {
  totalAmount: number;
  depositAmount: number;
  vatAmount: number | null;
}

/** The deposit invoice's VAT: the deposit's share of the order's VAT, rounded half-up. */
export const depositInvoiceVat = (order: VatSplitOrder) =>
  order.vatAmount && order.totalAmount > 0
    ? roundHalfUp((order.depositAmount * order.vatAmount) / order.totalAmount)
    : 0;

/**
 * The balance invoice's VAT: what the order's VAT leaves after the deposit invoice's, so the two
 * always sum to the order's VAT exactly (the balance invoice takes the rounding).
 */
export const balanceInvoiceVat = (order: VatSplitOrder, depositVat = depositInvoiceVat(order)) =>
  (order.vatAmount ?? 0) - depositVat;

/**
 * A credit note's VAT for `amount` (positive) of an invoice: the invoice's VAT share of it, or for
 * the invoice's last remainder exactly the VAT not yet credited (so its credit notes sum to the invoice).
 */
export function creditVat(
  invoice: { amount: number; vatAmount: number },
  already: { amount: number; vatAmount: number },
  amount: number,
): number {
  if (already.amount + amount >= invoice.amount) return invoice.vatAmount - already.vatAmount;
  return invoice.amount > 0 ? roundHalfUp((amount * invoice.vatAmount) / invoice.amount) : 0;
}

/**
 * An invoice's or credit note's VAT summary from its order's (issue 37): its `amount` (gross, negative
 * for a credit note) shared over the order's parts in proportion to each part's gross, and its
 * `vatAmount` over the standard-rated parts in proportion to their VAT, each rounded half-up and the
 * last part taking what rounding leaves. So the parts' VAT sums to the invoice's VAT and their net to
 * its net exactly, and a zero-rated or reverse-charged part never carries VAT.
 */
export function invoiceVatSummary(orderSummary: readonly VatGroup[], amount: number, vatAmount: number): VatGroup[] {
  const orderGross = orderSummary.reduce((sum, group) => sum + group.net + group.vat, 0);
  const orderVat = orderSummary.reduce((sum, group) => sum + group.vat, 0);
  const share = (part: number, whole: number, of: number) => (whole === 0 ? 0 : roundHalfUp((of * part) / whole));
  let grossLeft = amount;
  let vatLeft = vatAmount;
  const lastTaxed = orderSummary.findLastIndex((group) => group.vat !== 0);
  return orderSummary.map((group, index) => {
    const gross = index === orderSummary.length - 1 ? grossLeft : share(group.net + group.vat, orderGross, amount);
    const vat = group.vat === 0 ? 0 : index === lastTaxed ? vatLeft : share(group.vat, orderVat, vatAmount);
    grossLeft -= gross;
    vatLeft -= vat;
    return { ...group, net: gross - vat, vat };
  });
}
