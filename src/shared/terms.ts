import { paysInFull, type OrderKind } from './orders/order-kind';
import { DEPOSIT_PERCENT } from './pricing/deposit';

/**
 * The commercial terms a buyer relies on, said one way on every surface: the terms page, the
 * configurator, the quote page and PDF, the order flow and its confirmation page, the e-mails, the
 * order acknowledgement, the written confirmation and the invoices all take their sentences from
 * here. The numbers come from the system settings (`termsValuesOf`, src/server/terms/terms-service.ts) and
 * the named place from the business profile.
 *
 * Kept free of zod and of other imports but the deposit and the order kinds: storefront pages read it.
 */
export interface TermsValues {
  /** Auto Quote Expiry, in days (docs/decisions/0001-quote-validity.md). */
  quoteValidityDays: number;
  depositPercent: number;
  /** Days the deposit invoice gives for payment, from the written confirmation. */
  depositDueDays: number;
  /** The Default Product Warranty setting, in months (without a servicing plan). */
  standardWarrantyMonths: number;
  /** The business profile's named place of delivery. */
  deliveryPlace: string;
}

/**
 * The terms' administration fee for a cancellation before manufacture: the deposit is refunded less
 * this share of it (terms §8). The terms page, the confirmation PDF and the admin's cancellation
 * credit note all read this one value.
 */
export const CANCELLATION_FEE_PERCENT = 5;

/** Days the buyer has to inspect the goods and report damage, shortage or a visible defect (terms §10). */
export const INSPECTION_DAYS = 7;

/**
 * Days after a batch's estimated ship date within which the goods arrive (dispatch, transit and, abroad,
 * customs): the confirmation's estimated delivery window (issue 38). The catalogue holds no transit times.
 */
export const DELIVERY_WINDOW_DAYS = 14;

/** Days an invoice gives for payment (the deposit's on confirmation, the balance's before dispatch). */
export const PAYMENT_DAYS = 14;

export const defaultTermsValues: TermsValues = {
  quoteValidityDays: 7,
  depositPercent: DEPOSIT_PERCENT,
  depositDueDays: PAYMENT_DAYS,
  standardWarrantyMonths: 12,
  deliveryPlace: 'the delivery address on the order confirmation',
};

/** "12 months", "3 years". */
export const periodText = (months: number) =>
  months % 12 === 0 && months >= 24 ? `${months / 12} years` : months === 12 ? '12 months' : `${months} months`;

/** The warranty an order or quote carries: the servicing plan's length when it is longer than the standard warranty. */
export const warrantyMonths = (values: Pick<TermsValues, 'standardWarrantyMonths'>, planYears: number | null) =>
  Math.max(values.standardWarrantyMonths, (planYears ?? 0) * 12);

/** The deposit sentence, on its own so a page can take it without the rest of the terms (the home page's FAQ). */
export const depositSentence = (values: Pick<TermsValues, 'depositPercent' | 'depositDueDays'>) =>
  `A ${values.depositPercent}% deposit is invoiced on our written confirmation, payable within ${values.depositDueDays} days.`;

export const balanceSentence = 'The balance is invoiced when the instrument is ready and is due before dispatch.';

