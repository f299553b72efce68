import { useQuery } from '@tanstack/react-query';
import { titledName } from '../../../shared/accounts/title';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { customerFallbacks } from '../../../shared/lists';
import { customerDetailSchema, customerKindLabels, customerMessages } from '../../../shared/customers/customer-schemas';
import { PageLoading } from '../../ui/page-loading';
import { adminApi } from '../shell/admin-api';
import { AdminHeading, AdminLink } from '../shell/admin-layout';
import { OrderBadge, PaymentBadge, QuoteBadge } from '../shell/badges';
import { DetailLoadFailed } from '../shell/detail-load-failed';
import { day, money, moment, orText } from '../shell/format';
import { StateMessage } from '../shell/list-toolbar';
import { CustomerTotals } from './customers-page';
import { EmailStatementButton, OrganisationPanel } from './organisation-panel';

const card = 'rounded-lg border border-navy-100 bg-white p-4';
const cell = 'px-3 py-2';

function Section({
  title,
  count,
  limit,
  children,
}: {
  title: string;
  count: number;
  limit: number;
  children: ReactNode;
}) {
  const id = `customer-${title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <section className={card} aria-labelledby={id}>
      <h2 id={id} className="mb-2 text-lg font-semibold text-navy-900">
        {title}
      </h2>
      {count >= limit ? <p className="mb-2 text-sm text-navy-600">The newest {limit} are shown.</p> : null}
      {children}
    </section>
  );
}

function Table({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-navy-50 text-navy-700">
          <tr>
            {head.map((label) => (
              <th key={label} scope="col" className={`${cell} font-semibold`}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** /admin/customers/{key}: one account or guest, their quotes, orders, instruments and the audit of changes to them. */
export function CustomerDetailPage() {
  const { key = '' } = useParams();
  const detail = useQuery({
    queryKey: ['admin', 'customer', key],
    queryFn: () => adminApi(customerDetailSchema, `/customers/${encodeURIComponent(key)}`),
    retry: false,
  });
  if (detail.isPending) return <PageLoading label="Loading customer..." />;
  if (detail.isError)
    return (
      <DetailLoadFailed
        error={detail.error}
        notFound={customerMessages.notFound}
        notFoundStatuses={[404, 400]}
        failed={customerMessages.loadFailed}
        back="/admin/customers"
        backLabel="Back to customers"
      />
    );
  const { customer, quotes, orders, instruments, audit, limit } = detail.data;
  const title = orText(
    customer.name ? titledName(customer.title, customer.name) : null,
    customer.kind === 'guest' ? customerFallbacks.guest : customerFallbacks.noName,
  );
  return (
    <section className="space-y-6">
      <AdminHeading title={title}>
        <a
          className="rounded-md border border-navy-200 px-3 py-1.5 text-sm font-medium text-accent-700"
          href={`/api/admin/customers/${encodeURIComponent(key)}/statement.pdf`}
          download
        >
          Download statement
        </a>
        {customer.kind === 'account' ? <EmailStatementButton customerKey={key} /> : null}
        <Link to="/admin/customers" className="text-sm text-accent-700 underline">
          Back to customers
        </Link>
      </AdminHeading>
      <dl className={`${card} grid gap-x-6 gap-y-2 text-sm sm:grid-cols-4`}>
        <div>
          <dt className="text-navy-600">Kind</dt>
          <dd>{customerKindLabels[customer.kind]}</dd>
        </div>
        <div>
          <dt className="text-navy-600">E-mail</dt>
          <dd>{orText(customer.email, customerFallbacks.noEmail)}</dd>
        </div>
        <div>
          <dt className="text-navy-600">Organisation</dt>
          <dd>{orText(customer.organisation, customerFallbacks.notProvided)}</dd>
        </div>
        <div>
          <dt className="text-navy-600">Country</dt>
          <dd>{orText(customer.country, customerFallbacks.notProvided)}</dd>
        </div>
        <div>
          <dt className="text-navy-600">Quotes</dt>
          <dd>{customer.quotes}</dd>
        </div>
        <div>
          <dt className="text-navy-600">Orders</dt>
          <dd>{customer.orders}</dd>
        </div>
        <div>
          <dt className="text-navy-600">Total ordered</dt>
          <dd>
            <CustomerTotals totals={customer.totals} />
            <span className="text-xs text-navy-500">{customerMessages.totalNote}</span>
          </dd>
        </div>
        <div>
          <dt className="text-navy-600">Last activity</dt>
          <dd>{day(customer.lastActivityAt)}</dd>
        </div>
      </dl>

      <OrganisationPanel customerKey={key} detail={detail.data} />

      <Section title="Orders" count={orders.length} limit={limit}>
        {orders.length === 0 ? (
          <StateMessage>No orders.</StateMessage>
        ) : (
          <Table caption="Orders" head={['Order', 'Date', 'Total', 'Status', 'Payment']}>
            {orders.map((order) => (
              <tr key={order.id} className="border-t border-navy-100">
                <td className={cell}>
                  <AdminLink className="font-medium text-accent-700 underline" to={`/admin/orders/${order.id}`}>
                    {order.orderNumber}
                  </AdminLink>
                </td>
                <td className={cell}>{day(order.createdAt)}</td>
                <td className={cell}>{money(order.totalAmount, order.currency)}</td>
                <td className={cell}>
                  <OrderBadge status={order.status} />
                </td>
                <td className={cell}>
                  <PaymentBadge status={order.paymentStatus} />
                </td>
              </tr>
            ))}
          </Table>
        )}
      </Section>

      <Section title="Quotes" count={quotes.length} limit={limit}>
        {quotes.length === 0 ? (
          <StateMessage>No quotes.</StateMessage>
        ) : (
          <Table caption="Quotes" head={['Quote', 'Date', 'Total', 'Status', 'Order']}>
            {quotes.map((quote) => (
              <tr key={quote.id} className="border-t border-navy-100">
                <td className={cell}>
                  <Link className="text-accent-700 underline" to={`/quote/${encodeURIComponent(quote.quoteReference)}`}>
                    {quote.quoteNumber}
                  </Link>
                </td>
                <td className={cell}>{day(quote.createdAt)}</td>
                <td className={cell}>{money(quote.total, quote.currency)}</td>
                <td className={cell}>
                  <QuoteBadge status={quote.displayStatus} />
                </td>
                <td className={cell}>
                  {quote.orderId ? (
                    <AdminLink
                      className="text-accent-700 underline"
                      to={`/admin/orders/${quote.orderId}`}
                      fallback="Ordered"
                    >
                      Open order
                    </AdminLink>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </Section>

      <Section title="Instruments" count={instruments.length} limit={limit}>
        {instruments.length === 0 ? (
          <StateMessage>No instruments recorded yet.</StateMessage>
        ) : (
          <Table caption="Instruments" head={['Serial number', 'Model', 'Order', 'Delivered', 'Warranty ends']}>
            {instruments.map((instrument) => (
              <tr key={instrument.id} className="border-t border-navy-100">
                <td className={cell}>{instrument.serialNumber}</td>
                <td className={cell}>{instrument.model}</td>
                <td className={cell}>
                  <AdminLink className="text-accent-700 underline" to={`/admin/orders/${instrument.orderId}`}>
                    {instrument.orderNumber}
                  </AdminLink>
                </td>
                <td className={cell}>{instrument.deliveredOn ? day(instrument.deliveredOn) : '—'}</td>
                <td className={cell}>{instrument.warrantyEndsOn ? day(instrument.warrantyEndsOn) : '—'}</td>
              </tr>
            ))}
          </Table>
        )}
      </Section>

      <Section title="Changes by staff" count={audit.length} limit={limit}>
        {audit.length === 0 ? (
          <StateMessage>No changes recorded.</StateMessage>
        ) : (
          <Table caption="Changes by staff" head={['When', 'Who', 'What', 'Fields']}>
            {audit.map((entry) => (
              <tr key={entry.id} className="border-t border-navy-100">
                <td className={cell}>{moment(entry.createdAt)}</td>
                <td className={cell}>{entry.adminEmail ?? '—'}</td>
                <td className={cell}>
                  {entry.action}
                  {entry.entityType === 'order' ? (
                    <>
                      {' '}
                      <AdminLink className="text-accent-700 underline" to={`/admin/orders/${entry.entityId}`}>
                        order
                      </AdminLink>
                    </>
                  ) : null}
                </td>
                <td className={cell}>{entry.fields.join(', ') || '—'}</td>
              </tr>
            ))}
          </Table>
        )}
      </Section>
    </section>
  );
}
