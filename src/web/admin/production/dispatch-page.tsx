import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { formatUkDate } from '../../../shared/dates';
import {
  type DispatchOrder,
  dispatchAnswerSchema,
  type dispatchStatuses,
} from '../../../shared/orders/dispatch-contracts';
import { exportProofMessages } from '../../../shared/orders/export-proof';
import { orderStatusLabels } from '../../../shared/orders/order-status';
import type { Carrier } from '../../../shared/settings';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { PageLoading } from '../../ui/page-loading';
import { adminApi, useInvalidateAdmin } from '../shell/admin-api';
import { AdminHeading } from '../shell/admin-layout';
import { DetailLoadFailed } from '../shell/detail-load-failed';
import { StateMessage } from '../shell/list-toolbar';
import {
  FactoryTestFields,
  type FactoryTestValues,
  SerialNumberFields,
  factoryTestsBody,
} from '../orders/instruments-panel';

const card = 'rounded-lg border border-navy-100 bg-white p-4';
const field = 'mt-1 block w-full rounded-md border border-navy-200 bg-white px-2 py-1.5 text-sm text-navy-900';
type Limits = { rateLimitPercent: number; nominalVolumeMl: number; volumeLimitPercent: number };
type DispatchStatus = (typeof dispatchStatuses)[number];

const moveLabels: Record<DispatchStatus, string> = {
  processing: 'Start production (Processing)',
  shipped: 'Ship it (Shipped)',
  delivered: 'Mark delivered (Delivered)',
};

function FieldError({ message }: { message: string | undefined }) {
  return message ? (
    <span role="alert" className="mt-1 block text-xs text-red-700">
      {message}
    </span>
  ) : null;
}

/**
 * The move of an order to processing, shipped or delivered (PATCH /api/admin/dispatch/{id}). Shipping
 * takes the serial numbers, each instrument's factory test, the carrier and tracking number (and the
 * export's MRN outside the UK). The server's refusal goes beside the form and what was typed stays.
 */
function MoveForm({ order, carriers, limits }: { order: DispatchOrder; carriers: Carrier[]; limits?: Limits }) {
  const invalidate = useInvalidateAdmin();
  const [status, setStatus] = useState<DispatchStatus | ''>(order.nextStatuses[0] ?? '');
  const [carrier, setCarrier] = useState(order.carrier ?? '');
  const [trackingNumber, setTrackingNumber] = useState(order.trackingNumber ?? '');
  const [estimatedDeliveryDate, setEstimatedDeliveryDate] = useState(order.estimatedDeliveryDate ?? '');
  const [exportMrn, setExportMrn] = useState('');
  const [serials, setSerials] = useState<string[]>([]);
  const [tests, setTests] = useState<FactoryTestValues[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState('');
  const units = order.kind === 'instrument' ? order.quantity : 0;
  const shipping = status === 'shipped';
  const move = useMutation({
    mutationFn: () =>
      adminApi(dispatchAnswerSchema, `/dispatch/${encodeURIComponent(order.id)}`, {
        method: 'PATCH',
        body: shipping
          ? {
              status,
              carrier,
              trackingNumber,
              estimatedDeliveryDate,
              serialNumbers: serials,
              factoryTests: factoryTestsBody(tests, units),
              ...(order.exportPapers && exportMrn.trim() ? { exportMrn: exportMrn.trim() } : {}),
            }
          : { status },
      }),
    onMutate: () => {
      setErrors({});
      setRefusal('');
    },
    onSuccess: (answer) => {
      toast.success(`Order ${answer.order.orderNumber} is now ${orderStatusLabels[answer.order.status]}`);
      void invalidate();
    },
    onError: (error) => {
      const fields = error instanceof ApiError ? error.fields : {};
      setErrors(fields);
      setRefusal(fields.status ?? (error instanceof ApiError ? error.message : 'The move failed. Please try again.'));
    },
  });
  if (order.nextStatuses.length === 0)
    return <StateMessage>{`A ${orderStatusLabels[order.status]} order has no further move here.`}</StateMessage>;
  return (
    <form
      aria-label="Move the order"
      className="grid gap-3 sm:grid-cols-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (status) move.mutate();
      }}
    >
      <label className="text-sm text-navy-800">
        Move to
        <select className={field} value={status} onChange={(event) => setStatus(event.target.value as DispatchStatus)}>
          {order.nextStatuses.map((next) => (
            <option key={next} value={next}>
              {moveLabels[next]}
            </option>
          ))}
        </select>
        <FieldError message={errors.status} />
      </label>
      {shipping ? (
        <>
          <label className="text-sm text-navy-800">
            Carrier
            <select className={field} value={carrier} onChange={(event) => setCarrier(event.target.value)}>
              <option value="">Choose a carrier</option>
              {carriers.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </select>
            <FieldError message={errors.carrier} />
          </label>
          <label className="text-sm text-navy-800">
            Tracking number
            <input
              className={field}
              value={trackingNumber}
              onChange={(event) => setTrackingNumber(event.target.value)}
            />
            <FieldError message={errors.trackingNumber} />
          </label>
          <label className="text-sm text-navy-800">
            Estimated delivery date
            <input
              type="date"
              className={field}
              value={estimatedDeliveryDate}
              onChange={(event) => setEstimatedDeliveryDate(event.target.value)}
            />
            <FieldError message={errors.estimatedDeliveryDate} />
          </label>
          {order.exportPapers ? (
            <label className="text-sm text-navy-800">
              Export declaration MRN (where there is one)
              <input className={field} value={exportMrn} onChange={(event) => setExportMrn(event.target.value)} />
              <FieldError message={errors.exportMrn} />
            </label>
          ) : null}
          <SerialNumberFields count={units} values={serials} onChange={setSerials} errors={errors} />
          <FactoryTestFields
            count={units}
            values={tests}
            onChange={setTests}
            errors={errors}
            limits={limits}
            orderId={order.id}
          />
        </>
      ) : null}
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <Button type="submit" disabled={move.isPending || !status}>
          {move.isPending ? 'Saving...' : 'Move the order'}
        </Button>
        {refusal ? (
          <p role="alert" className="text-sm text-red-700" data-testid="move-refusal">
            {refusal}
          </p>
        ) : null}
      </div>
    </form>
  );
}

