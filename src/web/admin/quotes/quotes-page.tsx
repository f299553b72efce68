import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { customerFallbacks } from '../../../shared/lists';
import { type AdminQuote, adminQuotePageSchema } from '../../../shared/quotes/quote-list-contracts';
import { quoteStatuses, quoteStatusLabels } from '../../../shared/orders/order-status';
import { AdminHeading } from '../shell/admin-layout';
import { QuoteBadge } from '../shell/badges';
import { day, money, orText } from '../shell/format';
import { CustomerCell } from '../shell/customer-cell';
import { ListResults } from '../shell/list-results';
import { ListToolbar } from '../shell/list-toolbar';
import { useAdminList } from '../shell/use-admin-list';

const columns: ColumnDef<AdminQuote, unknown>[] = [
  {
    header: 'Quote',
    cell: ({ row }) => (
      <Link
        className="font-medium text-accent-700 underline"
        to={`/admin/quotes/${encodeURIComponent(row.original.quoteNumber)}`}
      >
        {row.original.quoteNumber}
      </Link>
    ),
  },
  {
    header: 'Reference',
    cell: ({ row }) => (
      <Link className="text-accent-700 underline" to={`/quote/${encodeURIComponent(row.original.quoteReference)}`}>
        {row.original.quoteReference.slice(0, 10)}…
      </Link>
    ),
  },
  {
    header: 'Customer',
    cell: ({ row }) => (
      <CustomerCell
        row={row.original}
        name={orText(
          row.original.customerName,
          row.original.hasUser ? customerFallbacks.unknownUser : customerFallbacks.noName,
        )}
      />
    ),
  },
  { header: 'Total', cell: ({ row }) => money(row.original.total, row.original.currency) },
  { header: 'Created', cell: ({ row }) => day(row.original.createdAt) },
  { header: 'Valid until', cell: ({ row }) => (row.original.validUntil ? day(row.original.validUntil) : 'No expiry') },
  {
    header: 'Status',
    cell: ({ row }) => (
      <div className="flex flex-col items-start gap-1">
        <QuoteBadge status={row.original.displayStatus} />
        {row.original.orderId ? (
          <Link className="text-xs text-accent-700 underline" to={`/admin/orders/${row.original.orderId}`}>
            View order
          </Link>
        ) : null}
      </div>
    ),
  },
];

/** /admin/quotes. */
export function QuotesPage() {
  const { state, update, list, exportHref } = useAdminList({
    resource: 'quotes',
    schema: adminQuotePageSchema,
    filters: ({ search, status, from, to }) => ({ search, status, from, to }),
    exportNeeds: 'exports.csv',
  });
  return (
    <section>
      <AdminHeading title="Quotes" />
      <ListToolbar
        key={state.search}
        state={state}
        update={update}
        searchLabel="Quote number, e-mail, name or organisation"
        statuses={quoteStatuses.map((value) => ({ value, label: quoteStatusLabels[value] }))}
        exportHref={exportHref}
      />
      <ListResults
        query={list}
        caption="Quotes"
        columns={columns}
        loading="Loading quotes..."
        failed="Failed to load quotes. Please try again."
        empty="No quotes found."
        state={state}
        update={update}
      />
    </section>
  );
}
