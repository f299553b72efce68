import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../ui/button';
import { PageLoading } from '../ui/page-loading';
import { useT } from '../i18n/use-t';

interface ListQuery {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * The frame of My Account's Orders and Quotes tabs: loading, the load error with Retry, the heading
 * with the count, the empty state with Start Configuring, and the list of cards.
 */
export function AccountListTab<Item extends { id: string }>({
  query,
  items,
  noun,
  heading,
  emptyIcon: EmptyIcon,
  emptyText,
  renderItem,
  actions,
}: {
  query: ListQuery;
  items: Item[] | undefined;
  /** 'orders' or 'quotes', as the messages say it. */
  noun: 'orders' | 'quotes' | 'instruments';
  heading: string;
  emptyIcon: LucideIcon;
  emptyText: string;
  renderItem: (item: Item) => ReactNode;
  /** Beside the heading when the list has items (the Orders tab's statement download). */
  actions?: ReactNode;
}) {
  const { t } = useT();
  const words =
    noun === 'orders'
      ? {
          loading: t('account.ordersLoading', 'Loading your orders...'),
          failed: t('account.ordersFailed', 'Your orders could not be loaded. Please try again.'),
          none: t('account.noOrders', 'No orders yet'),
        }
      : noun === 'quotes'
        ? {
            loading: t('account.quotesLoading', 'Loading your quotes...'),
            failed: t('account.quotesFailed', 'Your quotes could not be loaded. Please try again.'),
            none: t('account.noQuotes', 'No quotes yet'),
          }
        : {
            loading: t('account.instrumentsLoading', 'Loading your instruments...'),
            failed: t('account.instrumentsFailed', 'Your instruments could not be loaded. Please try again.'),
            none: t('account.noInstruments', 'No instruments yet'),
          };
  if (query.isPending) return <PageLoading label={words.loading} />;
  if (query.isError || !items) {
    return (
      <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        {words.failed}{' '}
        <button type="button" className="font-medium underline" onClick={() => void query.refetch()}>
          {t('details.retry', 'Retry')}
        </button>
      </div>
    );
  }
  const list = items;
  const headingId = `${noun}-heading`;
  return (
    <section aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-xl font-semibold text-navy-900">
          {heading} ({list.length})
        </h2>
        {list.length > 0 ? actions : null}
      </div>
      {list.length === 0 ? (
        <div className="mt-6 rounded-lg border border-dashed border-navy-200 p-10 text-center">
          <EmptyIcon aria-hidden="true" className="mx-auto size-10 text-navy-400" />
          <p className="mt-3 text-lg font-medium text-navy-900">{words.none}</p>
          <p className="mt-1 text-navy-600">{emptyText}</p>
          <Button asChild className="mt-5">
            <Link to="/configure">{t('account.startConfiguring', 'Start Configuring')}</Link>
          </Button>
        </div>
      ) : (
        <ul className="mt-4 space-y-4">
          {list.map((item) => (
            <li key={item.id} className="rounded-lg border border-navy-100 bg-white p-5">
              {renderItem(item)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
