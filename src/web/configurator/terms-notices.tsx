import { Link } from 'react-router';
import { DEPOSIT_PERCENT } from '../../shared/pricing/deposit';

/** The notes under the summary (storefront spec, sections 2 and 9). */
export function TermsNotices({ showVAT, vatRate }: { showVAT: boolean; vatRate: number }) {
  const link = 'font-medium text-accent-700 underline underline-offset-2 hover:text-accent-800';
  return (
    <section aria-label="Terms" className="grid gap-2 text-sm text-navy-700">
      {showVAT ? (
        <p>Prices include UK VAT at {vatRate}%.</p>
      ) : (
        <p>Local VAT/tax is due on delivery. EU prices are exclusive of local VAT.</p>
      )}
      {/* Said once, plainly: the price list's validity and what a quote locks. */}
      <p>
        Prices are valid for 30 days. These are our list prices; a quote locks today&apos;s prices for the validity
        period shown on it. Only the {DEPOSIT_PERCENT}% deposit is due when you order; the balance is due before
        dispatch.
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
