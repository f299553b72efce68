import { useMutation, useQuery } from '@tanstack/react-query';
import { titledName } from '../../../shared/accounts/title';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { customerFallbacks } from '../../../shared/lists';
import { adminOrderAnswerSchema, orderMessages } from '../../../shared/orders/order-admin-contracts';
import { depositDue, orderActions } from '../../../shared/orders/lifecycle';
import type { AdminOrder } from '../../../shared/orders/order-schema';
import { addressLines } from '../../../shared/orders/order-lines';
import { formatUkDate } from '../../../shared/dates';
import { productSummary } from '../../lib/order-display';
import { OrderLinesTable } from '../../ui/order-paperwork';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { PageLoading } from '../../ui/page-loading';
import { adminApi, useInvalidateAdmin } from '../shell/admin-api';
import { AdminHeading } from '../shell/admin-layout';
import { OrderBadge, PaymentBadge } from '../shell/badges';
import { DetailLoadFailed } from '../shell/detail-load-failed';
import { day, moment, orText } from '../shell/format';
import { usePermissions } from '../shell/permissions';
import { StaffNoteForm } from '../shell/staff-note-form';
import { useStepUp } from '../shell/step-up-dialog';
import { BatchPanel } from './batch-panel';
import { InvoicesPanel } from './invoices-panel';
import { PurchaseOrderPanel } from './purchase-order-panel';
import { ProFormaPanel } from './pro-forma-panel';
import { ExportPapersPanel } from './export-papers-panel';
import { LanguagePanel } from './language-panel';
import {
  FactoryTestFields,
  type FactoryTestValues,
  InstrumentsPanel,
  SerialNumberFields,
  factoryTestsBody,
} from './instruments-panel';
import { unitsToShip } from '../../../shared/instruments/instrument-schemas';
import { OrderEditForm } from './order-edit-form';
import { PaymentsPanel } from './payments-panel';
import { RemindersPanel } from './reminders-panel';
import { VatNumberPanel } from './vat-number-panel';

const card = 'rounded-lg border border-navy-100 bg-white p-4';

function Address({ title, address }: { title: string; address: AdminOrder['shippingAddress'] }) {
  return (
    <div>
      <h3 className="font-medium text-navy-900">{title}</h3>
      {address ? (
        <p className="text-sm whitespace-pre-line text-navy-700">{addressLines(address).join('\n')}</p>
      ) : (
        <p className="text-sm text-navy-600">{customerFallbacks.notProvided}</p>
      )}
    </div>
  );
}

/** An owner ships before the balance is paid: the reason is recorded on the timeline and in the audit log. */
function ShipOverride({ orderId, units }: { orderId: string; units: number }) {
  const invalidate = useInvalidateAdmin();
  const { withStepUp, dialog } = useStepUp();
  const [reason, setReason] = useState('');
  const [serials, setSerials] = useState<string[]>([]);
  const [serialErrors, setSerialErrors] = useState<Record<string, string>>({});
  const [tests, setTests] = useState<FactoryTestValues[]>([]);
  const ship = useMutation({
    mutationFn: () =>
      withStepUp(() =>
        adminApi(adminOrderAnswerSchema, `/orders/${orderId}/ship-override`, {
          method: 'POST',
          body: { reason, serialNumbers: serials, factoryTests: factoryTestsBody(tests, units) },
        }),
      ),
    onSuccess: () => {
      toast.success('Shipped with the owner’s override');
      setReason('');
      void invalidate();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'step_up_cancelled') return;
      if (error instanceof ApiError) setSerialErrors(error.fields);
      toast.error(error instanceof ApiError ? error.message : orderMessages.orderUnexpected);
    },
  });
  return (
    <form
      aria-label="Ship before the balance is paid"
      className="mt-4 grid gap-2 border-t border-navy-100 pt-3 sm:grid-cols-[1fr_auto]"
      onSubmit={(event) => {
        event.preventDefault();
        ship.mutate();
      }}
    >
      <label className="text-sm text-navy-800">
        Owner&apos;s override: reason to ship before the balance is paid
        <input
          className="mt-1 block w-full rounded-md border border-navy-200 bg-white px-2 py-1.5 text-sm"
          value={reason}
          minLength={5}
          required
          onChange={(event) => setReason(event.target.value)}
        />
      </label>
      <SerialNumberFields count={units} values={serials} onChange={setSerials} errors={serialErrors} />
      <FactoryTestFields count={units} values={tests} onChange={setTests} errors={serialErrors} orderId={orderId} />
      <Button type="submit" variant="outline" className="self-end" disabled={ship.isPending}>
        Ship anyway
      </Button>
      {dialog}
    </form>
  );
}

