import { CheckCircle2 } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../lib/api-client';
import { PageHead } from '../lib/page-head';
import { Button } from '../ui/button';
import { Container } from '../ui/container';
import { PageLoading } from '../ui/page-loading';
import { isFullOrder, useOrder } from '../lib/get-order';
import { OrderAddresses, OrderLinesTable } from '../ui/order-paperwork';
import { PAYMENT_DAYS } from '../../shared/terms';
import { termsIn } from '../i18n/terms-text';
import { paysInFull } from '../../shared/orders/order-kind';
import { DEPOSIT_PERCENT } from '../../shared/pricing/deposit';
import { useT } from '../i18n/use-t';
import { batchShipTextIn } from '../i18n/batch-text';
import { orderStatusIn } from '../i18n/status-labels';

/** /order-confirmation/{orderId} (storefront spec, section 2). */
export function OrderConfirmationPage() {
  const { orderId } = useParams();
  // A guest order's access key (from placing it in this tab): its guest order page shows the live order.
  const [search] = useSearchParams();
  const key = search.get('key');
  const order = useOrder(orderId, key);
  const text = useT();
  const { t } = text;
  // The terms' sentences in the page's language, a summary; the English terms of sale bind (issue 53).
  const said = termsIn(text);
  let body;
  if (order.isPending) body = <PageLoading label={t('order.loading', 'Loading order...')} />;
  else if (order.isError) {
    const notFound = order.error instanceof ApiError && order.error.status === 404;
    body = (
      <div role="alert" className="py-16 text-center">
        <h1 className="text-2xl font-semibold">
          {notFound ? t('order.notFound', 'Order Not Found') : t('order.fetchFailed', 'Failed to fetch order')}
        </h1>
        <p className="mt-3 text-navy-700">
          {notFound
            ? t('order.notFoundText', 'We could not find this order.')
            : t('order.tryAgain', 'Please try again in a moment.')}
        </p>
        <Button asChild className="mt-6">
          <Link to="/my-account">{t('order.goToAccount', 'Go to My Account')}</Link>
        </Button>
      </div>
    );
  } else {
    const data = order.data;
    const repair = paysInFull(data);
    const money = (minor: number) => text.money(minor, data.currency, { decimals: 2 });
    body = (
      <div className="space-y-8">
        <div className="text-center">
          <CheckCircle2 aria-hidden="true" className="mx-auto size-12 text-green-700" />
          <h1 className="mt-4 text-3xl font-semibold tracking-tight">{t('order.received', 'Order Received')}</h1>
          <p className="mt-2 text-navy-700">
            {t('order.thankYou', 'Thank you.')} {said.binding}
          </p>
        </div>
        <dl className="grid gap-4 rounded-lg border border-navy-100 p-6 sm:grid-cols-2 tabular-nums">
          <div>
            <dt className="text-sm text-navy-600">{t('order.number', 'Order number')}</dt>
            <dd data-testid="order-number" className="text-lg font-semibold">
              {data.orderNumber}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-navy-600">{t('order.status', 'Status')}</dt>
            <dd>
              <span className="inline-block rounded-full bg-amber-100 px-3 py-0.5 text-sm font-medium text-amber-900">
                {orderStatusIn(text, data.status)}
              </span>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-navy-600">{t('order.date', 'Order date')}</dt>
            <dd>{text.date(data.createdAt)}</dd>
          </div>
          <div>
            <dt className="text-sm text-navy-600">{t('totals.total', 'Total')}</dt>
            <dd data-testid="order-total" className="font-semibold">
              {money(data.totalAmount)}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-navy-600">
              {repair ? t('order.payInFull', 'Payment in full') : t('order.depositRequired', 'Deposit required')}
            </dt>
            <dd>{money(data.depositAmount)}</dd>
          </div>
          {data.batch ? (
            <div className="sm:col-span-2">
              <dt className="text-sm text-navy-600">{t('quote.batch', 'Production batch')}</dt>
              <dd data-testid="order-batch">{batchShipTextIn(text, data.batch)}</dd>
            </div>
          ) : null}
        </dl>
        {key && isFullOrder(data) ? (
          <p className="text-center">
            <Link
              to={`/order-details/${data.id}?key=${encodeURIComponent(key)}`}
              className="font-medium text-accent-700 underline"
            >
              {t('order.follow', 'Follow your order: status, documents and addresses')}
            </Link>
          </p>
        ) : null}
        {isFullOrder(data) ? (
          <section aria-labelledby="order-summary" className="space-y-6 rounded-lg border border-navy-100 p-6">
            <h2 id="order-summary" className="text-xl font-semibold">
              {t('summary.heading', 'Order summary')}
            </h2>
            {/* The deposit is shown above; the balance is the rest of the total. */}
            <OrderLinesTable order={data} showSplit={false} />
            <OrderAddresses order={data} />
          </section>
        ) : null}
        <section aria-labelledby="next-steps" className="rounded-lg border border-navy-100 bg-navy-50 p-6">
          <h2 id="next-steps" className="text-xl font-semibold">
            {t('order.next', 'What happens next')}
          </h2>
          <ol className="mt-3 list-decimal space-y-2 pl-5">
            <li>
              {t(
                'order.next1',
                'We will confirm your order in writing within 48 hours; from then on it binds you and us.',
              )}
            </li>
            {repair ? (
              <>
                <li>
                  {said.repairPayment} {t('order.invoice', 'We will send you the invoice.')}
                </li>
                <li>{said.repairLeadTime}</li>
              </>
            ) : (
              <li>
                {said.deposit({ depositPercent: DEPOSIT_PERCENT, depositDueDays: PAYMENT_DAYS })}{' '}
                {t('order.productionBegins', 'Production of your instrument begins once it is paid.')}
              </li>
            )}
            <li>{said.currency(data.currency)}</li>
          </ol>
          {said.bindingNote ? (
            <p className="mt-3 text-sm text-navy-600">
              {said.bindingNote}{' '}
              <Link to="/terms-of-sale" className="font-medium text-accent-700 underline underline-offset-2">
                {t('terms.termsOfSale', 'Terms of Sale')}
              </Link>
            </p>
          ) : null}
        </section>
      </div>
    );
  }
  return (
    <Container className="max-w-3xl py-12 sm:py-16">
      <PageHead
        title={`${t('order.confirmationTitle', 'Order confirmation')} | Dropwise`}
        description={t('order.description', 'Your Dropwise order.')}
        noindex
      />
      {body}
    </Container>
  );
}
