import { FileText } from 'lucide-react';
import { Link } from 'react-router';
import type { AccountQuote } from '../../shared/accounts/account-quotes';
import { Button } from '../ui/button';
import { AccountListTab } from './account-list-tab';
import { useAccountQuotes } from './account-quotes';
import { useT } from '../i18n/use-t';

/** A quote is ordered once: an order made from it (Order Now) makes it read "Ordered", never "Valid". */
const isOrdered = (quote: AccountQuote) => quote.status === 'accepted' || quote.order !== null;

function QuoteStatus({ quote }: { quote: AccountQuote }) {
  const ordered = isOrdered(quote);
  const expired = !ordered && quote.status === 'expired';
  const { t } = useT();
  return (
    <span
      className={
        expired
          ? 'rounded bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800'
          : ordered
            ? 'rounded bg-green-50 px-2 py-0.5 text-xs font-medium text-green-900'
            : 'rounded bg-accent-50 px-2 py-0.5 text-xs font-medium text-accent-900'
      }
    >
      {expired
        ? t('account.quoteExpired', 'Expired')
        : ordered
          ? t('quote.ordered', 'Ordered')
          : t('account.quoteValid', 'Valid')}
    </span>
  );
}

/** My Account's Quotes tab: each quote with its number, date, total, validity and status, linking to /quote/{reference}. */
export function QuotesTab() {
  const quotes = useAccountQuotes(true);
  const text = useT();
  const { t } = text;
  return (
    <AccountListTab
      query={quotes}
      items={quotes.data?.quotes}
      noun="quotes"
      heading={t('account.myQuotes', 'My Quotes')}
      emptyIcon={FileText}
      emptyText={t('account.noQuotesText', 'Quotes you generate while signed in appear here.')}
      renderItem={(quote) => (
        <>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <p className="font-semibold text-navy-900">
                {t('quote.heading', 'Quote {number}', { number: quote.quoteNumber })}
              </p>
              <p className="text-sm text-navy-600">
                {t('account.createdOn', 'Created on {date}', { date: text.date(quote.createdAt) })}
              </p>
            </div>
            <QuoteStatus quote={quote} />
          </div>
          <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-navy-600">{t('totals.total', 'Total')}</dt>
              <dd className="font-medium tabular-nums text-navy-900">
                {quote.totalAmount === null
                  ? t('account.notPriced', 'Not priced')
                  : text.money(quote.totalAmount, quote.currency, { decimals: 2 })}
              </dd>
            </div>
            {quote.order ? (
              <div>
                <dt className="text-navy-600">{t('account.orderedAs', 'Ordered as')}</dt>
                <dd className="font-medium text-navy-900">
                  {quote.order.own ? (
                    <Link to={`/order-details/${quote.order.id}`} className="underline">
                      {quote.order.orderNumber}
                    </Link>
                  ) : (
                    quote.order.orderNumber
                  )}
                </dd>
              </div>
            ) : (
              <div>
                <dt className="text-navy-600">
                  {quote.status === 'expired'
                    ? t('account.expiredOn', 'Expired on')
                    : t('quote.validUntilLabel', 'Valid until')}
                </dt>
                <dd className="font-medium text-navy-900">
                  {quote.validUntil ? text.date(quote.validUntil) : t('account.notSet', 'Not set')}
                </dd>
              </div>
            )}
          </dl>
          <div className="mt-4 flex flex-wrap gap-3">
            <Button asChild variant="outline" size="sm">
              <Link
                to={`/quote/${quote.reference}`}
                aria-label={t('account.viewQuoteLabel', 'View quote {number}', { number: quote.quoteNumber })}
              >
                {t('account.viewQuote', 'View Quote')}
              </Link>
            </Button>
            {quote.order?.own ? (
              <Button asChild size="sm">
                <Link
                  to={`/order-details/${quote.order.id}`}
                  aria-label={t('account.viewOrder', 'View order {number}', { number: quote.order.orderNumber })}
                >
                  {t('account.viewOrder', 'View order {number}', { number: quote.order.orderNumber })}
                </Link>
              </Button>
            ) : null}
            {quote.status === 'sent' && !isOrdered(quote) ? (
              <Button asChild size="sm">
                <Link
                  to={`/quote/${quote.reference}`}
                  aria-label={t('account.orderFromLabel', 'Order from quote {number}', { number: quote.quoteNumber })}
                >
                  {t('account.orderFrom', 'Order from this quote')}
                </Link>
              </Button>
            ) : null}
          </div>
        </>
      )}
    />
  );
}
