import { Link } from 'react-router';
import { DEPOSIT_PERCENT } from '../../shared/pricing/deposit';
import { PAYMENT_DAYS, terms } from '../../shared/terms';
import { usePublicSettings } from '../lib/get-public-settings';

/** The notes under the summary (storefront spec, sections 2 and 9). */
export function TermsNotices({ showVAT, vatRate }: { showVAT: boolean; vatRate: number }) {
  const link = 'font-medium text-accent-700 underline underline-offset-2 hover:text-accent-800';
  const { autoQuoteExpiry } = usePublicSettings();
  return (
    <section aria-label="Terms" className="grid gap-2 text-sm text-navy-700">
      {showVAT ? (
        <p>Prices include UK VAT at {vatRate}%.</p>
      ) : (
        <p>Local VAT/tax is due on delivery. EU prices are exclusive of local VAT.</p>
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