export const terms = {
  validity: (values: Pick<TermsValues, 'quoteValidityDays'>) =>
    `A quote's prices hold for ${values.quoteValidityDays} days from its date.`,
  /** When the contract forms (terms §3): the order flow and confirmation page say it too. */
  binding:
    'Your order is received when you place it. It binds you and us once we confirm it in writing (the order confirmation).',
  deposit: depositSentence,
  balance: balanceSentence,
  /** Terms §10, on the delivery note that goes in the box. */
  inspection: `Please inspect the goods within ${INSPECTION_DAYS} days of delivery and tell us in writing of any damage in transit, shortage or visible defect within that time, with photographs where possible (terms of sale, §10).`,
  currency: (currency: string) =>
    `You pay in the currency of the invoice (${currency}), by bank transfer into our ${currency} account shown on it.`,
  cancellation: `Cancellation of a confirmed order: before manufacture starts, the deposit is refunded less an administration fee of ${CANCELLATION_FEE_PERCENT}% of the deposit; once manufacture has started, the deposit is forfeited; after the balance invoice, the full total is payable.`,
  warranty: (months: number, planName: string | null) =>
    planName
      ? `Warranty: ${periodText(months)} from delivery, following the ${planName} plan.`
      : `Warranty: ${periodText(months)} from delivery (a servicing plan extends it to the plan's length).`,
  /** Issue 37: what is checked with VIES or HMRC, and why (the terms' prices and taxes; the privacy policy says who receives it). */
  vatNumberCheck:
    'If you give us a VAT number, we check its format when you enter it and, after you order, confirm it with the registry that issued it: the European Commission’s VIES for an EU or Northern Ireland (XI) number, HMRC’s “Check a UK VAT number” service for a GB number. The VAT we charge on services to a business in the EU depends on a valid number, so we keep the registry’s answer (valid or not, the registered name and address, the date and any consultation number) with your order as our evidence. Until the number is confirmed we may hold your invoice or charge UK VAT.',
  /**
   * Said up front for a delivery outside the UK (issue 37): on the configurator and the quote page and
   * PDF, beside a link to the terms. Null for the UK.
   */
  importVat: (country: string | null | undefined) =>
    country && country !== 'GB' ? 'Delivered DAP. Import VAT, and any duty, are payable by you on import.' : null,
  delivery: (country: string | null | undefined, values: Pick<TermsValues, 'deliveryPlace'>) =>
    country === 'GB'
      ? `Delivery: DDP (delivered duty paid, Incoterms 2020) to ${values.deliveryPlace}, United Kingdom.`
      : `Delivery: DAP (delivered at place, Incoterms 2020) to ${values.deliveryPlace}; import duties and local VAT are paid by the buyer.`,
} as const;

/** Working days a repair takes once the quote is accepted and the instrument is in (issue 41; no production batch). */
export const REPAIR_LEAD_TIME_WORKING_DAYS = 10;

/**
 * Issue 41: the second set of terms, for a repair quote (an instrument in for service): no deposit,
 * no production batch, nothing "before manufacture". The repair quote's page and PDF take these,
 * never the sale's deposit, balance, batch or cancellation sentences.
 */
export const repairTerms = {
  validity: (values: Pick<TermsValues, 'quoteValidityDays'>) =>
    `A repair quote's price holds for ${values.quoteValidityDays} days from its date.`,
  payment: 'Payment: in full when you accept the quote. There is no deposit and no production batch.',
  leadTime: `Repair lead time: ${REPAIR_LEAD_TIME_WORKING_DAYS} working days from your acceptance, once we have the instrument and its signed decontamination declaration.`,
  currency: terms.currency,
  scope:
    'The repair covers the work and parts named on the quote. If we find more is needed, we quote it before doing it.',
  /** Cancellation keeps no fee (REPAIR_CANCELLATION_FEE_PERCENT): the ledger, the credit note and the e-mail follow it. */
  cancellation: 'Cancellation: a repair order cancelled before the repair starts is refunded in full, with no fee.',
} as const;

/** The repair terms' cancellation fee (repairTerms.cancellation): none. */
export const REPAIR_CANCELLATION_FEE_PERCENT = 0;

/**
 * The cancellation fee an order's terms keep, as a percent of its first invoice: the sale's
 * CANCELLATION_FEE_PERCENT of the deposit (terms §8), none for a repair (repairTerms.cancellation). The
 * ledger's cancellation figures, the credit note and the admin's credit dialog all read this.
 */
export const cancellationFeePercent = (order: { kind?: OrderKind | null | undefined }) =>
  paysInFull(order) ? REPAIR_CANCELLATION_FEE_PERCENT : CANCELLATION_FEE_PERCENT;

/** The repair terms as lines, in order (the repair quote's PDF and page). */
export const repairTermsLines = (values: Pick<TermsValues, 'quoteValidityDays'>, currency: string) => [
  repairTerms.validity(values),
  repairTerms.payment,
  repairTerms.leadTime,
  repairTerms.currency(currency),
  repairTerms.scope,
  repairTerms.cancellation,
];
