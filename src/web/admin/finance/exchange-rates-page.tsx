import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import {
  exchangeRateAnswerSchema,
  exchangeRateListAnswerSchema,
  exchangeRateMessages,
  type ImportExchangeRatesAnswer,
  importExchangeRatesAnswerSchema,
  RATE_FILE_MAX,
} from '../../../shared/reporting/exchange-rate-schemas';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { adminApi, queryString, useInvalidateAdmin } from '../shell/admin-api';
import { AdminHeading } from '../shell/admin-layout';
import { moment } from '../shell/format';
import { StateMessage } from '../shell/list-toolbar';
import { usePermissions } from '../shell/permissions';
import { isStepUpCancelled, useStepUp } from '../shell/step-up-dialog';

const field = 'mt-1 block rounded-md border border-navy-200 bg-white px-2 py-1.5 text-sm text-navy-900';

/** What a failed write says: the server's message for the field, else its message. */
const messageOf = (error: unknown, key: string) =>
  error instanceof ApiError ? (error.fields[key] ?? error.message) : 'An unexpected error occurred';

/** "Imported EUR 1.1456 for 2026-11 (was 1.14); 2 other currencies left out." */
function importSummary(answer: ImportExchangeRatesAnswer) {
  const rates = answer.imported
    .map(
      (row) =>
        `${row.currency} ${row.rate}${row.previous !== null && row.previous !== row.rate ? ` (was ${row.previous})` : ''}`,
    )
    .join(', ');
  const ignored = answer.ignored > 0 ? `; ${answer.ignored} other currencies in the file left out` : '';
  return `Imported ${rates} for ${answer.month} from HMRC’s ${answer.format.toUpperCase()} file${ignored}.`;
}

/**
 * /admin/exchange-rates: the monthly rates the register's GBP figures come from (units per £1, as
 * HMRC publishes them), by month; staff who issue invoices enter one or import HMRC's monthly file.
 */
