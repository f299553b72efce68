import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { formatUkDate } from '../../../shared/dates';
import { productionListSchema } from '../../../shared/orders/dispatch-contracts';
import { orderStatusLabels } from '../../../shared/orders/order-status';
import { dashboardSchema } from '../../../shared/reporting/dashboard-contracts';
import { PageLoading } from '../../ui/page-loading';
import { adminApi } from '../shell/admin-api';
import { AdminHeading } from '../shell/admin-layout';
import { StateMessage } from '../shell/list-toolbar';

const cell = 'border-b border-navy-100 px-2 py-2 align-top text-sm';

/**
 * /admin/production (issue 54): a batch's production list: each order to build with its configuration,
 * options, quantity, delivery country, power adaptor, ship-by date and deposit state; no amount. The
 * same list downloads as CSV and as a PDF. The batches to choose from are the dashboard's.
 */
export function ProductionPage() {
  const [params, setParams] = useSearchParams();
  const batches = useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: () => adminApi(dashboardSchema, '/dashboard'),
  });
  const choices = batches.data?.batchPlaces ?? [];
  const batchId = params.get('batch') ?? choices.find((batch) => !batch.soldOut)?.id ?? choices[0]?.id ?? '';
  const status = params.get('status') === 'all' ? 'all' : 'open';
  const list = useQuery({
    queryKey: ['admin', 'production', batchId, status],
    queryFn: () =>
      adminApi(productionListSchema, `/batches/${encodeURIComponent(batchId)}/production?status=${status}`),
    enabled: batchId !== '',
  });
  const base = `/api/admin/batches/${encodeURIComponent(batchId)}/production`;
  const change = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set(key, value);
    setParams(next);
  };
  return (
    <section className="space-y-4">
      <AdminHeading title="Production" />
      <div className="flex flex-wrap items-end gap-4">
        <label className="text-sm">
          <span className="block font-medium text-navy-900">Batch</span>
          <select
            className="mt-1 rounded border border-navy-200 px-2 py-1"
            value={batchId}
            onChange={(event) => change('batch', event.target.value)}
          >
            {choices.map((batch) => (
              <option key={batch.id} value={batch.id}>
                {batch.name}
                {batch.date ? ` (${formatUkDate(batch.date)})` : ''}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="block font-medium text-navy-900">Orders</span>
          <select
            className="mt-1 rounded border border-navy-200 px-2 py-1"
            value={status}
            onChange={(event) => change('status', event.target.value)}
          >
            <option value="open">Still to ship</option>
            <option value="all">All but cancelled</option>
          </select>
        </label>
        {batchId ? (
          <div className="flex gap-3 text-sm">
            <a className="text-accent-700 underline" href={`${base}.csv?status=${status}`}>
              Download CSV
            </a>
            <a className="text-accent-700 underline" href={`${base}.pdf?status=${status}`}>
              Download PDF
            </a>
          </div>
        ) : null}
      </div>
      {batches.isError || list.isError ? (
        <StateMessage tone="error">Failed to load the production list. Please try again.</StateMessage>
      ) : batches.isPending || (batchId !== '' && list.isPending) ? (
        <PageLoading label="Loading the production list..." />
      ) : !list.data ? (
        <StateMessage>No batches yet.</StateMessage>
      ) : list.data.items.length === 0 ? (
        <StateMessage>No orders to build in {list.data.batch.name}.</StateMessage>
      ) : (
        <>
          <p className="text-sm text-navy-700">
            {list.data.orders} orders, {list.data.instruments} instruments. Ship date:{' '}
            {list.data.batch.date ? formatUkDate(list.data.batch.date) : 'to be confirmed'}.
          </p>
          <div className="overflow-x-auto rounded-lg border border-navy-100 bg-white">
            <table className="w-full text-left">
              <thead className="bg-navy-50 text-sm text-navy-800">
                <tr>
                  {[
                    'Order',
                    'Status',
                    'Configuration',
                    'Options',
                    'Qty',
                    'Power adaptor',
                    'Country',
                    'Ship by',
                    'Deposit',
                  ].map((heading) => (
                    <th key={heading} scope="col" className="px-2 py-2">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((row) => (
                  <tr key={row.orderId}>
                    <td className={cell}>
                      <Link
                        className="text-accent-700 underline"
                        to={`/admin/dispatch/${encodeURIComponent(row.orderId)}`}
                      >
                        {row.orderNumber}
                      </Link>
                    </td>
                    <td className={cell}>{orderStatusLabels[row.status]}</td>
                    <td className={cell}>{row.configuration}</td>
                    <td className={cell}>
                      <ul>
                        {row.options.map((option) => (
                          <li key={`${option.type}-${option.name}`}>
                            {option.name} × {option.quantity}
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td className={cell}>{row.quantity}</td>
                    <td className={cell}>{row.powerAdaptor ?? '—'}</td>
                    <td className={cell}>{row.country ?? '—'}</td>
                    <td className={cell}>{row.shipBy ? formatUkDate(row.shipBy) : 'To be confirmed'}</td>
                    <td className={cell}>{row.depositState}</td>
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
