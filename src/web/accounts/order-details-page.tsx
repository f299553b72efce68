import { ArrowLeft } from 'lucide-react';
import { BatchHistoryList } from '../ui/batch-history';
import type { ReactNode } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { ledgerDepositDue, ledgerLines } from '../../shared/orders/ledger-lines';
import type { Order } from '../../shared/orders/order-schema';
import { paysInFull } from '../../shared/orders/order-kind';
import { isFullOrder, useOrder } from '../lib/get-order';
import { ApiError } from '../lib/api-client';
import { PageHead } from '../lib/page-head';
import { Button } from '../ui/button';
import { Container } from '../ui/container';
import { PageLoading } from '../ui/page-loading';
import { useAccountOrder } from './account-order';
import { Badge } from '../ui/badge';
import { OrderAddresses, OrderLinesTable } from '../ui/order-paperwork';
import { orderTimeline, paymentBadge, productSummary } from '../lib/order-display';
import { type PageText, useT } from '../i18n/use-t';
import { batchShipTextIn } from '../i18n/batch-text';
import { termsIn } from '../i18n/terms-text';
import { documentDownloadIn, documentLabelIn, ledgerLineLabelIn } from '../i18n/status-labels';
import { OrderStatusBadge } from '../ui/order-status-badge';
import { signOutDestination } from '../lib/sign-out';
import { useSession } from '../lib/use-session';
import { OrderInstruments } from './instrument-list';
import { EInvoiceLinks } from '../ui/einvoice-links';
import { vatLabelIn } from '../ui/vat-summary';
import { PurchaseOrderForm } from '../ui/purchase-order-form';
import { useAttachPo } from '../lib/attach-po';

/** Issue 39: the buyer's PO number and document, attached or replaced here after the order. */
function OrderPurchaseOrder({ order, accessKey }: { order: Order; accessKey: string | null }) {
  const attach = useAttachPo(order.id, accessKey);
  return (
    <PurchaseOrderForm
      poNumber={order.poNumber}
      document={order.poDocument}
      upload={(body) => attach.mutateAsync(body)}
      who="customer"
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-lg border border-navy-100 bg-white p-5">
      <h2 className="text-lg font-semibold text-navy-900">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5 text-sm">
      <dt className="text-navy-600">{label}</dt>
      <dd className="text-right font-medium tabular-nums text-navy-900">{children}</dd>
    </div>
  );
}

function NotFound() {
  const { t } = useT();
  return (
    <Container className="py-20 text-center">
      <h1 className="text-2xl font-semibold text-navy-900">{t('order.notFound', 'Order Not Found')}</h1>
      <p className="mt-2 text-navy-600">
        {t('details.notFoundText', "The order you're looking for could not be found.")}
      </p>
      <Button asChild className="mt-6">
        <Link to="/my-account">{t('details.backToAccount', 'Back to My Account')}</Link>
      </Button>
    </Container>
  );
}

/**
 * /order-details/{id} (and /order/{id}): the customer's own order; with `?key=` (the link in a guest
 * order's e-mails) the guest order page, the same view read through the order's access key.
 */
export function OrderDetailsPage() {
  const [search] = useSearchParams();
  const key = search.get('key');
  return key ? <GuestOrderDetails accessKey={key} /> : <AccountOrderDetails />;
}

function Head() {
  const { t } = useT();
  return (
    <PageHead
      title={`${t('details.title', 'Order details')} | Dropwise`}
      description={t('details.description', 'The details of your Dropwise order.')}
      noindex
    />
  );
}

function LoadFailed({ retry }: { retry: () => void }) {
  const { t } = useT();
  return (
    <Container className="py-20 text-center">
      <p role="alert" className="text-red-800">
        {t('details.loadFailed', 'The order could not be loaded. Please try again.')}
      </p>
      <Button className="mt-4" onClick={retry}>
        {t('details.retry', 'Retry')}
      </Button>
    </Container>
  );
}

