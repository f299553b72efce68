import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  type AdminOrderDetail,
  adminOrderAnswerSchema,
  orderMessages,
} from '../../../shared/orders/order-admin-contracts';
import {
  cancellationWarning,
  depositDue,
  selectableStatuses,
  statusMoveRefusal,
  statusRuleHint,
} from '../../../shared/orders/lifecycle';
import { orderStatuses, orderStatusLabels, paymentStatusLabelsOf } from '../../../shared/orders/order-status';
import type { Carrier } from '../../../shared/settings';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { adminApi, useInvalidateAdmin } from '../shell/admin-api';
import { usePermissions } from '../shell/permissions';
import { unitsToShip } from '../../../shared/instruments/instrument-schemas';
import { FactoryTestFields, type FactoryTestValues, SerialNumberFields, factoryTestsBody } from './instruments-panel';

const formSchema = z.object({
  status: z.enum(orderStatuses),
  paymentMethod: z.string().max(100),
  trackingNumber: z.string().max(200),
  carrier: z.string().max(50),
  estimatedDeliveryDate: z.string(),
  customerMessage: z.string().max(2000),
  internalNotes: z.string().max(5000),
});
type FormValues = z.infer<typeof formSchema>;
const editable = Object.keys(formSchema.shape) as (keyof FormValues)[];

const field = 'mt-1 block w-full rounded-md border border-navy-200 bg-white px-2 py-1.5 text-sm text-navy-900';
const readOnlyField = `${field} bg-navy-50 text-navy-700`;

function FieldError({ message }: { message: string | undefined }) {
  return message ? (
    <span role="alert" className="mt-1 block text-xs text-red-700">
      {message}
    </span>
  ) : null;
}

function Hint({ id, text }: { id: string; text: string }) {
  return (
    <span id={id} className="mt-1 block text-xs text-navy-600">
      {text}
    </span>
  );
}

/**
 * The spec's edit form: every field; empty strings are saved as null (the server does it). Payment
 * status and invoice number are shown read-only and not sent: they follow the recorded payments and
 * the issued invoices (the panels above), and the server refuses an edit that contradicts them.
 */