const proofLabels = {
  carrier: 'Carrier',
  trackingNumber: 'Tracking number',
  dispatchDate: 'Dispatch date',
  exportMrn: 'Export declaration MRN (where there is one)',
  deliveryDate: 'Delivery date',
  proofReference: 'Proof-of-delivery reference',
} as const;
type ProofField = keyof typeof proofLabels;

/** The proof of export of an order delivered outside the UK (PUT /api/admin/dispatch/{id}/export-proof). */
function ExportProofForm({ order }: { order: DispatchOrder }) {
  const invalidate = useInvalidateAdmin();
  const proof = order.exportPapers?.proof ?? null;
  const [values, setValues] = useState<Record<ProofField, string>>({
    carrier: proof?.carrier ?? '',
    trackingNumber: proof?.trackingNumber ?? '',
    dispatchDate: proof?.dispatchDate ?? '',
    exportMrn: proof?.exportMrn ?? '',
    deliveryDate: proof?.deliveryDate ?? '',
    proofReference: proof?.proofReference ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState('');
  const save = useMutation({
    mutationFn: () =>
      adminApi(dispatchAnswerSchema, `/dispatch/${encodeURIComponent(order.id)}/export-proof`, {
        method: 'PUT',
        body: values,
      }),
    onMutate: () => {
      setErrors({});
      setRefusal('');
    },
    onSuccess: () => {
      toast.success(exportProofMessages.saved);
      void invalidate();
    },
    onError: (error) => {
      setErrors(error instanceof ApiError ? error.fields : {});
      setRefusal(error instanceof ApiError ? error.message : exportProofMessages.saveFailed);
    },
  });
  const input = (name: ProofField) => (
    <label key={name} className="text-sm text-navy-800">
      {proofLabels[name]}
      <input
        type={name === 'dispatchDate' || name === 'deliveryDate' ? 'date' : 'text'}
        className={field}
        value={values[name]}
        aria-invalid={errors[name] ? true : undefined}
        onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      />
      <FieldError message={errors[name]} />
    </label>
  );
  return (
    <form
      aria-label={exportProofMessages.heading}
      className="grid gap-3 sm:grid-cols-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      {(Object.keys(proofLabels) as ProofField[]).map(input)}
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save proof of export'}
        </Button>
        {refusal ? (
          <p role="alert" className="text-sm text-red-700">
            {refusal}
          </p>
        ) : null}
      </div>
    </form>
  );
}

/**
 * /admin/dispatch/:id (issue 54, decision 0077): an order as Operations builds and ships it: its
 * number, status, what goes in the box, where it goes, the serials and factory test records, the
 * delivery note and commercial invoice, the move to processing, shipped or delivered, and the proof of
 * export. No amount: the answer carries none.
 */
export function DispatchPage() {
  const { id = '' } = useParams();
  const query = useQuery({
    queryKey: ['admin', 'dispatch', id],
    queryFn: () => adminApi(dispatchAnswerSchema, `/dispatch/${encodeURIComponent(id)}`),
  });
  if (query.isPending) return <PageLoading label="Loading the order..." />;
  if (query.isError)
    return (
      <DetailLoadFailed
        error={query.error}
        notFound="Order not found."
        failed="Failed to load the order. Please try again."
        back="/admin/production"
        backLabel="Back to the production list"
      />
    );
  const { order, carriers = [], factoryTestLimits } = query.data;
  const carrierName = carriers.find((option) => option.id === order.carrier)?.name ?? order.carrier;
  return (
    <section className="space-y-4">
      <AdminHeading title={`Dispatch ${order.orderNumber}`}>
        <Link to="/admin/production" className="text-sm text-accent-700 underline">
          Back to the production list
        </Link>
      </AdminHeading>
      <div className={card}>
        <dl className="grid gap-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="font-medium text-navy-900">Status</dt>
            <dd data-testid="dispatch-status">{orderStatusLabels[order.status]}</dd>
          </div>
          <div>
            <dt className="font-medium text-navy-900">Deposit</dt>
            <dd>{order.depositState}</dd>
          </div>
          <div>
            <dt className="font-medium text-navy-900">Placed on</dt>
            <dd>{formatUkDate(order.placedOn)}</dd>
          </div>
          <div>
            <dt className="font-medium text-navy-900">Batch</dt>
            <dd>{order.batch?.name ?? '—'}</dd>
          </div>
          <div>
            <dt className="font-medium text-navy-900">Ship by</dt>
            <dd>{order.shipBy ? formatUkDate(order.shipBy) : 'To be confirmed'}</dd>
          </div>
          <div>
            <dt className="font-medium text-navy-900">PO number</dt>
            <dd>{order.poNumber ?? '—'}</dd>
          </div>
          {order.trackingNumber || order.carrier ? (
            <div>
              <dt className="font-medium text-navy-900">Carrier and tracking</dt>
              <dd>{[carrierName, order.trackingNumber].filter(Boolean).join(' · ')}</dd>
            </div>
          ) : null}
        </dl>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <section className={card} aria-labelledby="dispatch-lines">
          <h2 id="dispatch-lines" className="text-lg font-semibold text-navy-900">
            What goes in the box
          </h2>
          {order.lines.length === 0 ? (
            <p className="text-sm text-navy-600">No items.</p>
          ) : (
            <ul className="mt-2 text-sm text-navy-800">
              {order.lines.map((line, index) => (
                <li key={`${line.type}-${line.name}-${index}`}>
                  {line.name} × {line.quantity}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className={card} aria-labelledby="dispatch-address">
          <h2 id="dispatch-address" className="text-lg font-semibold text-navy-900">
            Delivery
          </h2>
          <p className="text-sm text-navy-700">Country: {order.country ?? '—'}</p>
          {order.shipTo.length === 0 ? (
            <p className="text-sm text-navy-600">No delivery address.</p>
          ) : (
            <p className="mt-1 text-sm whitespace-pre-line text-navy-800" data-testid="dispatch-ship-to">
              {order.shipTo.join('\n')}
            </p>
          )}
        </section>
        <section className={card} aria-labelledby="dispatch-instruments">
          <h2 id="dispatch-instruments" className="text-lg font-semibold text-navy-900">
            Serial numbers and factory tests
          </h2>
          {order.instruments.length === 0 ? (
            <p className="text-sm text-navy-600">No serial numbers yet: they are entered when the order ships.</p>
          ) : (
            <ul className="mt-2 text-sm text-navy-800">
              {order.instruments.map((instrument) => (
                <li key={instrument.id}>
                  {instrument.serialNumber} ({instrument.model})
                </li>
              ))}
            </ul>
          )}
          {order.testRecords.length === 0 ? (
            <p className="mt-2 text-sm text-navy-600">No factory test records uploaded.</p>
          ) : (
            <ul className="mt-2 text-sm">
              {order.testRecords.map((record) => (
                <li key={record.id}>
                  <a className="text-accent-700 underline" href={record.url} download>
                    {record.filename}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className={card} aria-labelledby="dispatch-papers">
          <h2 id="dispatch-papers" className="text-lg font-semibold text-navy-900">
            Papers
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            <li>
              <a className="text-accent-700 underline" href={order.deliveryNoteUrl} download>
                Delivery note (PDF)
              </a>
            </li>
            {order.exportPapers?.commercialInvoiceUrl ? (
              <li>
                <a className="text-accent-700 underline" href={order.exportPapers.commercialInvoiceUrl} download>
                  Commercial invoice (PDF)
                </a>
              </li>
            ) : null}
          </ul>
        </section>
      </div>
      <section className={card} aria-labelledby="dispatch-move">
        <h2 id="dispatch-move" className="mb-3 text-lg font-semibold text-navy-900">
          Move the order
        </h2>
        <MoveForm key={`${order.id}-${order.status}`} order={order} carriers={carriers} limits={factoryTestLimits} />
      </section>
      {order.exportPapers ? (
        <section className={card} aria-labelledby="dispatch-proof">
          <h2 id="dispatch-proof" className="mb-3 text-lg font-semibold text-navy-900">
            {exportProofMessages.heading} {order.exportPapers.complete ? '(complete)' : '(incomplete)'}
          </h2>
          {order.exportPapers.missing ? (
            <p role="alert" className="mb-2 rounded-md bg-red-50 p-2 text-sm text-red-800">
              {exportProofMessages.missing}
            </p>
          ) : null}
          <ExportProofForm key={order.exportPapers.proof?.updatedAt ?? 'none'} order={order} />
        </section>
      ) : null}
    </section>
  );
}
