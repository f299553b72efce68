import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import {
  type AdminServiceRow,
  adminServicePageSchema,
  coverOf,
  warrantyFilterLabels,
} from '../../../shared/service-requests/service-contracts';
import { serviceRequestStatuses, serviceStatusLabels } from '../../../shared/service-requests/service-lifecycle';
import { AdminHeading } from '../shell/admin-layout';
import { day } from '../shell/format';
import { CustomerCell } from '../shell/customer-cell';
import { ListResults } from '../shell/list-results';
import { ListToolbar } from '../shell/list-toolbar';
import { useAdminList } from '../shell/use-admin-list';
import { useUrlFilter } from '../shell/use-list-state';

const columns: ColumnDef<AdminServiceRow, unknown>[] = [
  {
    header: 'Request',
    cell: ({ row }) => (
      <Link className="text-accent-700 underline" to={`/admin/service/${row.original.id}`}>
        {row.original.requestNumber}
      </Link>
    ),
  },
  {
    header: 'Instrument',
    cell: ({ row }) => (
      <div>
        <div>{row.original.serialNumber}</div>
        <div className="text-navy-600">{row.original.model}</div>
      </div>
    ),
  },
  {
    header: 'Customer',
    cell: ({ row }) => <CustomerCell row={row.original} />,
  },
  {
    header: 'What happened',
    cell: ({ row }) => (
      <p className="line-clamp-3 max-w-xs whitespace-pre-line" data-testid="service-description">
        {row.original.description}
      </p>
    ),
  },
  { header: 'RMA', cell: ({ row }) => row.original.rmaNumber ?? '—' },
  {
    header: 'Warranty',
    cell: ({ row }) => warrantyFilterLabels[coverOf(row.original)],
  },
  { header: 'Opened', cell: ({ row }) => day(row.original.createdAt) },
  { header: 'Status', cell: ({ row }) => serviceStatusLabels[row.original.status] },
];

/** /admin/service: the service requests (RMA), with search, status and warranty filters and CSV. */
export function ServiceRequestsAdminPage() {
  const [warranty, setWarranty] = useUrlFilter('warranty');
  // The CSV route asks service.manage, the page's own permission.
  const { state, update, list, exportHref } = useAdminList({
    resource: 'service',
    schema: adminServicePageSchema,
    filters: ({ search, status }) => ({ search, status, warranty }),
  });
  return (
    <section>
      <AdminHeading title="Service requests" />
      <ListToolbar
        key={state.search}
        state={state}
        update={update}
        searchLabel="Request, serial or RMA number, e-mail or organisation"
        statuses={serviceRequestStatuses.map((value) => ({ value, label: serviceStatusLabels[value] }))}
        filters={[
          {
            label: 'Warranty',
            options: (['in', 'not_covered', 'out'] as const).map((value) => ({
              value,
              label: warrantyFilterLabels[value],
            })),
            value: warranty,
            onChange: setWarranty,
          },
        ]}
        dates={false}
        exportHref={exportHref}
      />
      <ListResults
        query={list}
        caption="Service requests"
        columns={columns}
        loading="Loading service requests..."
        failed="Failed to load service requests. Please try again."
        empty="No service requests found."
        state={state}
        update={update}
      />
    </section>
  );
}
