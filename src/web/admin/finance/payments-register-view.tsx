import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { formatUkDate } from '../../../shared/dates';
import {
  paymentsRegisterAnswerSchema,
  type PaymentsRegisterRow,
  type PaymentsRegisterTotal,
} from '../../../shared/reporting/payments-register-contracts';
import { AdminHeading } from '../shell/admin-layout';
import { money } from '../shell/format';
import { ListResults } from '../shell/list-results';
import { ListToolbar } from '../shell/list-toolbar';
import { useAdminList } from '../shell/use-admin-list';

/** The register page's two views: the invoices and credit notes, and the money that moved. */
export function RegisterTabs({ current }: { current: 'invoices' | 'payments' }) {
  const tab = (active: boolean) =>
    `rounded-md px-3 py-1.5 text-sm font-medium ${active ? 'bg-navy-900 text-white' : 'text-accent-700 underline'}`;
  return (
    <nav aria-label="Registers" className="flex gap-2">
      <Link
        to="/admin/register"
        className={tab(current === 'invoices')}
        aria-current={current === 'invoices' ? 'page' : undefined}
      >
        Invoices and credit notes
      </Link>
      <Link
        to="/admin/register?view=payments"
        className={tab(current === 'payments')}
        aria-current={current === 'payments' ? 'page' : undefined}
      >
        Payments
      </Link>
    </nav>
  );
}

const paymentColumns: ColumnDef<PaymentsRegisterRow, unknown>[] = [
  { header: 'Date', cell: ({ row }) => formatUkDate(row.original.date) },
  { header: 'Type', cell: ({ row }) => (row.original.kind === 'receipt' ? 'Receipt' : 'Refund') },
  {
    header: 'Order',
    cell: ({ row }) => (
      <Link className="font-medium text-accent-700 underline" to={`/admin/orders/${row.original.orderId}`}>
        {row.original.orderNumber}
      </Link>
    ),
  },
  { header: 'Invoice', cell: ({ row }) => <span className="font-mono">{row.original.invoiceNumber ?? '—'}</span> },
  { header: 'Customer', cell: ({ row }) => row.original.customer || '—' },
  {
    header: 'Amount',
    cell: ({ row }) => <span className="tabular-nums">{money(row.original.amount, row.original.currency)}</span>,
  },
  { header: 'Method', cell: ({ row }) => row.original.method || '—' },
  { header: 'Reference', cell: ({ row }) => row.original.reference ?? '—' },
];

function PaymentTotals({ totals }: { totals: PaymentsRegisterTotal[] }) {
  if (totals.length === 0) return null;
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-sm" aria-label="Totals per currency">
        <thead>
          <tr className="text-left text-navy-600">
            <th className="p-2">Currency</th>
            <th className="p-2 text-right">Received</th>
            <th className="p-2 text-right">Refunded</th>
            <th className="p-2 text-right">Net</th>
          </tr>
        </thead>
        <tbody>
          {totals.map((total) => (
            <tr key={total.currency} className="border-t border-navy-100">
              <td className="p-2">{total.currency}</td>
              <td className="p-2 text-right tabular-nums">
                {money(total.received, total.currency)}{' '}
                <span className="text-navy-500">
                  ({total.receipts} receipt{total.receipts === 1 ? '' : 's'})
                </span>
              </td>
              <td className="p-2 text-right tabular-nums">
                {money(total.refunded, total.currency)}{' '}
                <span className="text-navy-500">
                  ({total.refunds} refund{total.refunds === 1 ? '' : 's'})
                </span>
              </td>
              <td className="p-2 text-right font-medium tabular-nums">{money(total.net, total.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * /admin/register?view=payments: every receipt and refund by the day the money moved (the range in the
 * URL, else `defaults`), searchable by reference or amount, with totals per currency and the CSV.
 */
export function PaymentsRegister({ defaults }: { defaults: { from: string; to: string } }) {
  const { state, update, list, exportHref } = useAdminList({
    resource: 'payments',
    schema: paymentsRegisterAnswerSchema,
    filters: ({ search, from, to }) => ({ from: from || defaults.from, to: to || defaults.to, search }),
    retry: false,
  });
  const shown = { ...state, from: state.from || defaults.from, to: state.to || defaults.to };
  return (
    <section className="space-y-4">
      <AdminHeading title="Payments register" />
      <RegisterTabs current="payments" />
      <p className="text-sm text-navy-700">
        Every receipt and refund by the day the money moved, to match against the bank statement. Refunds are negative;
        the totals are per currency, of everything the dates and search select.
      </p>
      <ListToolbar
        key={state.search}
        state={shown}
        update={update}
        searchLabel="Reference, amount (1,731.00), order or invoice number"
        exportHref={exportHref}
      />
      {list.data && !list.isError ? <PaymentTotals totals={list.data.totals} /> : null}
      <ListResults
        query={list}
        caption="Receipts and refunds"
        columns={paymentColumns}
        loading="Loading the payments..."
        failed="The payments register could not be loaded. Check the dates and try again."
        empty="No receipts or refunds in this range."
        state={state}
        update={update}
      />
    </section>
  );
}