/** An owner starts production before the deposit is paid: the reason is recorded on the timeline and in the audit log. */
function ProcessingOverride({ orderId }: { orderId: string }) {
  const invalidate = useInvalidateAdmin();
  const { withStepUp, dialog } = useStepUp();
  const [reason, setReason] = useState('');
  const start = useMutation({
    mutationFn: () =>
      withStepUp(() =>
        adminApi(adminOrderAnswerSchema, `/orders/${orderId}/processing-override`, {
          method: 'POST',
          body: { reason },
        }),
      ),
    onSuccess: () => {
      toast.success('Production started with the owner’s override');
      setReason('');
      void invalidate();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'step_up_cancelled') return;
      toast.error(error instanceof ApiError ? error.message : orderMessages.orderUnexpected);
    },
  });
  return (
    <form
      aria-label="Start production before the deposit is paid"
      className="mt-4 grid gap-2 border-t border-navy-100 pt-3 sm:grid-cols-[1fr_auto]"
      onSubmit={(event) => {
        event.preventDefault();
        start.mutate();
      }}
    >
      <label className="text-sm text-navy-800">
        Owner&apos;s override: reason to start production before the deposit is paid
        <input
          className="mt-1 block w-full rounded-md border border-navy-200 bg-white px-2 py-1.5 text-sm"
          value={reason}
          minLength={5}
          required
          onChange={(event) => setReason(event.target.value)}
        />
      </label>
      <Button type="submit" variant="outline" className="self-end" disabled={start.isPending}>
        Start production anyway
      </Button>
      {dialog}
    </form>
  );
}

