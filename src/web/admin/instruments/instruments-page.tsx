import type { ColumnDef } from '@tanstack/react-table';
import { formatUkDate } from '../../../shared/dates';
import { type AdminInstrumentRow, adminInstrumentPageSchema } from '../../../shared/instruments/instrument-schemas';
import { AdminHeading, AdminLink } from '../shell/admin-layout';
import { CustomerCell } from '../shell/customer-cell';
import { ListResults } from '../shell/list-results';
import { ListToolbar } from '../shell/list-toolbar';
import { useAdminList } from '../shell/use-admin-list';

const dayOr = (value: string | null, fallback: string) => (value ? formatUkDate(value) : fallback);

const columns: ColumnDef<AdminInstrumentRow, unknown>[] = [
  { header: 'Serial number', cell: ({ row }) => <span className="font-mono">{row.original.serialNumber}</span> },
  { header: 'Model', cell: ({ row }) => row.original.model },
  {
    header: 'Order',
    // Support (no orders.view) reads the order's number, not a link to "no access" (issue 41).
    cell: ({ row }) => (
      <AdminLink className="font-medium text-accent-700 underline" to={`/admin/orders/${row.original.orderId}`}>
        {row.original.orderNumber}
      </AdminLink>
    ),
  },
  {
    header: 'Customer',
    cell: ({ row }) => <CustomerCell row={row.original} />,
  },
  { header: 'Delivered', cell: ({ row }) => dayOr(row.original.deliveredOn, 'Not yet') },
  { header: 'Warranty ends', cell: ({ row }) => dayOr(row.original.warrantyEndsOn, 'On delivery') },
  { header: 'Service plan ends', cell: ({ row }) => dayOr(row.original.servicePlanEndsOn, 'None') },
  { header: 'Next service', cell: ({ row }) => dayOr(row.original.nextServiceOn, 'On delivery') },
  {
    header: 'Papers',
    cell: ({ row }) =>
      (row.original.papers ?? []).length === 0
        ? 'None'
        : (row.original.papers ?? []).map((paper) => (
            <a key={paper.id} className="block text-accent-700 underline" href={paper.url} download>
              {paper.label}
            </a>
          )),
  },
];

/** /admin/instruments: each shipped instrument, newest first, with search, the cover filter, pages and CSV. */
export function InstrumentsPage() {
  const { state, update, list, exportHref } = useAdminList({
    resource: 'instruments',
    schema: adminInstrumentPageSchema,
    filters: ({ search, status }) => ({ search, cover: status }),
    exportNeeds: 'exports.csv',
  });
  return (
    <section>
      <AdminHeading title="Instruments" />
      <ListToolbar
        key={state.search}
        state={state}
        update={update}
        searchLabel="Serial number, order number, customer e-mail or organisation"
        statuses={[
          { value: 'active', label: 'Warranty or plan active' },
          { value: 'ended', label: 'Warranty and plan ended' },
        ]}
        exportHref={exportHref}
      />
      <ListResults
        query={list}
        caption="Instruments"
        columns={columns}
        loading="Loading instruments..."
        failed="Failed to load instruments. Please try again."
        empty="No instruments found."
        state={state}
        update={update}
      />
    </section>
  );
}
