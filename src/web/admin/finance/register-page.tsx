import { treatmentLabel } from '../../../shared/tax/line-vat';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type RegisterAnswer, registerAnswerSchema } from '../../../shared/orders/order-admin-contracts';
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
      <AdminHeading title="Invoice register">
        <Link className="text-sm text-accent-700 underline" to="/admin/exchange-rates">
          Exchange rates
        </Link>
      </AdminHeading>
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
        <a className="text-sm text-accent-700 underline" href={`/api/admin/invoices.quickbooks.csv${query}`} download>
          Download for QuickBooks
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
            rowKey={(total) => `${total.currency}-${total.rate}-${total.treatment}`}
            cells={(total) => [
              total.currency,
              total.treatment && total.treatment !== 'standard'
                ? `${total.rate}%: ${treatmentLabel(total.treatment, total.rate)}`
                : `${total.rate}%`,
              total.count,
            ]}
            empty="No invoices or credit notes in this range."
          />
          <VatReturn figures={register.data.vatReturn} />
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
            gbp={(item) => ({
              amounts: item.gbp,
              note:
                item.gbpSource === 'missing'
                  ? item.gbpNote
                  : `${item.currency === 'GBP' ? '' : `${item.gbpRate} per £1, ${item.gbpRateMonth}`}${item.gbpSource === 'table' ? ` (${item.gbpNote})` : ''}`,
            })}
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

type VatReturnFigures = RegisterAnswer['vatReturn'];
const pounds = (pence: number) => money(pence, 'GBP');

/** The period in pounds: boxes 1, 6 and 8 with how each was worked out, the GBP totals, and what has no rate yet. */
function VatReturn({ figures }: { figures: VatReturnFigures }) {
  return (
    <section aria-labelledby="vat-return-heading" className="space-y-3 rounded-lg border border-navy-100 bg-white p-4">
      <h2 id="vat-return-heading" className="text-lg font-semibold text-navy-900">
        VAT return figures (GBP)
      </h2>
      {figures.missing.length > 0 ? (
        <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-medium">
            {figures.missing.length === 1 ? '1 document has' : `${figures.missing.length} documents have`} no exchange
            rate yet and {figures.missing.length === 1 ? 'is' : 'are'} left out of every figure in pounds:
          </p>
          <ul className="mt-1 list-disc pl-5">
            {figures.missing.map((row) => (
              <li key={row.number}>
                <span className="font-mono">{row.number}</span>: no rate for {row.month} ({row.currency})
              </li>
            ))}
          </ul>
          <p className="mt-1">
            <Link className="underline" to="/admin/exchange-rates">
              Enter or import the month’s rate
            </Link>
          </p>
        </div>
      ) : null}
      <dl className="space-y-3">
        {figures.boxes.map((box) => (
          <div key={box.box}>
            <dt className="text-sm font-medium text-navy-800">{box.label}</dt>
            <dd>
              <span className="text-lg font-semibold tabular-nums text-navy-900" data-testid={`box-${box.box}`}>
                {box.entered}
              </span>
              <p className="text-xs text-navy-600">{box.explanation}</p>
            </dd>
          </div>
        ))}
      </dl>
      <table className="min-w-full text-sm" aria-label="Totals in pounds">
        <thead>
          <tr className="text-left text-navy-600">
            <th className="p-2">Period</th>
            <th className="p-2">Documents</th>
            <th className="p-2 text-right">Net</th>
            <th className="p-2 text-right">VAT</th>
            <th className="p-2 text-right">Gross</th>
          </tr>
        </thead>
        <tbody>
          {figures.gbpTotals.map((total) => (
            <tr key={total.month ?? 'all'} className="border-t border-navy-100">
              <td className="p-2">{total.month ?? 'Whole range'}</td>
              <td className="p-2">{total.count}</td>
              {[total.net, total.vat, total.gross].map((amount, index) => (
                <td key={index} className="p-2 text-right tabular-nums">
                  {pounds(amount)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * A table of the register: its own columns, then Net, VAT and Gross in the row's currency, and with
 * `gbp` the same in pounds with the rate used (or why there is none).
 */
function AmountsTable<Row extends Amounts>({
  label,
  columns,
  rows,
  rowKey,
  cells,
  empty,
  gbp,
}: {
  label: string;
  columns: string[];
  rows: Row[];
  rowKey: (row: Row) => string;
  cells: (row: Row) => ReactNode[];
  /** What an empty table says (a table without it shows no rows). */
  empty?: string;
  gbp?: (row: Row) => { amounts: { net: number; vat: number; gross: number } | null; note: string };
}) {
  const gbpColumns = gbp ? ['GBP net', 'GBP VAT', 'GBP gross', 'Rate'] : [];
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
            {['Net', 'VAT', 'Gross', ...gbpColumns].map((column) => (
              <th key={column} className={column === 'Rate' ? 'p-2' : 'p-2 text-right'}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && empty ? (
            <tr>
              <td className="p-2 text-navy-600" colSpan={columns.length + 3 + gbpColumns.length}>
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
                {gbp ? <GbpCells {...gbp(row)} /> : null}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** A document's pounds and the rate used; with no rate, one cell saying so across the amounts. */
function GbpCells({ amounts, note }: { amounts: { net: number; vat: number; gross: number } | null; note: string }) {
  if (!amounts)
    return (
      <td colSpan={4} className="p-2 text-amber-900">
        {note}
      </td>
    );
  return (
    <>
      {[amounts.net, amounts.vat, amounts.gross].map((amount, index) => (
        <td key={index} className="p-2 text-right tabular-nums">
          {pounds(amount)}
        </td>
      ))}
      <td className="p-2 text-xs text-navy-600">{note}</td>
    </>
  );
}