function GuestOrderDetails({ accessKey }: { accessKey: string }) {
  const { id = '' } = useParams();
  const query = useOrder(id, accessKey);
  const { t } = useT();
  if (query.isPending) return <PageLoading label={t('details.loading', 'Loading order details...')} />;
  if (query.isError && !(query.error instanceof ApiError && query.error.status === 404))
    return <LoadFailed retry={() => void query.refetch()} />;
  // A wrong key reads like an unknown order: nothing says whether the id exists.
  if (query.isError || !isFullOrder(query.data)) return <NotFound />;
  return <OrderDetailsView order={query.data} guest accessKey={accessKey} />;
}

function AccountOrderDetails() {
  const { id = '' } = useParams();
  const session = useSession();
  const ready = session.signedIn && !session.mfaStep;
  const query = useAccountOrder(id, ready);
  const { t } = useT();

  if (session.isSuccess && !session.signedIn) return <Navigate to={signOutDestination('/login')} replace />;
  if (session.isPending || !ready || query.isPending)
    return <PageLoading label={t('details.loading', 'Loading order details...')} />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NotFound />;
    return <LoadFailed retry={() => void query.refetch()} />;
  }
  return <OrderDetailsView order={query.data.order} guest={false} />;
}

/**
 * The ledger's figures under the names every page uses (shared/orders/ledger-lines.ts), each only when
 * not zero. The specification's Payment Information names two of them: the deposit due reads "Deposit
 * Required" ("Paid" once the deposit is covered) and the outstanding figure "Remaining Balance".
 */
function CustomerLedgerRows({
  order,
  money,
  text,
}: {
  order: Order;
  money: (minor: number) => string;
  text: PageText;
}) {
  const { t } = text;
  const lines = ledgerLines(order);
  const depositRequired = t('details.depositRequired', 'Deposit Required');
  // A repair has no deposit (decision 0062): its total is the one sum, read as Outstanding.
  const repair = paysInFull(order);
  const depositPaid =
    !repair && order.status !== 'cancelled' && order.depositAmount > 0 && ledgerDepositDue(order) === 0;
  return (
    <>
      {depositPaid && order.ledger.paid > 0 ? (
        <Row label={depositRequired}>
          <span data-testid="customer-deposit-due">{t('payment.paid', 'Paid')}</span>
        </Row>
      ) : null}
      {lines.map((line) =>
        line.key === 'depositDue' ? (
          <Row key={line.key} label={depositRequired}>
            <span data-testid="customer-deposit-due">{money(line.amount)}</span>
          </Row>
        ) : line.key === 'outstanding' ? (
          <Row
            key={line.key}
            label={repair ? ledgerLineLabelIn(text, line.key) : t('details.remaining', 'Remaining Balance')}
          >
            <span data-testid="customer-remaining">{money(line.amount)}</span>
          </Row>
        ) : (
          <Row key={line.key} label={ledgerLineLabelIn(text, line.key)}>
            {money(line.amount)}
          </Row>
        ),
      )}
    </>
  );
}

/**
 * A row of the status history in the page's language (issue 53): by its message id, its amount in the
 * language's money format; the server's English where the row has no id (an older server).
 */
function historyEntryIn(text: PageText, entry: Order['statusHistory'][number], currency: string): string | null {
  if (!entry.messageId || text.language === 'en') return entry.notes;
  const values = entry.values ?? {};
  const amount = values.amount;
  return text.message(
    { id: entry.messageId, message: entry.notes ?? '' },
    typeof amount === 'number' ? { ...values, amount: text.money(amount, currency, { decimals: 2 }) } : values,
  );
}

