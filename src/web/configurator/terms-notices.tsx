import { Link } from 'react-router';
import { DEPOSIT_PERCENT } from '../../shared/pricing/deposit';
import { PAYMENT_DAYS } from '../../shared/terms';
import { termsIn } from '../i18n/terms-text';
import type { Pricing } from '../../shared/pricing';
import { usePublicSettings } from '../lib/get-public-settings';
import { VatNotes } from '../ui/vat-summary';
import { useT } from '../i18n/use-t';

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
  const text = useT();
  const { t } = text;
  const said = termsIn(text);
  const newTab = <span className="sr-only"> {t('common.opensInNewTab', '(opens in a new tab)')}</span>;
  return (
    <section aria-label={t('terms.label', 'Terms')} className="grid gap-2 text-sm text-navy-700">
      {country === 'GB' ? (
        <p>{t('terms.ukVat', 'Prices include UK VAT at {rate}%.', { rate: vatRate })}</p>
      ) : (
        <>
          {pricing && pricing.items.servicing.vat > 0 ? (
            <p>
              {t(
                'terms.servicingVat',
                'Servicing includes UK VAT at {rate}%. A business established in the EU that gives its VAT number when ordering pays no UK VAT on it (reverse charge).',
                { rate: vatRate },
              )}
            </p>
          ) : null}
          <VatNotes
            summary={pricing?.totals.vatSummary ?? null}
            currency={pricing?.currency ?? 'EUR'}
            deliveryCountry={country}
          />
        </>
      )}
      {/* Said once, as the terms say it (src/shared/terms.ts, in the page's language: i18n/terms-text.ts): what a
          quote holds, when the deposit and balance are due. */}
      <p data-testid="terms-note">
        {t('terms.quoteHolds', "A quote holds today's prices for {days} days from its date.", {
          days: autoQuoteExpiry,
        })}{' '}
        {said.deposit({ depositPercent: DEPOSIT_PERCENT, depositDueDays: PAYMENT_DAYS })} {said.balance}
      </p>
      <p>
        {t('terms.seeOur', 'See our')}{' '}
        <Link to="/terms-of-sale" target="_blank" rel="noopener" className={link}>
          {t('terms.termsOfSale', 'Terms of Sale')}
          {newTab}
        </Link>{' '}
        {t('terms.and', 'and')}{' '}
        <Link to="/privacy-policy" target="_blank" rel="noopener" className={link}>
          {t('terms.privacyPolicy', 'Privacy Policy')}
          {newTab}
        </Link>
        .
      </p>
    </section>
  );
}