export function ExchangeRatesPage() {
  const [month, setMonth] = useState('');
  const mayWrite = usePermissions().can('invoices.issue');
  const rates = useQuery({
    queryKey: ['admin', 'exchange-rates', month],
    queryFn: () => adminApi(exchangeRateListAnswerSchema, `/exchange-rates${queryString({ month })}`),
    placeholderData: keepPreviousData,
    retry: false,
  });
  return (
    <section className="space-y-6">
      <AdminHeading title="Exchange rates">
        <Link className="text-sm text-accent-700 underline" to="/admin/register">
          Back to the invoice register
        </Link>
      </AdminHeading>
      <p className="text-sm text-navy-700">
        Units of each currency per £1 for a calendar month, as HMRC publishes them for VAT. Each invoice and credit note
        in euros records its pounds at the rate of the month it was issued; the register converts one issued before its
        month had a rate, and says so.
      </p>
      {mayWrite ? (
        <div className="grid gap-6 md:grid-cols-2">
          <EnterRate currencies={rates.data?.currencies ?? ['EUR']} />
          <ImportFile />
        </div>
      ) : null}
      <div className="space-y-3">
        <label className="block text-sm text-navy-800">
          Show month
          <input
            type="month"
            className={field}
            value={month}
            onChange={(event) => setMonth(event.target.value)}
            aria-describedby="month-hint"
          />
        </label>
        <p id="month-hint" className="text-xs text-navy-600">
          Leave empty for every month.
        </p>
        {rates.isPending ? (
          <StateMessage>Loading the rates...</StateMessage>
        ) : rates.isError ? (
          <StateMessage tone="error">The rates could not be loaded. Try again.</StateMessage>
        ) : (
          <div className="overflow-x-auto">
            <table className="min-w-full text-sm" aria-label="Exchange rates">
              <thead>
                <tr className="text-left text-navy-600">
                  <th className="p-2">Month</th>
                  <th className="p-2">Currency</th>
                  <th className="p-2 text-right">Units per £1</th>
                  <th className="p-2">Source</th>
                  <th className="p-2">Entered by</th>
                  <th className="p-2">Updated</th>
                </tr>
              </thead>
              <tbody>
                {rates.data.items.length === 0 ? (
                  <tr>
                    <td className="p-2 text-navy-600" colSpan={6}>
                      {month
                        ? `No rate for ${month} yet.`
                        : 'No rates yet. Import HMRC’s monthly file or enter a rate.'}
                    </td>
                  </tr>
                ) : (
                  rates.data.items.map((rate) => (
                    <tr key={rate.id} className="border-t border-navy-100">
                      <td className="p-2 font-mono">{rate.month}</td>
                      <td className="p-2">{rate.currency}</td>
                      <td className="p-2 text-right tabular-nums">{rate.rate}</td>
                      <td className="p-2">{rate.source === 'hmrc' ? 'HMRC file' : 'Entered by staff'}</td>
                      <td className="p-2">{rate.enteredBy ?? '—'}</td>
                      <td className="p-2">{moment(rate.updatedAt)}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}

/** Enter one month's rate for a currency (a fresh code is asked: it is a money figure). */
function EnterRate({ currencies }: { currencies: string[] }) {
  const invalidate = useInvalidateAdmin();
  const { withStepUp, dialog } = useStepUp();
  const [values, setValues] = useState({ month: '', currency: currencies[0] ?? 'EUR', rate: '' });
  const [done, setDone] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      withStepUp(() =>
        adminApi(exchangeRateAnswerSchema, `/exchange-rates/${values.month}/${values.currency}`, {
          method: 'PUT',
          body: { rate: Number(values.rate) },
        }),
      ),
    onSuccess: (answer) => {
      setDone(`${exchangeRateMessages.saved}: ${answer.rate.currency} ${answer.rate.rate} for ${answer.rate.month}.`);
      void invalidate();
    },
  });
  const error = save.isError && !isStepUpCancelled(save.error) ? save.error : null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    save.mutate();
  };
  return (
    <form
      aria-label="Enter a rate"
      className="space-y-2 rounded-lg border border-navy-100 bg-white p-4"
      onSubmit={onSubmit}
    >
      <h2 className="font-semibold text-navy-900">Enter a rate</h2>
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm text-navy-800">
          Month
          <input
            type="month"
            required
            className={field}
            value={values.month}
            onChange={(event) => setValues({ ...values, month: event.target.value })}
          />
        </label>
        <label className="text-sm text-navy-800">
          Currency
          <select
            className={field}
            value={values.currency}
            onChange={(event) => setValues({ ...values, currency: event.target.value })}
          >
            {currencies.map((code) => (
              <option key={code}>{code}</option>
            ))}
          </select>
        </label>
        <label className="text-sm text-navy-800">
          Units per £1
          <input
            inputMode="decimal"
            required
            className={field}
            value={values.rate}
            placeholder="1.1456"
            aria-invalid={error ? true : undefined}
            onChange={(event) => setValues({ ...values, rate: event.target.value })}
          />
        </label>
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save rate'}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-800">
          {messageOf(error, 'rate')}
        </p>
      ) : null}
      {done ? (
        <p role="status" className="text-sm text-green-800">
          {done}
        </p>
      ) : null}
      {dialog}
    </form>
  );
}

/** Import HMRC's monthly file (XML or CSV): its text goes to the server, which reads and checks it. */
function ImportFile() {
  const invalidate = useInvalidateAdmin();
  const { withStepUp, dialog } = useStepUp();
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const upload = useMutation({
    mutationFn: async (chosen: File) => {
      const text = await chosen.text();
      return withStepUp(() =>
        adminApi(importExchangeRatesAnswerSchema, '/exchange-rates/import', { method: 'POST', body: { file: text } }),
      );
    },
    onSuccess: () => void invalidate(),
  });
  const error = tooLarge
    ? exchangeRateMessages.fileTooLarge
    : upload.isError && !isStepUpCancelled(upload.error)
      ? messageOf(upload.error, 'file')
      : null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    const large = file.size > RATE_FILE_MAX;
    setTooLarge(large);
    if (!large) upload.mutate(file);
  };
  return (
    <form
      aria-label="Import HMRC’s file"
      className="space-y-2 rounded-lg border border-navy-100 bg-white p-4"
      onSubmit={onSubmit}
    >
      <h2 className="font-semibold text-navy-900">Import HMRC’s monthly file</h2>
      <p className="text-xs text-navy-600">
        The month’s rates in XML or CSV, as HMRC publishes them. Only the currencies the shop sells in are kept.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm text-navy-800">
          Rates file
          <input
            type="file"
            accept=".xml,.csv,text/xml,application/xml,text/csv"
            className={field}
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setTooLarge(false);
              upload.reset();
            }}
          />
        </label>
        <Button type="submit" size="sm" disabled={!file || upload.isPending}>
          {upload.isPending ? 'Importing...' : 'Import'}
        </Button>
      </div>
      {upload.isPending ? (
        <p role="status" className="text-sm text-navy-700">
          Reading and checking the file...
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {upload.isSuccess ? (
        <p role="status" className="text-sm text-green-800">
          {importSummary(upload.data)}
        </p>
      ) : null}
      {dialog}
    </form>
  );
}
