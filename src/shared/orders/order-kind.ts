/**
 * What an order is for, from the quote it was made from (decision 0062): an instrument (the sale's
 * terms: deposit, balance before dispatch, production batch), a servicing renewal, or a repair of an
 * instrument in for service. Kept free of other imports: storefront pages read it.
 */
export const orderKinds = ['instrument', 'servicing_renewal', 'repair'] as const;
export type OrderKind = (typeof orderKinds)[number];

/**
 * A repair is paid in full on acceptance (terms.ts `repairTerms.payment`): its one invoice asks for the
 * whole total, there is no balance invoice, no batch and no place hold. Every other order keeps the
 * sale's deposit and balance.
 */
export const paysInFull = (order: { kind?: OrderKind | null | undefined }) => order.kind === 'repair';

/** The order's first invoice: the whole total for a repair, else the priced deposit (terms' deposit percent). */
export const firstInvoiceShare = (kind: OrderKind, totals: { total: number; deposit: number }) =>
  paysInFull({ kind }) ? totals.total : totals.deposit;

/** The label of a first invoice (kind 'deposit' in the ledger) on its PDF and e-mail. */
export const fullPaymentLabel = 'Payment in full';
