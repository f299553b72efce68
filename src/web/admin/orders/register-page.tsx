import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { registerAnswerSchema } from '../../../shared/orders/order-admin-contracts';
import { formatUkDate } from '../../../shared/dates';
import { orderDocumentLabels } from '../../../shared/documents/order-document-labels';
import { adminApi, queryString } from '../shell/admin-api';
import { AdminHeading } from '../shell/admin-layout';
import { money } from '../shell/format';
import { StateMessage } from '../shell/list-toolbar';
import { PaymentsRegister, RegisterTabs } from './payments-register-view';

const field = 'mt-1 block rounded-md border border-navy-200 bg-white px-2 py-1.5 text-sm text-navy-900';

/** The current quarter's first and last days (UK VAT quarters by calendar quarter). */
function thisQuarter(now = new Date()) {
  const year = now.getUTCFullYear();
  const first = Math.floor(now.getUTCMonth() / 3) * 3;
  const from = new Date(Date.UTC(year, first, 1)).toISOString().slice(0, 10);
  const to = new Date(Date.UTC(year, first + 3, 0)).toISOString().slice(0, 10);
  return { from, to };
}

/** /admin/register: the invoice register, and with `?view=payments` the payments register (issue 36). */
export function RegisterPage() {
  const [params] = useSearchParams();
  return params.get('view') === 'payments' ? <PaymentsRegister defaults={thisQuarter()} /> : <InvoiceRegister />;
}

/** Invoices and credit notes issued in a date range, with VAT totals per rate and currency, and the downloads. */
function InvoiceRegister() {
  const [range, setRange] = useState(thisQuarter);
  const [draft, setDraft] = useState(range);
  const register = useQuery({
    queryKey: ['admin', 'register', range],
    queryFn: () => adminApi(registerAnswerSchema, `/invoices${queryString(range)}`),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const query = queryString(range);
  return (
    <section className="space-y-4">
      <AdminHeading title="Invoice register" />
      <RegisterTabs current="invoices" />
      <p className="text-sm text-navy-700">
        Every invoice and credit note issued in the range, and the VAT totals per rate and currency: invoices less
        credit notes, ready for the VAT return.
      </p>
      <form
        aria-label="Register dates"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          setRange(draft);
        }}
      >
        <label className="text-sm text-navy-800">
          From
          <input
            type="date"
            className={field}
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
        </label>
        <label className="text-sm text-navy-800">
          To
          <input
            type="date"
            className={field}
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          />
        </label>
        <button type="submit" className="rounded-md bg-accent-700 px-3 py-1.5 text-sm font-medium text-white">
          Show
        </button>
        <a className="text-sm text-accent-700 underline" href={`/api/admin/invoices.csv${query}`} download>
          Download CSV
        </a>
        <a className="text-sm text-accent-700 underline" href={`/api/admin/invoices.xero.csv${query}`} download>
          Download for Xero
        </a>
      </form>
      {register.isPending ? (
        <StateMessage>Loading the register...</StateMessage>
      ) : register.isError ? (
        <StateMessage tone="error">The register could not be loaded. Check the dates and try again.</StateMessage>
      ) : (
        <>
          <AmountsTable
            label="VAT totals"
            columns={['Currency', 'VAT rate', 'Documents']}
            rows={register.data.totals}
            rowKey={(total) => `${total.currency}-${total.rate}`}
            cells={(total) => [total.currency, `${total.rate}%`, total.count]}
            empty="No invoices or credit notes in this range."
          />
          <AmountsTable
            label="Invoices and credit notes"
            columns={['Number', 'Date', 'Type', 'Order', 'Customer']}
            rows={register.data.items}
            rowKey={(item) => item.id}
            cells={(item) => [
              <span className="font-mono">{item.number}</span>,
              formatUkDate(item.issuedAt),
              item.kind === 'credit'
                ? `${orderDocumentLabels.credit} for ${item.creditsNumber ?? 'an invoice'}${item.reason ? ` (${item.reason})` : ''}`
                : orderDocumentLabels[item.kind],
              item.orderNumber,
              item.customer,
            ]}
          />
        </>
      )}
    </section>
  );
}

interface Amounts {
  currency: string;
  net: number;
  vat: number;
  gross: number;
}

/** A table of the register: its own columns, then Net, VAT and Gross in the row's currency. */
function AmountsTable<Row extends Amounts>({
  label,
  columns,
  rows,
  rowKey,
  cells,
  empty,
}: {
  label: string;
  columns: string[];
  rows: Row[];
  rowKey: (row: Row) => string;
  cells: (row: Row) => ReactNode[];
  /** What an empty table says (a table without it shows no rows). */
  empty?: string;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-sm" aria-label={label}>
        <thead>
          <tr className="text-left text-navy-600">
            {columns.map((column) => (
              <th key={column} className="p-2">
                {column}
              </th>
            ))}
            {['Net', 'VAT', 'Gross'].map((column) => (
              <th key={column} className="p-2 text-right">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && empty ? (
            <tr>
              <td className="p-2 text-navy-600" colSpan={columns.length + 3}>
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className="border-t border-navy-100">
                {cells(row).map((cell, index) => (
                  <td key={columns[index]} className="p-2">
                    {cell}
                  </td>
                ))}
                {[row.net, row.vat, row.gross].map((amount, index) => (
                  <td key={index} className="p-2 text-right tabular-nums">
                    {money(amount, row.currency)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
