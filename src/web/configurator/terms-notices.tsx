import { Link } from 'react-router';
import { DEPOSIT_PERCENT } from '../../shared/pricing/deposit';
import { PAYMENT_DAYS, terms } from '../../shared/terms';
import type { Pricing } from '../../shared/pricing';
import { usePublicSettings } from '../lib/get-public-settings';
import { VatNotes } from '../ui/vat-summary';

/**
 * The notes under the summary (storefront spec, sections 2 and 9). Outside the UK (issue 37): why the
 * goods carry no UK VAT, that servicing does unless an EU business gives its VAT number at checkout,
 * and that import VAT and duty are the buyer's under DAP, with the terms' link.
 */
export function TermsNotices({
  country,
  pricing,
  vatRate,
}: {
  country: string;
  pricing: Pricing | null;
  vatRate: number;
}) {
  const link = 'font-medium text-accent-700 underline underline-offset-2 hover:text-accent-800';
  const { autoQuoteExpiry } = usePublicSettings();
  return (
    <section aria-label="Terms" className="grid gap-2 text-sm text-navy-700">
      {country === 'GB' ? (
        <p>Prices include UK VAT at {vatRate}%.</p>
      ) : (
        <>
          {pricing && pricing.items.servicing.vat > 0 ? (
            <p>
              Servicing includes UK VAT at {vatRate}%. A business established in the EU that gives its VAT number when
              ordering pays no UK VAT on it (reverse charge).
            </p>
          ) : null}
          <VatNotes
            summary={pricing?.totals.vatSummary ?? null}
            currency={pricing?.currency ?? 'EUR'}
            deliveryCountry={country}
          />
        </>
      )}
      {/* Said once, as the terms say it (src/shared/terms.ts): what a quote holds, when the deposit and balance are due. */}
      <p data-testid="terms-note">
        A quote holds today&apos;s prices for {autoQuoteExpiry} days from its date.{' '}
        {terms.deposit({ depositPercent: DEPOSIT_PERCENT, depositDueDays: PAYMENT_DAYS })} {terms.balance}
      </p>
      <p>
        See our{' '}
        <Link to="/terms-of-sale" target="_blank" rel="noopener" className={link}>
          Terms of Sale
          <span className="sr-only"> (opens in a new tab)</span>
        </Link>{' '}
        and{' '}
        <Link to="/privacy-policy" target="_blank" rel="noopener" className={link}>
          Privacy Policy
          <span className="sr-only"> (opens in a new tab)</span>
        </Link>
        .
      </p>
    </section>
  );
}
