import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { customerFallbacks } from '../../../shared/lists';
import {
  type AgedDebtCurrency,
  agedDebtAnswerSchema,
  agedDebtBucketLabels,
  agedDebtBuckets,
  agedDebtMessages,
} from '../../../shared/reporting/receivables-schemas';
import { formatUkDate } from '../../../shared/dates';
import { customerPath } from '../customers/customers-page';
import { adminApi, queryString } from '../shell/admin-api';
import { AdminHeading } from '../shell/admin-layout';
import { money, orText } from '../shell/format';
import { StateMessage } from '../shell/list-toolbar';
import { usePermissions } from '../shell/permissions';

const field = 'mt-1 block rounded-md border border-navy-200 bg-white px-2 py-1.5 text-sm text-navy-900';
const cell = 'px-3 py-2';
const amountCell = `${cell} text-right tabular-nums`;

/** "45 days overdue", "due today", "due in 3 days". */
function ageText(days: number) {
  if (days === 0) return 'Due today (0 days)';
  if (days < 0) return `Due in ${-days} day${days === -1 ? '' : 's'}`;
  return `${days} day${days === 1 ? '' : 's'} overdue`;
}

/** One currency's report: its totals per bucket, then each customer with their open invoices. */
function CurrencySection({ section }: { section: AgedDebtCurrency }) {
  const headingId = `aged-debt-${section.currency}`;
  const amount = (minor: number) => (minor === 0 ? '—' : money(minor, section.currency));
  return (
    <section aria-labelledby={headingId} className="space-y-2 rounded-lg border border-navy-100 bg-white p-4">
      <h2 id={headingId} className="text-lg font-semibold text-navy-900">
        {section.currency}: {money(section.total, section.currency)} owed on {section.invoiceCount} invoice
        {section.invoiceCount === 1 ? '' : 's'}
      </h2>
      {section.unallocated ? (
        <p className="text-sm text-amber-800">
          {money(section.unallocated, section.currency)} received on account is not yet allocated to an invoice:{' '}
          {money(section.total - section.unallocated, section.currency)} net.{' '}
          <Link className="text-accent-700 underline" to="/admin/receipts">
            Allocate it
          </Link>
        </p>
      ) : null}
      <div className="overflow-x-auto">
        <table className="min-w-full text-left text-sm" aria-label={`Aged debt in ${section.currency}`}>
          <thead className="bg-navy-50 text-navy-700">
            <tr>
              <th scope="col" className={cell}>
                Customer / invoice
              </th>
              <th scope="col" className={cell}>
                Order
              </th>
              <th scope="col" className={cell}>
                Due
              </th>
              {agedDebtBuckets.map((bucket) => (
                <th key={bucket} scope="col" className={`${cell} text-right`}>
                  {agedDebtBucketLabels[bucket]}
                </th>
              ))}
              <th scope="col" className={`${cell} text-right`}>
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {section.customers.map((customer, index) => {
              const name = orText(customer.name, customerFallbacks.noName);
              return (
                <Fragment key={customer.key ?? `erased-${index}`}>
                  <tr className="border-t border-navy-200 bg-navy-50/40 font-medium">
                    <th scope="row" className={cell} colSpan={3}>
                      {customer.key ? (
                        <Link className="text-accent-700 underline" to={customerPath(customer.key)}>
                          {name}
                        </Link>
                      ) : (
                        name
                      )}
                      <div className="font-normal text-navy-600">
                        {[customer.organisation, orText(customer.email, customerFallbacks.noEmail)]
                          .filter((part) => part && part !== name)
                          .join(' · ')}
                      </div>
                    </th>
                    {agedDebtBuckets.map((bucket) => (
                      <td key={bucket} className={amountCell}>
                        {amount(customer.buckets[bucket])}
                      </td>
                    ))}
                    <td className={amountCell}>{money(customer.total, section.currency)}</td>
                  </tr>
                  {customer.invoices.map((invoice) => (
                    <tr key={invoice.invoiceId} className="border-t border-navy-100">
                      <td className={`${cell} pl-6 font-mono`}>{invoice.number}</td>
                      <td className={cell}>
                        <Link className="text-accent-700 underline" to={`/admin/orders/${invoice.orderId}`}>
                          {invoice.orderNumber}
                        </Link>
                      </td>
                      <td className={cell}>
                        {formatUkDate(invoice.dueDate)}
                        <div className="text-xs text-navy-600">{ageText(invoice.daysOverdue)}</div>
                      </td>
                      {agedDebtBuckets.map((bucket) => (
                        <td key={bucket} className={amountCell}>
                          {bucket === invoice.bucket ? money(invoice.outstanding, section.currency) : ''}
                        </td>
                      ))}
                      <td className={amountCell}>{money(invoice.outstanding, section.currency)}</td>
                    </tr>
                  ))}
                </Fragment>
              );
            })}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-navy-300 font-semibold">
              <th scope="row" className={cell} colSpan={3}>
                Total {section.currency}
              </th>
              {agedDebtBuckets.map((bucket) => (
                <td key={bucket} className={amountCell}>
                  {money(section.buckets[bucket], section.currency)}
                </td>
              ))}
              <td className={amountCell}>{money(section.total, section.currency)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}

/**
 * /admin/receivables/aged-debt: the open invoices by customer in buckets of days past due, one
 * section per currency (GBP and EUR never added), each order linked, with a search, a currency
 * filter and the CSV.
 */
export function AgedDebtPage() {
  const { can } = usePermissions();
  const [query, setQuery] = useState({ search: '', currency: '' });
  const [draft, setDraft] = useState(query);
  const report = useQuery({
    queryKey: ['admin', 'aged-debt', query],
    queryFn: () => adminApi(agedDebtAnswerSchema, `/receivables/aged-debt${queryString(query)}`),
    placeholderData: keepPreviousData,
    retry: false,
  });
  return (
    <section className="space-y-4">
      <AdminHeading title="Aged debt" />
      <p className="text-sm text-navy-700">
        Every deposit and balance invoice with money outstanding, by customer and by days past its due date
        {report.data ? ` as of ${formatUkDate(report.data.asOf)}` : ''}. {agedDebtMessages.bucketRule}
      </p>
      <form
        aria-label="Aged debt filters"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery(draft);
        }}
      >
        <label className="text-sm text-navy-800">
          Search
          <input
            type="search"
            className={field}
            placeholder="Customer, e-mail, order or invoice"
            value={draft.search}
            onChange={(event) => setDraft({ ...draft, search: event.target.value })}
          />
        </label>
        <label className="text-sm text-navy-800">
          Currency
          <select
            className={field}
            value={draft.currency}
            onChange={(event) => setDraft({ ...draft, currency: event.target.value })}
          >
            <option value="">All</option>
            <option value="GBP">GBP</option>
            <option value="EUR">EUR</option>
          </select>
        </label>
        <button type="submit" className="rounded-md bg-accent-700 px-3 py-1.5 text-sm font-medium text-white">
          Show
        </button>
        {can('exports.csv') ? (
          <a
            className="text-sm text-accent-700 underline"
            href={`/api/admin/receivables/aged-debt.csv${queryString(query)}`}
            download
          >
            Download CSV
          </a>
        ) : null}
      </form>
      {report.isPending ? (
        <StateMessage>Loading the aged-debt report...</StateMessage>
      ) : report.isError ? (
        <StateMessage tone="error">{agedDebtMessages.loadFailed}</StateMessage>
      ) : report.data.currencies.length === 0 ? (
        <StateMessage>{agedDebtMessages.empty}</StateMessage>
      ) : (
        report.data.currencies.map((section) => <CurrencySection key={section.currency} section={section} />)
      )}
    </section>
  );
}