/** The order as its owner sees it: status, timeline, lines, addresses, documents and payments. */
function OrderDetailsView({ order, guest, accessKey }: { order: Order; guest: boolean; accessKey?: string }) {
  const summary = productSummary(order);
  const text = useT();
  const { t } = text;
  const money = (minor: number) => text.money(minor, order.currency, { decimals: 2 });
  const badge = paymentBadge(order.paymentStatus, {
    status: order.status,
    outstanding: order.ledger.outstanding,
    kind: order.kind,
  });
  const payment = { ...badge, label: text.message(badge.message) };
  const placedOn = text.date(order.createdAt);
  const notSpecified = t('details.notSpecified', 'Not specified');
  const history = [...order.statusHistory].reverse();

  return (
    <Container className="py-10">
      <Head />
      {guest ? null : (
        <Link
          to="/my-account"
          className="inline-flex items-center gap-1 text-sm font-medium text-accent-700 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" /> {t('details.backToAccount', 'Back to My Account')}
        </Link>
      )}
      <header className="mt-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight text-navy-900">
            {t('details.heading', 'Order {number}', { number: order.orderNumber })}
          </h1>
          <p className="mt-1 text-navy-600">{t('details.placedOn', 'Placed on {date}', { date: placedOn })}</p>
        </div>
        <OrderStatusBadge status={order.status} />
      </header>

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Section title={t('details.product', 'Product Details')}>
            {order.configuration ? (
              <>
                <dl>
                  <Row label={t('details.productLabel', 'Product')}>{summary.product}</Row>
                  <Row label={t('details.configuration', 'Configuration')}>{summary.configuration ?? notSpecified}</Row>
                  <Row label={t('configure.quantity', 'Quantity')}>{summary.quantity}</Row>
                  {paysInFull(order) ? (
                    <Row label={t('orderFlow.payment', 'Payment')}>{termsIn(text).repairPayment}</Row>
                  ) : (
                    <Row label={t('details.batch', 'Batch')}>
                      {order.batch ? batchShipTextIn(text, order.batch) : (summary.batch ?? notSpecified)}
                    </Row>
                  )}
                </dl>
                {order.batchHistory ? <BatchHistoryList history={order.batchHistory} /> : null}
                {summary.accessories.length > 0 ? (
                  <div className="mt-3">
                    <h3 className="text-sm font-medium text-navy-900">{t('configure.accessories', 'Accessories')}</h3>
                    <ul className="mt-1 list-inside list-disc text-sm text-navy-700">
                      {summary.accessories.map((accessory) => (
                        <li key={accessory}>{accessory}</li>
                      ))}
                    </ul>
                  </div>
                ) : null}
              </>
            ) : (
              <p className="text-sm text-navy-600">{t('details.noConfiguration', 'No configuration data available')}</p>
            )}
            {order.notes ? (
              <div className="mt-3">
                <h3 className="text-sm font-medium text-navy-900">{t('details.notes', 'Order Notes')}</h3>
                <p className="mt-1 whitespace-pre-line text-sm text-navy-700">{order.notes}</p>
              </div>
            ) : null}
            {order.customerMessage ? (
              <div className="mt-3" data-testid="message-from-us">
                <h3 className="text-sm font-medium text-navy-900">{t('details.message', 'Message from Dropwise')}</h3>
                <p className="mt-1 whitespace-pre-line text-sm text-navy-700">{order.customerMessage}</p>
              </div>
            ) : null}
          </Section>

          <Section title={t('details.lines', 'Order Lines')}>
            {/* The money figures are the ledger's, once, under Payment Information. */}
            <OrderLinesTable order={order} showSplit={false} />
          </Section>

          {order.instruments && order.instruments.length > 0 ? (
            <Section title={t('details.instruments', 'Instruments')}>
              <OrderInstruments
                instruments={order.instruments}
                guest={guest && accessKey ? { orderId: order.id, accessKey } : undefined}
              />
            </Section>
          ) : null}

          <Section title={t('details.addresses', 'Addresses')}>
            <OrderAddresses order={order} />
          </Section>

          <Section title={t('details.purchaseOrder', 'Purchase Order')}>
            <OrderPurchaseOrder order={order} accessKey={accessKey ?? null} />
          </Section>

          <Section title={t('details.documents', 'Documents')}>
            {order.documents.length === 0 ? (
              <p className="text-sm text-navy-600">
                {t('details.noDocuments', 'Your order confirmation and invoices will appear here.')}
              </p>
            ) : (
              <ul className="divide-y divide-navy-100 text-sm">
                {order.documents.map((document) => (
                  <li key={document.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <span>
                      {documentLabelIn(text, document.kind)}
                      {document.kind === 'confirmation' || document.kind === 'acknowledgement'
                        ? ''
                        : ` ${document.number}`}{' '}
                      · {text.date(document.issuedAt)}
                      {document.amount !== null ? ` · ${money(document.amount)}` : ''}
                      {document.dueDate && document.kind !== 'credit' && !document.credited
                        ? ` · ${t('details.due', 'due {date}', { date: text.date(document.dueDate) })}`
                        : ''}
                      {document.credited ? ` · ${t('details.credited', 'cancelled by a credit note')}` : ''}
                      {document.cancellationFee
                        ? ` · ${t('details.cancellationFee', 'Cancellation fee {amount}', { amount: money(document.cancellationFee) })}`
                        : ''}
                    </span>
                    <a className="font-medium text-accent-700 underline" href={document.url} download>
                      {documentDownloadIn(text, document.kind)}
                    </a>
                    <EInvoiceLinks
                      document={document}
                      hasBuyerReference={Boolean(order.buyerRoutingReference || order.poNumber)}
                    />
                  </li>
                ))}
              </ul>
            )}
          </Section>

          {order.trackingNumber ? (
            <Section title={t('orderFlow.shippingInformation', 'Shipping Information')}>
              <dl>
                <Row label={t('details.tracking', 'Tracking Number')}>
                  <span className="font-mono">{order.trackingNumber}</span>
                </Row>
                {order.estimatedDeliveryDate ? (
                  <Row label={t('details.estimatedDelivery', 'Estimated Delivery')}>
                    {text.date(order.estimatedDeliveryDate)}
                  </Row>
                ) : null}
              </dl>
            </Section>
          ) : null}

          <Section title={t('details.timeline', 'Order Timeline')}>
            <ol className="space-y-3">
              {orderTimeline(order.status, placedOn, text).map((step) => (
                <li key={step.title} className="flex gap-3">
                  <span aria-hidden="true" className="mt-1.5 size-2.5 shrink-0 rounded-full bg-accent-600" />
                  <div>
                    <p className="font-medium text-navy-900">{step.title}</p>
                    <p className="text-sm text-navy-600">{step.detail}</p>
                  </div>
                </li>
              ))}
            </ol>
            <h3 className="mt-5 text-sm font-medium text-navy-900">{t('details.history', 'Status history')}</h3>
            {history.length === 0 ? (
              <p className="mt-1 text-sm text-navy-600">{t('details.noHistory', 'No status history available')}</p>
            ) : (
              <ul className="mt-1 space-y-1 text-sm text-navy-700">
                {history.map((entry) => (
                  <li key={entry.id}>
                    {historyEntryIn(text, entry, order.currency)}, {text.date(entry.createdAt)}
                  </li>
                ))}
              </ul>
            )}
          </Section>
        </div>

        <Section title={t('details.payment', 'Payment Information')}>
          <dl>
            <Row label={t('totals.subtotal', 'Subtotal')}>
              {money(order.subtotalAmount ?? order.items.reduce((sum, item) => sum + item.totalPrice, 0))}
            </Row>
            <Row label={vatLabelIn(text, order.vatRate)}>
              {money(
                order.vatAmount ?? order.totalAmount - order.items.reduce((sum, item) => sum + item.totalPrice, 0),
              )}
            </Row>
            <CustomerLedgerRows order={order} money={money} text={text} />
            <div className="mt-2 border-t border-navy-100 pt-2">
              <Row label={t('totals.total', 'Total')}>{money(order.totalAmount)}</Row>
            </div>
          </dl>
          <Badge className={`mt-3 ${payment.className}`}>{payment.label}</Badge>
        </Section>
      </div>
    </Container>
  );
}