export function OrderEditForm({
  order,
  carriers = [],
  factoryTestLimits,
}: {
  order: AdminOrderDetail;
  carriers?: readonly Carrier[];
  /** The settings' factory test limits, shown beside the results (the server judges them). */
  factoryTestLimits?: { rateLimitPercent: number; nominalVolumeMl: number; volumeLimitPercent: number };
}) {
  const invalidate = useInvalidateAdmin();
  const { can } = usePermissions();
  /** The server's refusals of the read-only fields (a request from elsewhere, or an older page). */
  const [ledgerErrors, setLedgerErrors] = useState<Record<string, string>>({});
  /** The serial numbers typed for shipping (sent only with the move to shipped). */
  const [serials, setSerials] = useState<string[]>([]);
  const [serialErrors, setSerialErrors] = useState<Record<string, string>>({});
  /** Each instrument's factory test, sent with the serial numbers (issue 41). */
  const [tests, setTests] = useState<FactoryTestValues[]>([]);
  /** A refused save's reason (409), beside the button that was pressed, where the eye is (issue 38). */
  const [refusal, setRefusal] = useState('');
  /** An export's declaration MRN, sent with the move to shipped (the proof of export keeps it, issue 37). */
  const [exportMrn, setExportMrn] = useState('');
  const [exportMrnError, setExportMrnError] = useState<string | undefined>(undefined);
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    values: {
      status: order.status,
      paymentMethod: order.paymentMethod ?? '',
      trackingNumber: order.trackingNumber ?? '',
      carrier: order.carrier ?? '',
      estimatedDeliveryDate: order.estimatedDeliveryDate ?? '',
      customerMessage: order.customerMessage ?? '',
      internalNotes: order.internalNotes ?? '',
    },
  });
  const save = useMutation({
    mutationFn: (values: FormValues & { acknowledgeHeld?: number }) =>
      adminApi(adminOrderAnswerSchema, `/orders/${order.id}`, {
        method: 'PATCH',
        body: shipping
          ? {
              ...values,
              serialNumbers: serials,
              factoryTests: factoryTestsBody(tests, unitsToShip(order)),
              ...(exportMrn.trim() ? { exportMrn: exportMrn.trim() } : {}),
            }
          : values,
      }),
    onMutate: () => {
      setLedgerErrors({});
      setSerialErrors({});
      setRefusal('');
      setExportMrnError(undefined);
    },
    onSuccess: () => {
      toast.success(orderMessages.orderUpdated);
      void invalidate();
    },
    onError: (error) => {
      // The server's message goes beside the field it names (a 400 names each refused field).
      const fields = error instanceof ApiError ? error.fields : {};
      if (error instanceof ApiError && error.status === 409) setRefusal(fields.batch ?? fields.status ?? error.message);
      if (error instanceof ApiError && error.status === 409 && fields.status) toast.error(fields.status);
      // The money held changed since the page loaded: the fresh figures come with the reload.
      if (error instanceof ApiError && error.code === 'money_held') void invalidate();
      // A confirmation whose batch is full: the reason names the next batch with room (the batch panel moves it).
      if (error instanceof ApiError && error.status === 409 && fields.batch) {
        toast.error(fields.batch);
        form.setError('status', { message: fields.batch });
      }
      for (const name of editable) if (fields[name]) form.setError(name, { message: fields[name] });
      setLedgerErrors({ paymentStatus: fields.paymentStatus ?? '', invoiceNumber: fields.invoiceNumber ?? '' });
      setSerialErrors(
        Object.fromEntries(
          Object.entries(fields).filter(
            ([name]) => name.startsWith('serialNumbers') || name.startsWith('factoryTests'),
          ),
        ),
      );
      setExportMrnError(fields.exportMrn);
      toast.error(
        error instanceof ApiError && error.status > 0 ? orderMessages.orderUpdateFailed : orderMessages.orderUnexpected,
      );
    },
  });
  const errors = form.formState.errors;
  // The lifecycle (shared/orders/lifecycle.ts): every status stays listed, those it does not allow now are disabled.
  const facts = {
    status: order.status,
    outstanding: order.outstandingAmount,
    currency: order.currency,
    depositDue: depositDue(order, order.ledger),
  };
  const selectable = new Set(selectableStatuses(facts));
  // What production (the deposit) and shipping (the balance) still wait for, each with the owner's way round it.
  const paymentRefusals = [statusMoveRefusal(facts, 'processing'), statusMoveRefusal(facts, 'shipped')]
    .filter((refusal) => refusal?.code === 'deposit_unpaid' || refusal?.code === 'balance_unpaid')
    .map((refusal) => refusal?.message);
  const shipping = form.watch('status') === 'shipped' && order.status !== 'shipped';
  return (
    <form
      onSubmit={form.handleSubmit((values) => {
        // Cancelling an order that holds money: the admin is told the amount held, the fee kept and
        // the refund due, and the request acknowledges that amount (the server refuses it otherwise).
        const held = values.status === 'cancelled' && order.status !== 'cancelled' ? order.cancellation : null;
        if (held && !window.confirm(`${cancellationWarning(held, order.currency)} Cancel order ${order.orderNumber}?`))
          return;
        save.mutate(held ? { ...values, acknowledgeHeld: held.held } : values);
      })}
      className="grid gap-3 sm:grid-cols-2"
      aria-label="Edit order"
    >
      <label className="text-sm text-navy-800">
        Status
        <select aria-label="Status" aria-describedby="status-hint" className={field} {...form.register('status')}>
          {orderStatuses.map((value) => (
            <option key={value} value={value} disabled={!selectable.has(value)}>
              {orderStatusLabels[value]}
              {selectable.has(value) ? '' : ' (not allowed now)'}
            </option>
          ))}
        </select>
        <span id="status-hint" className="mt-1 block text-xs text-navy-600" data-testid="status-hint">
          {paymentRefusals.length > 0 ? paymentRefusals.join(' ') : statusRuleHint(order.status)}
        </span>
        <FieldError message={errors.status?.message} />
      </label>
      {shipping ? (
        <>
          <SerialNumberFields count={unitsToShip(order)} values={serials} onChange={setSerials} errors={serialErrors} />
          <FactoryTestFields
            count={unitsToShip(order)}
            values={tests}
            onChange={setTests}
            errors={serialErrors}
            orderId={order.id}
            {...(factoryTestLimits ? { limits: factoryTestLimits } : {})}
          />
        </>
      ) : null}
      <div className="text-sm text-navy-800">
        <label>
          Payment status
          <input
            readOnly
            aria-describedby="payment-status-hint"
            className={readOnlyField}
            value={paymentStatusLabelsOf(order.kind)[order.paymentStatus]}
          />
        </label>
        <Hint id="payment-status-hint" text={orderMessages.paymentStatusHint} />
        <FieldError message={ledgerErrors.paymentStatus} />
      </div>
      <div className="text-sm text-navy-800">
        <label>
          Payment method
          <input className={field} readOnly={!can('payments.record')} {...form.register('paymentMethod')} />
        </label>
        <FieldError message={errors.paymentMethod?.message} />
      </div>
      <div className="text-sm text-navy-800">
        <label>
          Tracking number
          <input className={field} {...form.register('trackingNumber')} />
        </label>
        <FieldError message={errors.trackingNumber?.message} />
      </div>
      <div className="text-sm text-navy-800">
        <label>
          Carrier
          <select aria-label="Carrier" className={field} {...form.register('carrier')}>
            <option value="">Not chosen</option>
            {carriers.map((carrier) => (
              <option key={carrier.id} value={carrier.id}>
                {carrier.name}
              </option>
            ))}
            {order.carrier && !carriers.some((carrier) => carrier.id === order.carrier) ? (
              <option value={order.carrier}>{order.carrier}</option>
            ) : null}
          </select>
        </label>
        <FieldError message={errors.carrier?.message} />
      </div>
      {shipping && order.exportPapers ? (
        <div className="text-sm text-navy-800">
          <label>
            Export declaration MRN (optional)
            <input
              className={field}
              value={exportMrn}
              placeholder="26GB1234567890ABC1"
              aria-invalid={exportMrnError ? true : undefined}
              onChange={(event) => setExportMrn(event.target.value)}
            />
          </label>
          <FieldError message={exportMrnError} />
        </div>
      ) : null}
      <div className="text-sm text-navy-800">
        <label>
          Invoice number
          <input
            readOnly
            aria-describedby="invoice-number-hint"
            className={readOnlyField}
            value={order.invoiceNumber ?? ''}
            placeholder="None issued"
          />
        </label>
        <Hint id="invoice-number-hint" text={orderMessages.invoiceNumberHint} />
        <FieldError message={ledgerErrors.invoiceNumber} />
      </div>
      <div className="text-sm text-navy-800">
        <label>
          Estimated delivery date
          <input type="date" className={field} {...form.register('estimatedDeliveryDate')} />
        </label>
        <FieldError message={errors.estimatedDeliveryDate?.message} />
      </div>
      <div className="text-sm text-navy-800 sm:col-span-2">
        <p>Customer&apos;s checkout note (kept as written)</p>
        <p
          className="mt-1 rounded-md border border-navy-100 bg-navy-50 px-2 py-1.5 whitespace-pre-line"
          data-testid="buyer-note"
        >
          {order.notes ?? 'None'}
        </p>
      </div>
      <div className="text-sm text-navy-800 sm:col-span-2">
        <label>
          Message to the customer (shown on their order page)
          <textarea rows={3} className={field} {...form.register('customerMessage')} />
        </label>
        <FieldError message={errors.customerMessage?.message} />
      </div>
      <div className="text-sm text-navy-800 sm:col-span-2">
        <label>
          Internal notes
          <textarea rows={3} className={field} {...form.register('internalNotes')} />
        </label>
        <FieldError message={errors.internalNotes?.message} />
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={save.isPending} aria-describedby={refusal ? 'order-save-refusal' : undefined}>
          {save.isPending ? 'Saving...' : 'Save changes'}
        </Button>
        {refusal ? (
          <p id="order-save-refusal" role="alert" className="mt-2 text-sm text-red-700">
            {refusal}
          </p>
        ) : null}
      </div>
    </form>
  );
}
