import { CheckCircle2 } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatMoney } from '../../shared/money';
import { formatUkDate } from '../../shared/dates';
import { batchShipText } from '../../shared/batches/ship-date';
import { ApiError } from '../lib/api-client';
import { PageHead } from '../lib/page-head';
import { Button } from '../ui/button';
import { Container } from '../ui/container';
import { PageLoading } from '../ui/page-loading';
import { isFullOrder, useOrder } from '../lib/get-order';
import { OrderAddresses, OrderLinesTable } from '../ui/order-paperwork';
import { PAYMENT_DAYS, repairTerms, terms } from '../../shared/terms';
import { paysInFull } from '../../shared/orders/order-kind';
import { DEPOSIT_PERCENT } from '../../shared/pricing/deposit';

const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1).replaceAll('_', ' ');

/** /order-confirmation/{orderId} (storefront spec, section 2). */
export function OrderConfirmationPage() {
  const { orderId } = useParams();
  // A guest order's access key (from placing it in this tab): its guest order page shows the live order.
  const [search] = useSearchParams();
  const key = search.get('key');
  const order = useOrder(orderId, key);
  let body;
  if (order.isPending) body = <PageLoading label="Loading order..." />;
  else if (order.isError) {
    const notFound = order.error instanceof ApiError && order.error.status === 404;
    body = (
      <div role="alert" className="py-16 text-center">
        <h1 className="text-2xl font-semibold">{notFound ? 'Order Not Found' : 'Failed to fetch order'}</h1>
        <p className="mt-3 text-navy-700">
          {notFound ? 'We could not find this order.' : 'Please try again in a moment.'}
        </p>
        <Button asChild className="mt-6">
          <Link to="/my-account">Go to My Account</Link>
        </Button>
      </div>
    );
  } else {
    const data = order.data;
    const repair = paysInFull(data);
    const money = (minor: number) => formatMoney(minor, data.currency, { decimals: 2 });
    body = (
      <div className="space-y-8">
        <div className="text-center">
          <CheckCircle2 aria-hidden="true" className="mx-auto size-12 text-green-700" />
          <h1 className="mt-4 text-3xl font-semibold tracking-tight">Order Received</h1>
          <p className="mt-2 text-navy-700">Thank you. {terms.binding}</p>
        </div>
        <dl className="grid gap-4 rounded-lg border border-navy-100 p-6 sm:grid-cols-2 tabular-nums">
          <div>
            <dt className="text-sm text-navy-600">Order number</dt>
            <dd data-testid="order-number" className="text-lg font-semibold">
              {data.orderNumber}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-navy-600">Status</dt>
            <dd>
              <span className="inline-block rounded-full bg-amber-100 px-3 py-0.5 text-sm font-medium text-amber-900">
                {statusLabel(data.status)}
              </span>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-navy-600">Order date</dt>
            <dd>{formatUkDate(data.createdAt)}</dd>
          </div>
          <div>
            <dt className="text-sm text-navy-600">Total</dt>
            <dd data-testid="order-total" className="font-semibold">
              {money(data.totalAmount)}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-navy-600">{repair ? 'Payment in full' : 'Deposit required'}</dt>
            <dd>{money(data.depositAmount)}</dd>
          </div>
          {data.batch ? (
            <div className="sm:col-span-2">
              <dt className="text-sm text-navy-600">Production batch</dt>
              <dd data-testid="order-batch">{batchShipText(data.batch)}</dd>
            </div>
          ) : null}
        </dl>
        {key && isFullOrder(data) ? (
          <p className="text-center">
            <Link
              to={`/order-details/${data.id}?key=${encodeURIComponent(key)}`}
              className="font-medium text-accent-700 underline"
            >
              Follow your order: status, documents and addresses
            </Link>
          </p>
        ) : null}
        {isFullOrder(data) ? (
          <section aria-labelledby="order-summary" className="space-y-6 rounded-lg border border-navy-100 p-6">
            <h2 id="order-summary" className="text-xl font-semibold">
              Order summary
            </h2>
            {/* The deposit is shown above; the balance is the rest of the total. */}
            <OrderLinesTable order={data} showSplit={false} />
            <OrderAddresses order={data} />
          </section>
        ) : null}
        <section aria-labelledby="next-steps" className="rounded-lg border border-navy-100 bg-navy-50 p-6">
          <h2 id="next-steps" className="text-xl font-semibold">
            What happens next
          </h2>
          <ol className="mt-3 list-decimal space-y-2 pl-5">
            <li>We will confirm your order in writing within 48 hours; from then on it binds you and us.</li>
            {repair ? (
              <>
                <li>{repairTerms.payment} We will send you the invoice.</li>
                <li>{repairTerms.leadTime}</li>
              </>
            ) : (
              <li>
                {terms.deposit({ depositPercent: DEPOSIT_PERCENT, depositDueDays: PAYMENT_DAYS })} Production of your
                instrument begins once it is paid.
              </li>
            )}
            <li>{terms.currency(data.currency)}</li>
          </ol>
        </section>
      </div>
    );
  }
  return (
    <Container className="max-w-3xl py-12 sm:py-16">
      <PageHead title="Order confirmation | Dropwise" description="Your Dropwise order." noindex />
      {body}
    </Container>
  );
}
