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

const kindLabels = { receipt: 'Receipt', refund: 'Refund', voided: 'Voided receipt' } as const;

/** An order's line links to it; a receipt on account says what it went to and what is left (issue 51). */
function OrderCell({ row }: { row: PaymentsRegisterRow }) {
  if (row.orderId)
    return (
      <Link className="font-medium text-accent-700 underline" to={`/admin/orders/${row.orderId}`}>
        {row.orderNumber}
      </Link>
    );
  if (!row.accountReceiptId) return <>—</>;
  return (
    <span>
      {row.allocatedTo.map((entry, index) => (
        <span key={entry.orderId}>
          {index > 0 ? ', ' : ''}
          <Link className="font-medium text-accent-700 underline" to={`/admin/orders/${entry.orderId}`}>
            {entry.orderNumber}
          </Link>{' '}
          ({money(entry.amount, row.currency)})
        </span>
      ))}
      {row.unallocated ? (
        <span className="block font-medium text-amber-800">
          On account: {money(row.unallocated, row.currency)} unallocated
        </span>
      ) : null}
    </span>
  );
}

const paymentColumns: ColumnDef<PaymentsRegisterRow, unknown>[] = [
  { header: 'Date', cell: ({ row }) => formatUkDate(row.original.date) },
  {
    header: 'Type',
    cell: ({ row }) => {
      const { voided } = row.original;
      if (!voided) return kindLabels[row.original.kind];
      return (
        <span>
          <span className="font-medium text-red-800">Voided receipt</span>
          <span className="block text-xs text-navy-600">
            {formatUkDate(voided.at.slice(0, 10))}
            {voided.by ? ` by ${voided.by}` : ''}: {voided.reason}
          </span>
        </span>
      );
    },
  },
  { header: 'Order', cell: ({ row }) => <OrderCell row={row.original} /> },
  { header: 'Invoice', cell: ({ row }) => <span className="font-mono">{row.original.invoiceNumber ?? '—'}</span> },
  { header: 'Customer', cell: ({ row }) => row.original.customer || '—' },
  {
    header: 'Amount',
    cell: ({ row }) =>
      row.original.kind === 'voided' ? (
        <span className="tabular-nums text-navy-500 line-through" title="Voided: counted in no total">
          {money(row.original.amount, row.original.currency)}
        </span>
      ) : (
        <span className="tabular-nums">{money(row.original.amount, row.original.currency)}</span>
      ),
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
            <th className="p-2 text-right">Unallocated (on account)</th>
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
              <td className="p-2 text-right tabular-nums">
                {money(total.unallocated, total.currency)}
                {total.voided > 0 ? (
                  <span className="block text-xs text-navy-500">
                    {total.voided} voided receipt{total.voided === 1 ? '' : 's'} listed, counted nowhere
                  </span>
                ) : null}
              </td>
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
        the totals are per currency, of everything the dates and search select. A receipt on account is one line until
        it is allocated; a voided receipt stays listed, struck through, and counts in no total.{' '}
        <Link className="text-accent-700 underline" to="/admin/receipts">
          Receipts on account
        </Link>
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
