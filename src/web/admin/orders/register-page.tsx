import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { registerAnswerSchema } from '../../../shared/admin/admin-schemas';
import { formatUkDate } from '../../../shared/dates';
import { adminApi, queryString } from '../shell/admin-api';
import { AdminHeading } from '../shell/admin-layout';
import { money } from '../shell/format';
import { StateMessage } from '../shell/list-toolbar';

const field = 'mt-1 block rounded-md border border-navy-200 bg-white px-2 py-1.5 text-sm text-navy-900';

/** The current quarter's first and last days (UK VAT quarters by calendar quarter). */
function thisQuarter(now = new Date()) {
  const year = now.getUTCFullYear();
  const first = Math.floor(now.getUTCMonth() / 3) * 3;
  const from = new Date(Date.UTC(year, first, 1)).toISOString().slice(0, 10);
  const to = new Date(Date.UTC(year, first + 3, 0)).toISOString().slice(0, 10);
  return { from, to };
}

/** /admin/register: invoices and credit notes issued in a date range, with VAT totals per rate and currency, and the downloads. */
export function RegisterPage() {
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
          <div className="overflow-x-auto">
            <table className="min-w-full text-sm" aria-label="VAT totals">
              <thead>
                <tr className="text-left text-navy-600">
                  <th className="p-2">Currency</th>
                  <th className="p-2">VAT rate</th>
                  <th className="p-2">Documents</th>
                  <th className="p-2 text-right">Net</th>
                  <th className="p-2 text-right">VAT</th>
                  <th className="p-2 text-right">Gross</th>
                </tr>
              </thead>
              <tbody>
                {register.data.totals.length === 0 ? (
                  <tr>
                    <td className="p-2 text-navy-600" colSpan={6}>
                      No invoices or credit notes in this range.
                    </td>
                  </tr>
                ) : (
                  register.data.totals.map((total) => (
                    <tr key={`${total.currency}-${total.rate}`} className="border-t border-navy-100">
                      <td className="p-2">{total.currency}</td>
                      <td className="p-2">{total.rate}%</td>
                      <td className="p-2">{total.count}</td>
                      <td className="p-2 text-right tabular-nums">{money(total.net, total.currency)}</td>
                      <td className="p-2 text-right tabular-nums">{money(total.vat, total.currency)}</td>
                      <td className="p-2 text-right tabular-nums">{money(total.gross, total.currency)}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
          <div className="overflow-x-auto">
            <table className="min-w-full text-sm" aria-label="Invoices and credit notes">
              <thead>
                <tr className="text-left text-navy-600">
                  <th className="p-2">Number</th>
                  <th className="p-2">Date</th>
                  <th className="p-2">Type</th>
                  <th className="p-2">Order</th>
                  <th className="p-2">Customer</th>
                  <th className="p-2 text-right">Net</th>
                  <th className="p-2 text-right">VAT</th>
                  <th className="p-2 text-right">Gross</th>
                </tr>
              </thead>
              <tbody>
                {register.data.items.map((item) => (
                  <tr key={item.id} className="border-t border-navy-100">
                    <td className="p-2 font-mono">{item.number}</td>
                    <td className="p-2">{formatUkDate(item.issuedAt)}</td>
                    <td className="p-2">
                      {item.kind === 'credit'
                        ? `Credit note for ${item.creditsNumber ?? 'an invoice'}${item.reason ? ` (${item.reason})` : ''}`
                        : item.kind === 'deposit'
                          ? 'Deposit invoice'
                          : 'Balance invoice'}
                    </td>
                    <td className="p-2">{item.orderNumber}</td>
                    <td className="p-2">{item.customer}</td>
                    <td className="p-2 text-right tabular-nums">{money(item.net, item.currency)}</td>
                    <td className="p-2 text-right tabular-nums">{money(item.vat, item.currency)}</td>
                    <td className="p-2 text-right tabular-nums">{money(item.gross, item.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
