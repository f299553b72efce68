import { FileText } from 'lucide-react';
import { Link } from 'react-router';
import type { AccountQuote } from '../../shared/accounts/account-quotes';
import { formatUkDate } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import { Button } from '../ui/button';
import { PageLoading } from '../ui/page-loading';
import { useAccountQuotes } from './account-quotes';

function QuoteStatus({ quote }: { quote: AccountQuote }) {
  const expired = quote.status === 'expired';
  return (
    <span className={expired ? 'rounded bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800' : 'rounded bg-accent-50 px-2 py-0.5 text-xs font-medium text-accent-900'}>
      {expired ? 'Expired' : quote.status === 'accepted' ? 'Ordered' : 'Valid'}
    </span>
  );
}

/** My Account's Quotes tab: each quote with its number, date, total, validity and status, linking to /quote/{reference}. */
export function QuotesTab() {
  const quotes = useAccountQuotes(true);
  if (quotes.isPending) return <PageLoading label="Loading your quotes..." />;
  if (quotes.isError) {
    return (
      <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        Your quotes could not be loaded. Please try again.{' '}
        <button type="button" className="font-medium underline" onClick={() => void quotes.refetch()}>
          Retry
        </button>
      </div>
    );
  }
  const list = quotes.data.quotes;
  return (
    <section aria-labelledby="quotes-heading">
      <h2 id="quotes-heading" className="text-xl font-semibold text-navy-900">
        My Quotes ({list.length})
      </h2>
      {list.length === 0 ? (
        <div className="mt-6 rounded-lg border border-dashed border-navy-200 p-10 text-center">
          <FileText aria-hidden="true" className="mx-auto size-10 text-navy-400" />
          <p className="mt-3 text-lg font-medium text-navy-900">No quotes yet</p>
          <p className="mt-1 text-navy-600">Quotes you generate while signed in appear here.</p>
          <Button asChild className="mt-5">
            <Link to="/configure">Start Configuring</Link>
          </Button>
        </div>
      ) : (
        <ul className="mt-4 space-y-4">
          {list.map((quote) => (
            <li key={quote.id} className="rounded-lg border border-navy-100 bg-white p-5">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <p className="font-semibold text-navy-900">Quote {quote.quoteNumber}</p>
                  <p className="text-sm text-navy-600">Created on {formatUkDate(quote.createdAt)}</p>
                </div>
                <QuoteStatus quote={quote} />
              </div>
              <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
                <div>
                  <dt className="text-navy-600">Total</dt>
                  <dd className="font-medium tabular-nums text-navy-900">
                    {quote.totalAmount === null ? 'Not priced' : formatMoney(quote.totalAmount, quote.currency, { decimals: 2 })}
                  </dd>
                </div>
                <div>
                  <dt className="text-navy-600">{quote.status === 'expired' ? 'Expired on' : 'Valid until'}</dt>
                  <dd className="font-medium text-navy-900">{quote.validUntil ? formatUkDate(quote.validUntil) : 'Not set'}</dd>
                </div>
              </dl>
              <div className="mt-4 flex flex-wrap gap-3">
                <Button asChild variant="outline" size="sm">
                  <Link to={`/quote/${quote.reference}`} aria-label={`View quote ${quote.quoteNumber}`}>
                    View Quote
                  </Link>
                </Button>
                {quote.status === 'sent' ? (
                  <Button asChild size="sm">
                    <Link to={`/quote/${quote.reference}`} aria-label={`Order from quote ${quote.quoteNumber}`}>
                      Order from this quote
                    </Link>
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
