import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { adminOrderAnswerSchema } from '../../../shared/orders/order-admin-contracts';
import { orderActions } from '../../../shared/orders/lifecycle';
import type { AdminOrder } from '../../../shared/orders/order-schema';
import { ledgerDepositDue } from '../../../shared/orders/ledger-lines';
import { paysInFull } from '../../../shared/orders/order-kind';
import { parseMoney } from '../../../shared/money';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { adminApi, useInvalidateAdmin } from '../shell/admin-api';
import { moment, money } from '../shell/format';
import { usePermissions } from '../shell/permissions';
import { useStepUp } from '../shell/step-up-dialog';

/** An amount as typed ("1234.50", "1,234.50"), read exactly by `parseMoney`. */
const typedAmount = z.string().refine((text) => parseMoney(text) !== null, { error: 'Enter an amount like 1234.50' });
/** A typed amount the form has already checked, in minor units. */
const minorOf = (text: string) => parseMoney(text) ?? Number.NaN;

const formSchema = z.object({
  transactionType: z.enum(['deposit', 'balance']),
  amount: typedAmount,
  paymentMethod: z.string().min(1),
  reference: z.string().max(200),
  receivedAt: z.string(),
});
type FormValues = z.infer<typeof formSchema>;
const refundSchema = z.object({
  amount: typedAmount,
  refundedOn: z.string(),
  method: z.string().min(1),
  reference: z.string().max(200),
  reason: z.string().max(500),
});
type RefundValues = z.infer<typeof refundSchema>;
const field = 'mt-1 block w-full rounded-md border border-navy-200 bg-white px-2 py-1.5 text-sm text-navy-900';
const toMajor = (minor: number) => (minor / 100).toFixed(2);

