import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { titledName } from '../../../shared/accounts/title';
import { customerFallbacks } from '../../../shared/lists';
import {
  type AdminCustomer,
  adminCustomerPageSchema,
  customerKindLabels,
  customerKinds,
  customerMessages,
} from '../../../shared/customers/customer-schemas';
import { countries } from '../../../shared/countries';
import { AdminHeading } from '../shell/admin-layout';
import { day, money, orText } from '../shell/format';
import { ListResults } from '../shell/list-results';
import { ListToolbar } from '../shell/list-toolbar';
import { useAdminList } from '../shell/use-admin-list';
import { useUrlFilter } from '../shell/use-list-state';

/** A customer's page: the user id of an account, the `guest:` key of a guest. */
export const customerPath = (key: string) => `/admin/customers/${encodeURIComponent(key)}`;

/** What a customer ordered, one line per currency (cancelled orders excluded), or a dash. */
export function CustomerTotals({ totals }: { totals: AdminCustomer['totals'] }) {
  if (totals.length === 0) return <>—</>;
  return (
    <>
      {totals.map((total) => (
        <div key={total.currency}>{money(total.amount, total.currency)}</div>
      ))}
    </>
  );
}

const columns: ColumnDef<AdminCustomer, unknown>[] = [
  {
    header: 'Customer',
    cell: ({ row }) => (
      <div>
        <Link className="font-medium text-accent-700 underline" to={customerPath(row.original.key)}>
          {orText(
            row.original.name ? titledName(row.original.title, row.original.name) : null,
            row.original.kind === 'guest' ? customerFallbacks.guest : customerFallbacks.noName,
          )}
        </Link>
        <div className="text-navy-600">{orText(row.original.email, customerFallbacks.noEmail)}</div>
      </div>
    ),
  },
  { header: 'Kind', cell: ({ row }) => customerKindLabels[row.original.kind] },
  { header: 'Organisation', cell: ({ row }) => orText(row.original.organisation, customerFallbacks.notProvided) },
  { header: 'Country', cell: ({ row }) => row.original.country ?? '—' },
  { header: 'Quotes', cell: ({ row }) => row.original.quotes },
  { header: 'Orders', cell: ({ row }) => row.original.orders },
  { header: 'Total ordered', cell: ({ row }) => <CustomerTotals totals={row.original.totals} /> },
  { header: 'Last activity', cell: ({ row }) => day(row.original.lastActivityAt) },
];

/** /admin/customers: accounts and guests, the most recently active first; search, filters, pages, Export CSV. */
export function CustomersPage() {
  const [kind, setKind] = useUrlFilter('kind');
  const [hasOrders, setHasOrders] = useUrlFilter('hasOrders');
  const [country, setCountry] = useUrlFilter('country');
  const { state, update, list, exportHref } = useAdminList({
    resource: 'customers',
    schema: adminCustomerPageSchema,
    filters: ({ search, from, to }) => ({ search, from, to, kind, hasOrders, country }),
    exportNeeds: 'exports.csv',
  });
  return (
    <section>
      <AdminHeading title="Customers" />
      <ListToolbar
        key={state.search}
        state={state}
        update={update}
        searchLabel="Name, e-mail or organisation"
        filters={[
          {
            label: 'Kind',
            options: customerKinds.map((value) => ({ value, label: customerKindLabels[value] })),
            value: kind,
            onChange: setKind,
          },
          {
            label: 'Orders',
            options: [
              { value: 'yes', label: 'Has orders' },
              { value: 'no', label: 'No orders' },
            ],
            value: hasOrders,
            onChange: setHasOrders,
          },
          {
            label: 'Country',
            options: countries.map((option) => ({ value: option.code, label: option.name })),
            value: country,
            onChange: setCountry,
          },
        ]}
        exportHref={exportHref}
      />
      <p className="mb-3 text-sm text-navy-600">
        From and To filter the last activity (an order or a quote). {customerMessages.totalNote}
      </p>
      <ListResults
        query={list}
        caption="Customers"
        columns={columns}
        loading="Loading customers..."
        failed={customerMessages.loadFailed}
        empty={customerMessages.empty}
        state={state}
        update={update}
      />
    </section>
  );
}
