import { defaultTermsValues, REPAIR_LEAD_TIME_WORKING_DAYS, type TermsValues } from '../../shared/terms';
import type { PageText } from './use-t';

/**
 * The terms' sentences (src/shared/terms.ts `terms`, `repairTerms`) in the page's language (issue 53):
 * the quote page's "What's Next?", the order flow and the order confirmation say them as the documents
 * do (document-language.ts `localTerms`), a summary for reading. English is terms.ts word for word
 * (terms-text.test.ts holds them equal); the binding text of the terms of sale stays English, which
 * `bindingNote` says in German and French.
 */
export function termsIn({ t, language }: PageText) {
  const place = (deliveryPlace: string) =>
    deliveryPlace === defaultTermsValues.deliveryPlace
      ? t('terms.deliveryPlace.default', 'the delivery address on the order confirmation')
      : deliveryPlace;
  return {
    binding: t(
      'terms.binding',
      'Your order is received when you place it. It binds you and us once we confirm it in writing (the order confirmation).',
    ),
    deposit: (values: Pick<TermsValues, 'depositPercent' | 'depositDueDays'>) =>
      t('terms.deposit', 'A {percent}% deposit is invoiced on our written confirmation, payable within {days} days.', {
        percent: values.depositPercent,
        days: values.depositDueDays,
      }),
    balance: t('terms.balance', 'The balance is invoiced when the instrument is ready and is due before dispatch.'),
    currency: (currency: string) =>
      t(
        'terms.currency',
        'You pay in the currency of the invoice ({currency}), by bank transfer into our {currency} account shown on it.',
        { currency },
      ),
    delivery: (country: string | null | undefined, values: Pick<TermsValues, 'deliveryPlace'>) =>
      country === 'GB'
        ? t('terms.delivery.uk', 'Delivery: DDP (delivered duty paid, Incoterms 2020) to {place}, United Kingdom.', {
            place: place(values.deliveryPlace),
          })
        : t(
            'terms.delivery.abroad',
            'Delivery: DAP (delivered at place, Incoterms 2020) to {place}; import duties and local VAT are paid by the buyer.',
            { place: place(values.deliveryPlace) },
          ),
    /** "Warranty: 3 years from delivery, following the 3-year servicing plan." (terms.ts `warranty`). */
    warranty: (months: number, planName: string | null) => {
      const period =
        months % 12 === 0 && months >= 24
          ? t('terms.period.years', '{n, plural, one {# year} other {# years}}', { n: months / 12 })
          : t('terms.period.months', '{n, plural, one {# month} other {# months}}', { n: months });
      return planName
        ? t('terms.warranty.plan', 'Warranty: {period} from delivery, following the {plan} plan.', {
            period,
            plan: planName,
          })
        : t(
            'terms.warranty.standard',
            "Warranty: {period} from delivery (a servicing plan extends it to the plan's length).",
            { period },
          );
    },
    repairPayment: t(
      'terms.repair.payment',
      'Payment: in full when you accept the quote. There is no deposit and no production batch.',
    ),
    repairLeadTime: t(
      'terms.repair.leadTime',
      'Repair lead time: {days} working days from your acceptance, once we have the instrument and its signed decontamination declaration.',
      { days: REPAIR_LEAD_TIME_WORKING_DAYS },
    ),
    repairScope: t(
      'terms.repair.scope',
      'The repair covers the work and parts named on the quote. If we find more is needed, we quote it before doing it.',
    ),
    repairCancellation: t(
      'terms.repair.cancellation',
      'Cancellation: a repair order cancelled before the repair starts is refunded in full, with no fee.',
    ),
    /** German and French only: the summary is for reading; the English terms of sale bind (null in English). */
    bindingNote:
      language === 'en'
        ? null
        : t('terms.englishBinds', 'Our terms of sale apply; only their English text is binding.'),
  };
}
