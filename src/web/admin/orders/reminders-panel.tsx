import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { orderMessages } from '../../../shared/orders/order-admin-contracts';
import type { AdminOrder } from '../../../shared/orders/order-schema';
import { paymentReminderMessages, paymentReminderStageLabels } from '../../../shared/orders/payment-reminders';
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
}: {
  order: Pick<AdminOrder, 'id' | 'orderNumber' | 'reminders' | 'remindersExclusion'>;
  canEdit: boolean;
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