/** Payments by invoice: record a deposit (prefilled with the deposit due) or the balance, behind step-up; refund a recorded one. */
export function PaymentsPanel({ order }: { order: AdminOrder }) {
  // A repair's one payment is its payment in full, with no balance (decision 0062): no "Deposit" wording.
  const repair = paysInFull(order);
  const firstPaymentLabel = repair ? 'Payment in full' : 'Deposit';
  const invalidate = useInvalidateAdmin();
  const { withStepUp, dialog } = useStepUp();
  const mayRecord = usePermissions().can('payments.record');
  const depositPaid = order.payments.some((p) => p.transactionType === 'deposit' && p.status === 'completed');
  const type = depositPaid ? 'balance' : 'deposit';
  const due = type === 'deposit' ? Math.min(order.depositAmount, order.outstandingAmount) : order.outstandingAmount;
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    values: {
      transactionType: type,
      amount: toMajor(due),
      paymentMethod: 'bank_transfer',
      reference: '',
      receivedAt: '',
    },
  });
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'step_up_cancelled') return;
    toast.error(error instanceof ApiError ? error.message : 'An unexpected error occurred');
  };
  const record = useMutation({
    mutationFn: (values: FormValues) =>
      withStepUp(() =>
        adminApi(adminOrderAnswerSchema, `/orders/${order.id}/payments`, {
          method: 'POST',
          body: { ...values, amount: minorOf(values.amount) },
        }),
      ),
    onSuccess: () => {
      toast.success('Payment recorded');
      void invalidate();
    },
    onError,
  });
  const [refunding, setRefunding] = useState<string | null>(null);
  const refundForm = useForm<RefundValues>({ resolver: zodResolver(refundSchema) });
  const refund = useMutation({
    mutationFn: ({ paymentId, values }: { paymentId: string; values: RefundValues }) =>
      withStepUp(() =>
        adminApi(adminOrderAnswerSchema, `/orders/${order.id}/payments/${paymentId}/refund`, {
          method: 'POST',
          body: {
            amount: minorOf(values.amount),
            refundedOn: values.refundedOn,
            method: values.method,
            reference: values.reference,
            reason: values.reason,
          },
        }),
      ),
    onSuccess: () => {
      toast.success('Refund recorded');
      setRefunding(null);
      void invalidate();
    },
    onError,
  });
  // Issue 51: a mis-keyed receipt is voided with a reason (no e-mail, no refund on the books).
  const [voiding, setVoiding] = useState<string | null>(null);
  const [voidReason, setVoidReason] = useState('');
  const [voidError, setVoidError] = useState<string | null>(null);
  const voidPayment = useMutation({
    mutationFn: ({ paymentId, reason }: { paymentId: string; reason: string }) =>
      withStepUp(() =>
        adminApi(adminOrderAnswerSchema, `/orders/${order.id}/payments/${paymentId}/void`, {
          method: 'POST',
          body: { reason },
        }),
      ),
    onSuccess: () => {
      toast.success('Receipt voided');
      setVoiding(null);
      void invalidate();
    },
    onError: (error: unknown) => {
      if (error instanceof ApiError && error.code === 'step_up_cancelled') return;
      setVoidError(
        error instanceof ApiError ? (error.fields?.reason ?? error.message) : 'An unexpected error occurred',
      );
    },
  });
  const refundedOf = (paymentId: string) =>
    order.refunds.filter((row) => row.paymentId === paymentId).reduce((sum, row) => sum + row.amount, 0);
  const actions = orderActions({
    status: order.status,
    outstanding: order.outstandingAmount,
    currency: order.currency,
  });
  const { ledger } = order;

  return (
    <section aria-labelledby="payments-heading" className="rounded-lg border border-navy-100 bg-white p-4">
      <h2 id="payments-heading" className="text-lg font-semibold text-navy-900">
        Payments
      </h2>
      <dl className="mt-2 grid grid-cols-2 gap-1 text-sm sm:grid-cols-4" data-testid="ledger-figures">
        {ledgerDepositDue(order) > 0 ? (
          <>
            <dt className="text-navy-600">Deposit due</dt>
            <dd data-testid="ledger-deposit-due">{money(ledgerDepositDue(order), order.currency)}</dd>
          </>
        ) : null}
        <dt className="text-navy-600">Owed</dt>
        <dd data-testid="ledger-owed">{money(ledger.owed, order.currency)}</dd>
        <dt className="text-navy-600">Paid</dt>
        <dd data-testid="ledger-paid">{money(ledger.paid, order.currency)}</dd>
        <dt className="text-navy-600">Outstanding</dt>
        <dd data-testid="ledger-outstanding">{money(ledger.outstanding, order.currency)}</dd>
        {ledger.credited > 0 ? (
          <>
            <dt className="text-navy-600">Credited</dt>
            <dd data-testid="ledger-credited">{money(ledger.credited, order.currency)}</dd>
          </>
        ) : null}
        {ledger.refunded > 0 ? (
          <>
            <dt className="text-navy-600">Refunded</dt>
            <dd data-testid="ledger-refunded">{money(ledger.refunded, order.currency)}</dd>
          </>
        ) : null}
        {ledger.cancellationFee > 0 ? (
          <>
            <dt className="text-navy-600">Cancellation fee</dt>
            <dd data-testid="ledger-cancellation-fee">{money(ledger.cancellationFee, order.currency)}</dd>
          </>
        ) : null}
        {ledger.creditHeld > 0 ? (
          <>
            <dt className="font-medium text-navy-800">Credit held</dt>
            <dd className="font-medium text-navy-800" data-testid="ledger-credit-held">
              {money(ledger.creditHeld, order.currency)}
            </dd>
          </>
        ) : null}
        {ledger.refundDue > 0 ? (
          <>
            <dt className="font-medium text-red-800">Refund due</dt>
            <dd className="font-medium text-red-800" data-testid="ledger-refund-due">
              {money(ledger.refundDue, order.currency)}
            </dd>
          </>
        ) : null}
      </dl>
      {order.payments.length === 0 ? (
        <p className="mt-3 text-sm text-navy-600">No payments recorded.</p>
      ) : (
        <ul className="mt-3 divide-y divide-navy-100 text-sm">
          {order.payments.map((payment) => (
            <li key={payment.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              {payment.voided ? (
                <span className="text-navy-500">
                  <span className="line-through">
                    {payment.transactionType === 'deposit' ? firstPaymentLabel : 'Balance'}{' '}
                    {money(payment.amount, payment.currency)}
                    {payment.reference ? ` · ref ${payment.reference}` : ''}
                  </span>{' '}
                  · <span className="font-medium text-red-800">voided</span> {moment(payment.voided.at)}
                  {payment.voided.by ? ` by ${payment.voided.by.email ?? ''}` : ''}: {payment.voided.reason}
                </span>
              ) : (
                <span>
                  {payment.transactionType === 'deposit' ? firstPaymentLabel : 'Balance'}{' '}
                  {money(payment.amount, payment.currency)} · {payment.paymentMethod ?? '—'}
                  {payment.reference ? ` · ref ${payment.reference}` : ''} ·{' '}
                  {payment.processedAt ? moment(payment.processedAt) : ''} · {payment.status}
                  {refundedOf(payment.id) > 0 ? ` · ${money(refundedOf(payment.id), payment.currency)} refunded` : ''}
                  {payment.recordedBy ? ` · by ${payment.recordedBy.email ?? ''}` : ''}
                  {payment.fromAccountReceipt ? ' · from a receipt on account' : ''}
                </span>
              )}
              {payment.status === 'completed' && refundedOf(payment.id) === 0 && mayRecord ? (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={voidPayment.isPending}
                  onClick={() => {
                    setVoiding(payment.id);
                    setVoidReason('');
                    setVoidError(null);
                  }}
                >
                  Void (mis-keyed)…
                </Button>
              ) : null}
              {voiding === payment.id ? (
                <form
                  aria-label="Void a mis-keyed receipt"
                  className="grid w-full gap-2"
                  onSubmit={(event) => {
                    event.preventDefault();
                    if (
                      window.confirm(
                        `Void this receipt of ${money(payment.amount, payment.currency)}? It leaves every figure; nobody is e-mailed. Use Refund for money paid back.`,
                      )
                    )
                      voidPayment.mutate({ paymentId: payment.id, reason: voidReason });
                  }}
                >
                  <label className="text-sm text-navy-800">
                    Why is it void? (e.g. keyed against the wrong order)
                    <input
                      className={field}
                      value={voidReason}
                      aria-invalid={voidError ? true : undefined}
                      aria-describedby={voidError ? `void-error-${payment.id}` : undefined}
                      onChange={(event) => setVoidReason(event.target.value)}
                    />
                  </label>
                  {voidError ? (
                    <span id={`void-error-${payment.id}`} className="text-xs text-red-700">
                      {voidError}
                    </span>
                  ) : null}
                  <div className="flex gap-2">
                    <Button type="submit" size="sm" variant="danger" disabled={voidPayment.isPending}>
                      Void receipt
                    </Button>
                    <Button type="button" size="sm" variant="outline" onClick={() => setVoiding(null)}>
                      Cancel
                    </Button>
                  </div>
                </form>
              ) : null}
              {payment.status === 'completed' && payment.amount - refundedOf(payment.id) > 0 && mayRecord ? (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={refund.isPending}
                  onClick={() => {
                    setRefunding(payment.id);
                    const left = payment.amount - refundedOf(payment.id);
                    refundForm.reset({
                      amount: toMajor(Math.min(left, Math.max(ledger.refundDue, 0) || left)),
                      refundedOn: '',
                      method: 'bank_transfer',
                      reference: '',
                      reason: '',
                    });
                  }}
                >
                  Refund…
                </Button>
              ) : null}
              {refunding === payment.id ? (
                <form
                  aria-label="Record a refund"
                  className="grid w-full gap-2 sm:grid-cols-5"
                  onSubmit={refundForm.handleSubmit((values) => {
                    if (window.confirm(`Record a refund of ${values.amount} ${order.currency}?`))
                      refund.mutate({ paymentId: payment.id, values });
                  })}
                >
                  <label className="text-sm text-navy-800">
                    Refund amount ({order.currency})
                    <input inputMode="decimal" className={field} {...refundForm.register('amount')} />
                    {refundForm.formState.errors.amount ? (
                      <span className="text-xs text-red-700">{refundForm.formState.errors.amount.message}</span>
                    ) : null}
                  </label>
                  <label className="text-sm text-navy-800">
                    Refunded on
                    <input type="date" className={field} {...refundForm.register('refundedOn')} />
                  </label>
                  <label className="text-sm text-navy-800">
                    Refund method
                    <select className={field} {...refundForm.register('method')}>
                      <option value="bank_transfer">Bank transfer</option>
                      <option value="card">Card</option>
                      <option value="cheque">Cheque</option>
                    </select>
                  </label>
                  <label className="text-sm text-navy-800">
                    Refund reference
                    <input className={field} {...refundForm.register('reference')} />
                  </label>
                  <label className="text-sm text-navy-800">
                    Refund reason
                    <input className={field} {...refundForm.register('reason')} />
                  </label>
                  <div className="flex gap-2 sm:col-span-5">
                    <Button type="submit" size="sm" disabled={refund.isPending}>
                      Record refund
                    </Button>
                    <Button type="button" size="sm" variant="outline" onClick={() => setRefunding(null)}>
                      Cancel
                    </Button>
                  </div>
                </form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {actions.recordPayment && mayRecord ? (
        <form
          onSubmit={form.handleSubmit((values) => record.mutate(values))}
          className="mt-4 grid gap-3 sm:grid-cols-5"
          aria-label="Record a payment"
        >
          <label className="text-sm text-navy-800">
            Type
            <select aria-label="Type" className={field} {...form.register('transactionType')}>
              <option value="deposit">{firstPaymentLabel}</option>
              {repair ? null : <option value="balance">Balance</option>}
            </select>
          </label>
          <label className="text-sm text-navy-800">
            Amount ({order.currency})
            <input inputMode="decimal" className={field} {...form.register('amount')} />
            {form.formState.errors.amount ? (
              <span className="text-xs text-red-700">{form.formState.errors.amount.message}</span>
            ) : null}
          </label>
          <label className="text-sm text-navy-800">
            Method
            <select aria-label="Method" className={field} {...form.register('paymentMethod')}>
              <option value="bank_transfer">Bank transfer</option>
              <option value="card">Card</option>
              <option value="cheque">Cheque</option>
            </select>
          </label>
          <label className="text-sm text-navy-800">
            Payer&apos;s reference
            <input className={field} {...form.register('reference')} />
          </label>
          <label className="text-sm text-navy-800">
            Date received
            <input type="date" className={field} {...form.register('receivedAt')} />
          </label>
          <div className="sm:col-span-5">
            <Button type="submit" disabled={record.isPending}>
              Record payment
            </Button>
          </div>
        </form>
      ) : null}
      {dialog}
    </section>
  );
}
