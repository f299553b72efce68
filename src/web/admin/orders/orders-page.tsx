import { useSearchParams } from 'react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { customerFallbacks } from '../../../shared/lists';
import { adminOrderPageSchema, type AdminOrderRow } from '../../../shared/orders/order-admin-contracts';
import {
  orderStatuses,
  orderStatusLabels,
  paymentStatuses,
  paymentStatusLabels,
} from '../../../shared/orders/order-status';
import { AdminHeading } from '../shell/admin-layout';
import { OrderBadge, PaymentBadge } from '../shell/badges';
import { day, money } from '../shell/format';
import { CustomerCell } from '../shell/customer-cell';
import { ListResults } from '../shell/list-results';
import { ListToolbar } from '../shell/list-toolbar';
import { useAdminList } from '../shell/use-admin-list';

/** The orders list's columns; the dashboard's recent orders show the same. */
export const orderColumns: ColumnDef<AdminOrderRow, unknown>[] = [
  {
    header: 'Order',
    cell: ({ row }) => (
      <Link className="font-medium text-accent-700 underline" to={`/admin/orders/${row.original.id}`}>
        {row.original.orderNumber}
      </Link>
    ),
  },
  { header: 'Date', cell: ({ row }) => day(row.original.createdAt) },
  {
    header: 'Customer',
    cell: ({ row }) => (
      <CustomerCell
        row={row.original}
        name={row.original.isGuest && !row.original.customerName ? customerFallbacks.guest : undefined}
      >
        {row.original.isGuest ? <div className="text-xs text-navy-500">{customerFallbacks.guest}</div> : null}
      </CustomerCell>
    ),
  },
  { header: 'Total', cell: ({ row }) => money(row.original.totalAmount, row.original.currency) },
  { header: 'Status', cell: ({ row }) => <OrderBadge status={row.original.status} /> },
  {
    header: 'Payment',
    cell: ({ row }) => <PaymentBadge status={row.original.paymentStatus} kind={row.original.kind} />,
  },
];

/** /admin/orders: newest first, server pages, search and filters in the URL, Export CSV. */
export function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const overdue =
    params.get('overdue') === 'deposit' || params.get('overdue') === 'balance' ? (params.get('overdue') ?? '') : '';
  const exportProof = params.get('exportProof') === 'missing' ? 'missing' : '';
  const { state, update, list, exportHref } = useAdminList({
    resource: 'orders',
    schema: adminOrderPageSchema,
    filters: ({ search, status, paymentStatus, from, to }) => ({
      search,
      status,
      paymentStatus,
      from,
      to,
      overdue,
      exportProof,
    }),
    exportNeeds: 'exports.csv',
  });
  return (
    <section>
      <AdminHeading title="Orders" />
      <ListToolbar
        key={state.search}
        state={state}
        update={update}
        searchLabel="Order, invoice, tracking or serial number, payment reference, e-mail, name or organisation"
        statuses={orderStatuses.map((value) => ({ value, label: orderStatusLabels[value] }))}
        paymentStatuses={paymentStatuses.map((value) => ({ value, label: paymentStatusLabels[value] }))}
        exportHref={exportHref}
      />
      <label className="mb-3 inline-flex items-center gap-2 text-sm text-navy-800">
        Overdue
        <select
          className="rounded-md border border-navy-200 bg-white px-2 py-1.5 text-sm"
          value={overdue}
          onChange={(event) => {
            const next = new URLSearchParams(params);
            if (event.target.value) next.set('overdue', event.target.value);
            else next.delete('overdue');
            next.delete('page');
            setParams(next);
          }}
        >
          <option value="">Any</option>
          <option value="deposit">Deposit or repair payment overdue</option>
          <option value="balance">Balance overdue</option>
        </select>
      </label>{' '}
      <label className="mb-3 inline-flex items-center gap-2 text-sm text-navy-800">
        Proof of export
        <select
          className="rounded-md border border-navy-200 bg-white px-2 py-1.5 text-sm"
          value={exportProof}
          onChange={(event) => {
            const next = new URLSearchParams(params);
            if (event.target.value) next.set('exportProof', event.target.value);
            else next.delete('exportProof');
            next.delete('page');
            setParams(next);
          }}
        >
          <option value="">Any</option>
          <option value="missing">Delivered without it</option>
        </select>
      </label>
      <ListResults
        query={list}
        caption="Orders"
        columns={orderColumns}
        loading="Loading orders..."
        failed="Failed to load orders. Please try again."
        empty="No orders found."
        state={state}
        update={update}
      />
    </section>
  );
}