/** /admin/orders/{id}: the whole order, the edit form, payments, the timeline with who made each change, and delete. */
export function OrderDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const invalidate = useInvalidateAdmin();
  const { withStepUp, dialog } = useStepUp();
  const { can } = usePermissions();
  const order = useQuery({
    queryKey: ['admin', 'order', id],
    queryFn: () => adminApi(adminOrderAnswerSchema, `/orders/${encodeURIComponent(id)}`),
    retry: false,
  });
  const remove = useMutation({
    mutationFn: () =>
      withStepUp(() => adminApi(z.unknown(), `/orders/${encodeURIComponent(id)}`, { method: 'DELETE', body: {} })),
    onSuccess: () => {
      toast.success(orderMessages.orderDeleted);
      void invalidate();
      navigate('/admin/orders');
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'step_up_cancelled') return;
      // A refusal says why (payments or invoices recorded meanwhile); other failures keep the spec's toast.
      toast.error(error instanceof ApiError && error.status === 409 ? error.message : orderMessages.orderDeleteFailed);
    },
  });

  if (order.isPending) return <PageLoading label="Loading order details..." />;
  if (order.isError)
    return (
      <DetailLoadFailed
        error={order.error}
        notFound={orderMessages.orderNotFound}
        failed={orderMessages.orderFetchFailed}
        back="/admin/orders"
        backLabel="Back to orders"
      />
    );
  const data = order.data.order;
  const carriers = order.data.carriers ?? [];
  const carrier = carriers.find((candidate) => candidate.id === data.carrier);
  const trackingLink =
    carrier && data.trackingNumber
      ? carrier.trackingUrl.replace('{tracking}', encodeURIComponent(data.trackingNumber))
      : null;
  const product = productSummary(data);
  const actions = orderActions({
    status: data.status,
    outstanding: data.outstandingAmount,
    currency: data.currency,
    depositDue: depositDue(data, data.ledger),
  });
  // The server refuses to delete an order on the books (any payment or invoice); say so instead of offering it.
  const onTheBooks =
    data.payments.length > 0 ||
    data.documents.some(
      (document) =>
        document.kind !== 'confirmation' &&
        document.kind !== 'acknowledgement' &&
        document.kind !== 'commercial_invoice',
    );
  return (
    <article className="space-y-4">
      <AdminHeading title={`Order ${data.orderNumber}`}>
        <div className="flex items-center gap-2">
          <OrderBadge status={data.status} />
          <PaymentBadge
            status={data.paymentStatus}
            depositDue={{ amount: data.ledger.depositOutstanding, currency: data.currency }}
            kind={data.kind}
          />
          {onTheBooks || !can('orders.delete') ? null : (
            <Button
              variant="danger"
              size="sm"
              disabled={remove.isPending}
              onClick={() => {
                if (window.confirm(`Delete order ${data.orderNumber}? This cannot be undone.`)) remove.mutate();
              }}
            >
              Delete order
            </Button>
          )}
        </div>
      </AdminHeading>
      {onTheBooks && can('orders.delete') ? (
        <p className="text-sm text-navy-600" data-testid="delete-refused">
          {orderMessages.orderOnTheBooks}
        </p>
      ) : null}
      <p className="text-sm text-navy-600">
        Placed {moment(data.createdAt)} ·{' '}
        {data.quote ? (
          <>
            From quote{' '}
            <Link
              to={`/admin/quotes/${encodeURIComponent(data.quote.quoteNumber)}`}
              className="font-medium text-accent-700 underline"
            >
              {data.quote.quoteNumber}
            </Link>{' '}
            ·{' '}
          </>
        ) : null}
        <a className="underline" href={`/api/admin/orders/${data.id}/packing-slip`} download>
          Packing slip (PDF)
        </a>{' '}
        ·{' '}
        {data.exportPapers?.commercialInvoiceUrl ? (
          <>
            <a className="underline" href={data.exportPapers.commercialInvoiceUrl} download>
              Commercial invoice (PDF)
            </a>{' '}
            ·{' '}
          </>
        ) : null}
        <Link to="/admin/orders" className="underline">
          Back to orders
        </Link>
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <section className={card} aria-labelledby="customer-heading">
          <h2 id="customer-heading" className="text-lg font-semibold text-navy-900">
            Customer
          </h2>
          <p className="text-sm">
            {data.customer.isGuest && !data.customer.name
              ? customerFallbacks.guest
              : orText(
                  data.customer.name ? titledName(data.customer.title, data.customer.name) : null,
                  customerFallbacks.noName,
                )}
          </p>
          <p className="text-sm text-navy-700">{orText(data.customer.email, customerFallbacks.noEmail)}</p>
          <p className="text-sm text-navy-700">{orText(data.customer.company, customerFallbacks.notProvided)}</p>
          <p className="text-sm text-navy-700" data-testid="customer-phone">
            Phone:{' '}
            {data.customer.phone ? (
              <a className="underline" href={`tel:${data.customer.phone.replace(/[^+\d]/g, '')}`}>
                {data.customer.phone}
              </a>
            ) : (
              customerFallbacks.notProvided
            )}
          </p>
          {data.customer.isGuest ? <p className="text-xs text-navy-500">{customerFallbacks.guest}</p> : null}
          <div className="mt-3 grid grid-cols-2 gap-3">
            <Address title="Billing address" address={data.billingAddress} />
            <Address title="Delivery address" address={data.shippingAddress} />
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
            <dt className="text-navy-600">PO number</dt>
            <dd data-testid="admin-po-number">{orText(data.poNumber, customerFallbacks.notProvided)}</dd>
            <dt className="text-navy-600">VAT number</dt>
            <dd data-testid="admin-vat-number">{orText(data.vatNumber, customerFallbacks.notProvided)}</dd>
            <dt className="text-navy-600">EORI number</dt>
            <dd data-testid="admin-eori-number">{orText(data.eoriNumber, customerFallbacks.notProvided)}</dd>
            <dt className="text-navy-600">Terms accepted</dt>
            <dd>
              {data.termsVersion && data.termsAcceptedAt
                ? `Version ${data.termsVersion}, ${formatUkDate(data.termsAcceptedAt)}`
                : customerFallbacks.notProvided}
            </dd>
          </dl>
          {data.notes ? (
            <p className="mt-3 text-sm whitespace-pre-line">
              <span className="font-medium">Customer&apos;s checkout note:</span> {data.notes}
            </p>
          ) : null}
        </section>
        <section className={card} aria-labelledby="items-heading">
          <h2 id="items-heading" className="text-lg font-semibold text-navy-900">
            Configuration and items
          </h2>
          <p className="text-sm text-navy-700">
            {product.configuration ?? 'No configuration data available'} · quantity {product.quantity} · batch{' '}
            {product.batch ?? 'Not specified'}
          </p>
          <div className="mt-2">
            <OrderLinesTable order={data} />
          </div>
          {data.trackingNumber ? (
            <p className="mt-1 text-sm">
              Tracking number: {data.trackingNumber}
              {carrier ? ` (${carrier.name})` : ''}
              {trackingLink ? (
                <>
                  {' · '}
                  <a className="underline" href={trackingLink} target="_blank" rel="noreferrer noopener">
                    Track
                  </a>
                </>
              ) : null}
            </p>
          ) : null}
          {data.estimatedDeliveryDate ? (
            <p className="text-sm">Estimated delivery: {day(data.estimatedDeliveryDate)}</p>
          ) : null}
        </section>
      </div>
      <InstrumentsPanel instruments={data.instruments ?? []} testRecords={data.testRecords ?? []} />
      <BatchPanel key={String(data.configuration?.batch)} order={data} canEdit={can('orders.edit')} />
      <VatNumberPanel
        order={data}
        registries={order.data.vatRegistries}
        canCheck={can('orders.edit')}
        canAccept={can('invoices.issue')}
      />
      <PurchaseOrderPanel order={data} canEdit={can('orders.edit')} />
      <InvoicesPanel order={data} />
      <ProFormaPanel order={data} />
      <LanguagePanel
        key={data.language ?? 'en'}
        orderId={data.id}
        language={data.language ?? 'en'}
        canEdit={can('orders.edit')}
      />
      {data.exportPapers ? (
        <ExportPapersPanel
          key={data.exportPapers.proof?.updatedAt ?? 'none'}
          orderId={data.id}
          papers={data.exportPapers}
        />
      ) : null}
      <PaymentsPanel order={data} />
      <RemindersPanel order={data} canEdit={can('orders.edit')} canPause={can('payments.record')} />
      {can('orders.edit') ? (
        <section className={card} aria-labelledby="edit-heading">
          <h2 id="edit-heading" className="mb-3 text-lg font-semibold text-navy-900">
            Edit order
          </h2>
          <OrderEditForm
            order={data}
            carriers={carriers}
            {...(order.data.factoryTestLimits ? { factoryTestLimits: order.data.factoryTestLimits } : {})}
          />
          {can('orders.override') && actions.processWithOverride ? <ProcessingOverride orderId={data.id} /> : null}
          {can('orders.override') && actions.shipWithOverride ? (
            <ShipOverride orderId={data.id} units={unitsToShip(data)} />
          ) : null}
        </section>
      ) : null}
      <section className={card} aria-labelledby="history-heading">
        <h2 id="history-heading" className="text-lg font-semibold text-navy-900">
          Status history
        </h2>
        {data.statusHistory.length === 0 ? (
          <p className="text-sm text-navy-600">No status history available</p>
        ) : (
          <ol className="mt-2 space-y-2 border-l-2 border-navy-100 pl-4 text-sm">
            {data.statusHistory.map((entry) => (
              <li key={entry.id} className={entry.staffOnly ? 'rounded bg-yellow-50 px-1' : undefined}>
                {entry.staffOnly ? <span className="mr-1 text-xs font-medium text-yellow-900">Staff only</span> : null}
                <span className="font-medium">
                  {entry.oldStatus ? `${entry.oldStatus} → ${entry.newStatus}` : entry.newStatus}
                </span>{' '}
                · {moment(entry.createdAt)}
                {entry.changedBy ? ` · ${entry.changedBy.email ?? entry.changedBy.name ?? ''}` : ''}
                {entry.notes ? <div className="text-navy-600">{entry.notes}</div> : null}
              </li>
            ))}
          </ol>
        )}
        <StaffNoteForm
          formLabel="Add a staff comment"
          fieldLabel="Staff comment (never shown to the customer)"
          submitLabel="Add comment"
          save={(text) =>
            adminApi(adminOrderAnswerSchema, `/orders/${data.id}/comments`, { method: 'POST', body: { text } })
          }
          onSaved={() => void invalidate()}
          onError={(error) => toast.error(error instanceof ApiError ? error.message : orderMessages.orderUnexpected)}
        />
      </section>
      {dialog}
    </article>
  );
}
