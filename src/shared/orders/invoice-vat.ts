import { roundHalfUp } from '../money';

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
