import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { orderMessages } from '../../../shared/orders/order-admin-contracts';
import type { AdminOrder } from '../../../shared/orders/order-schema';
import {
  paymentReminderMessages,
  paymentReminderStageLabels,
  reminderPauseMessages,
} from '../../../shared/orders/payment-reminders';
import { formatUkDate } from '../../../shared/dates';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { adminApi, useInvalidateAdmin } from '../shell/admin-api';
import { moment, money } from '../shell/format';

const field = 'mt-1 block w-full rounded-md border border-navy-200 bg-white px-2 py-1.5 text-sm text-navy-900';

/**
 * The order's payment reminders (decision 0052): those the daily job sent, and staff stopping them
 * with a reason or resuming them (`orders.edit`), each after a confirmation.
 */
export function RemindersPanel({
  order,
  canEdit,
  canPause = false,
}: {
  order: Pick<AdminOrder, 'id' | 'orderNumber' | 'reminders' | 'remindersExclusion'> &
    Partial<Pick<AdminOrder, 'reminderPauses' | 'userId'>>;
  canEdit: boolean;
  /** Issue 51: Finance (payments.record) pauses reminders for the order or its customer. */
  canPause?: boolean;
}) {
  const invalidate = useInvalidateAdmin();
  const reasonId = useId();
  const [stopping, setStopping] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const path = `/orders/${order.id}/reminders-exclusion`;
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.fields.reason) setReasonError(error.fields.reason);
    toast.error(error instanceof ApiError ? error.message : orderMessages.orderUnexpected);
  };
  const stop = useMutation({
    // The answer is the order; the page reloads it (invalidate), so it is not read here.
    mutationFn: (text: string) => adminApi(z.unknown(), path, { method: 'POST', body: { reason: text } }),
    onSuccess: () => {
      toast.success(paymentReminderMessages.stopped);
      setStopping(false);
      setReason('');
      void invalidate();
    },
    onError,
  });
  const resume = useMutation({
    mutationFn: () => adminApi(z.unknown(), path, { method: 'DELETE', body: {} }),
    onSuccess: () => {
      toast.success(paymentReminderMessages.resumed);
      void invalidate();
    },
    onError,
  });
  const sent = order.reminders ?? [];
  const exclusion = order.remindersExclusion ?? null;
  const who = exclusion?.by ? (exclusion.by.name ?? exclusion.by.email ?? 'a staff member') : 'a staff member';
  return (
    <section className="rounded-lg border border-navy-100 bg-white p-4" aria-labelledby="reminders-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="reminders-heading" className="text-lg font-semibold text-navy-900">
          Payment reminders
        </h2>
        {canEdit && !exclusion && !stopping ? (
          <Button size="sm" variant="outline" onClick={() => setStopping(true)}>
            Stop payment reminders
          </Button>
        ) : null}
      </div>
      {exclusion ? (
        <div
          className="mt-2 rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900"
          role="status"
        >
          <p>
            Reminders stopped{exclusion.at ? ` on ${moment(exclusion.at)}` : ''} by {who}: {exclusion.reason}
          </p>
          {canEdit ? (
            <Button
              size="sm"
              variant="outline"
              className="mt-2"
              disabled={resume.isPending}
              onClick={() => {
                if (
                  window.confirm(
                    `Resume payment reminders for ${order.orderNumber}? The next daily run e-mails the customer about any unpaid invoice.`,
                  )
                )
                  resume.mutate();
              }}
            >
              Resume reminders
            </Button>
          ) : null}
        </div>
      ) : null}
      {stopping ? (
        <form
          aria-label="Stop payment reminders"
          className="mt-2 grid gap-2 sm:grid-cols-[1fr_auto_auto]"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const text = reason.trim();
            if (text.length < 5) {
              setReasonError(paymentReminderMessages.reasonRequired);
              return;
            }
            setReasonError(null);
            if (
              window.confirm(
                `Stop payment reminders for ${order.orderNumber}? No reminder goes until they are resumed.`,
              )
            )
              stop.mutate(text);
          }}
        >
          <label className="text-sm text-navy-800" htmlFor={reasonId}>
            Reason (required)
            <input
              id={reasonId}
              className={field}
              value={reason}
              required
              maxLength={500}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? `${reasonId}-error` : undefined}
              onChange={(event) => setReason(event.target.value)}
            />
            {reasonError ? (
              <span id={`${reasonId}-error`} role="alert" className="mt-1 block text-sm text-red-700">
                {reasonError}
              </span>
            ) : null}
          </label>
          <Button type="submit" size="sm" className="self-end" disabled={stop.isPending}>
            Stop reminders
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            className="self-end"
            onClick={() => {
              setStopping(false);
              setReasonError(null);
            }}
          >
            Cancel
          </Button>
        </form>
      ) : null}
      <ReminderPauses order={order} canPause={canPause} />
      <h3 className="mt-3 text-sm font-medium text-navy-900">Reminders sent</h3>
      {sent.length === 0 ? (
        <p className="text-sm text-navy-600">No reminders sent.</p>
      ) : (
        <ul className="mt-1 divide-y divide-navy-100 text-sm" aria-label="Reminders sent">
          {sent.map((reminder) => (
            <li key={reminder.id} className="py-1.5">
              {moment(reminder.sentAt)} · {reminder.invoiceNumber} · {paymentReminderStageLabels[reminder.stage]} ·{' '}
              {money(reminder.outstanding, reminder.currency)} outstanding
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const todayText = () => new Date().toISOString().slice(0, 10);

/**
 * Issue 51 (decision 0081): the pauses in force (the order's own and its customer's), and Finance
 * pausing reminders with a reason and the last day, for this order or every order of the customer,
 * or ending a pause early; each after a confirmation.
 */
function ReminderPauses({
  order,
  canPause,
}: {
  order: Pick<AdminOrder, 'id' | 'orderNumber'> & Partial<Pick<AdminOrder, 'reminderPauses' | 'userId'>>;
  canPause: boolean;
}) {
  const invalidate = useInvalidateAdmin();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [scope, setScope] = useState<'order' | 'customer'>('order');
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; until?: string }>({});
  const onError = (error: unknown) => {
    if (error instanceof ApiError && (error.fields.reason || error.fields.until))
      setErrors({ reason: error.fields.reason, until: error.fields.until });
    toast.error(error instanceof ApiError ? error.message : orderMessages.orderUnexpected);
  };
  const pause = useMutation({
    mutationFn: () =>
      adminApi(
        z.unknown(),
        scope === 'order' ? `/orders/${order.id}/reminder-pauses` : `/customers/${order.userId}/reminder-pauses`,
        { method: 'POST', body: { reason: reason.trim(), until } },
      ),
    onSuccess: () => {
      toast.success('Payment reminders paused');
      setOpen(false);
      setReason('');
      setUntil('');
      void invalidate();
    },
    onError,
  });
  const end = useMutation({
    mutationFn: (pauseId: string) =>
      adminApi(z.unknown(), `/reminder-pauses/${pauseId}`, { method: 'DELETE', body: {} }),
    onSuccess: () => {
      toast.success('Pause ended');
      void invalidate();
    },
    onError,
  });
  const pauses = order.reminderPauses ?? [];
  const today = todayText();
  return (
    <div className="mt-3">
      {pauses.map((entry) => {
        const holds = entry.until >= today;
        return (
          <div
            key={entry.id}
            role="status"
            className={`mt-2 rounded-md border p-3 text-sm ${holds ? 'border-yellow-300 bg-yellow-50 text-yellow-900' : 'border-navy-100 text-navy-600'}`}
          >
            <p>
              {holds ? 'Reminders paused' : 'Pause ended'}{' '}
              {entry.scope === 'customer' ? "for all the customer's orders " : ''}
              until {formatUkDate(entry.until)} (set {moment(entry.at)} by{' '}
              {entry.by ? (entry.by.name ?? entry.by.email ?? 'a staff member') : 'a staff member'}): {entry.reason}
            </p>
            {canPause && holds ? (
              <Button
                size="sm"
                variant="outline"
                className="mt-2"
                disabled={end.isPending}
                onClick={() => {
                  if (window.confirm('End this pause now? The next daily run sends any reminder due.'))
                    end.mutate(entry.id);
                }}
              >
                End pause now
              </Button>
            ) : null}
          </div>
        );
      })}
      {canPause && !open ? (
        <Button size="sm" variant="outline" className="mt-2" onClick={() => setOpen(true)}>
          Pause reminders…
        </Button>
      ) : null}
      {open ? (
        <form
          aria-label="Pause payment reminders"
          className="mt-2 grid gap-2 sm:grid-cols-2"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const found: { reason?: string; until?: string } = {};
            if (reason.trim().length < 5) found.reason = reminderPauseMessages.reasonRequired;
            if (!until || until < today) found.until = reminderPauseMessages.untilRequired;
            setErrors(found);
            if (found.reason || found.until) return;
            const whom = scope === 'order' ? order.orderNumber : "all the customer's orders";
            if (window.confirm(`Pause payment reminders for ${whom} until ${formatUkDate(until)}?`)) pause.mutate();
          }}
        >
          <fieldset className="text-sm text-navy-800 sm:col-span-2">
            <legend>Pause for</legend>
            <label className="mr-4">
              <input type="radio" name={`${id}-scope`} checked={scope === 'order'} onChange={() => setScope('order')} />{' '}
              This order
            </label>
            {order.userId ? (
              <label>
                <input
                  type="radio"
                  name={`${id}-scope`}
                  checked={scope === 'customer'}
                  onChange={() => setScope('customer')}
                />{' '}
                Every order of this customer
              </label>
            ) : null}
          </fieldset>
          <label className="text-sm text-navy-800" htmlFor={`${id}-reason`}>
            Reason (required)
            <input
              id={`${id}-reason`}
              className={field}
              value={reason}
              maxLength={500}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
              onChange={(event) => setReason(event.target.value)}
            />
            {errors.reason ? (
              <span id={`${id}-reason-error`} role="alert" className="mt-1 block text-sm text-red-700">
                {errors.reason}
              </span>
            ) : null}
          </label>
          <label className="text-sm text-navy-800" htmlFor={`${id}-until`}>
            Last day of the pause
            <input
              id={`${id}-until`}
              type="date"
              min={today}
              className={field}
              value={until}
              aria-invalid={errors.until ? true : undefined}
              aria-describedby={errors.until ? `${id}-until-error` : undefined}
              onChange={(event) => setUntil(event.target.value)}
            />
            {errors.until ? (
              <span id={`${id}-until-error`} role="alert" className="mt-1 block text-sm text-red-700">
                {errors.until}
              </span>
            ) : null}
          </label>
          <div className="flex gap-2 sm:col-span-2">
            <Button type="submit" size="sm" disabled={pause.isPending}>
              Pause reminders
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
