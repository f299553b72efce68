import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  type AdminBatch,
  batchListSchema,
  catalogueMessages,
  notifyBatchHoldersResponseSchema,
  type UpdateBatchRequest,
} from '../../../shared/catalogue/catalogue-schemas';
import { SHIP_DATE_TO_BE_CONFIRMED } from '../../../shared/batches/ship-date';
import { formatUkDate } from '../../../shared/dates';
import { Button } from '../../ui/button';
import { adminApi, useInvalidateAdmin } from '../shell/admin-api';
import { Field, inputClass, serverFieldErrors } from './catalogue-form';

const customers = (count: number) => `${count} ${count === 1 ? 'customer' : 'customers'}`;

/** "Capacity 20 · 12 taken · 8 free", or "Not limited · 3 taken". */
export const placesText = (batch: Pick<AdminBatch, 'capacity' | 'taken' | 'free'>) =>
  batch.capacity === null
    ? `Capacity not limited · ${batch.taken} taken`
    : `Capacity ${batch.capacity} · ${batch.taken} taken · ${batch.free ?? 0} free`;

interface EditValues {
  name: string;
  date: string;
  capacity: string;
}

/** A batch's name, date and capacity (empty: not limited); a new date is recorded for its holders' e-mail. */
export function BatchEditForm({ batch, onDone }: { batch: AdminBatch; onDone: () => void }) {
  const invalidate = useInvalidateAdmin();
  const form = useForm<EditValues>({
    defaultValues: {
      name: batch.name,
      date: batch.date ?? '',
      capacity: batch.capacity === null ? '' : String(batch.capacity),
    },
  });
  const save = useMutation({
    mutationFn: (values: EditValues) => {
      const change: UpdateBatchRequest = {
        name: values.name.trim(),
        date: values.date || null,
        capacity: values.capacity.trim() === '' ? null : Number(values.capacity),
      };
      return adminApi(batchListSchema, `/batches/${encodeURIComponent(batch.batchId)}`, {
        method: 'PUT',
        body: change,
      });
    },
    onSuccess: () => {
      toast.success(catalogueMessages.batchUpdated);
      void invalidate();
      onDone();
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      for (const name of ['name', 'date', 'capacity'] as const)
        if (fields[name]) form.setError(name, { message: fields[name] });
      toast.error(catalogueMessages.batchUpdateFailed);
    },
  });
  const errors = form.formState.errors;
  return (
    <form
      aria-label={`Edit ${batch.name}`}
      noValidate
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      className="grid w-full gap-3 sm:grid-cols-4"
    >
      <Field label="Name" name={`name-${batch.batchId}`} error={errors.name?.message}>
        <input className={inputClass} {...form.register('name', { required: catalogueMessages.nameRequired })} />
      </Field>
      <Field label="Estimated ship date" name={`date-${batch.batchId}`} error={errors.date?.message}>
        <input type="date" className={inputClass} {...form.register('date')} />
      </Field>
      <Field label="Capacity (empty: not limited)" name={`capacity-${batch.batchId}`} error={errors.capacity?.message}>
        <input
          type="number"
          min={0}
          inputMode="numeric"
          className={inputClass}
          {...form.register('capacity', {
            validate: (value) =>
              value.trim() === '' || /^\d+$/.test(value.trim()) || 'Enter a whole number of instruments',
          })}
        />
      </Field>
      <div className="flex items-end gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * A re-dated batch whose holders have not been told: "Tell N customers" asks first (a confirmation
 * step naming the count), then queues one e-mail per holding order, once.
 */
export function TellHolders({ batch }: { batch: AdminBatch }) {
  const invalidate = useInvalidateAdmin();
  const [asking, setAsking] = useState(false);
  const change = batch.pendingDateChange;
  const notify = useMutation({
    mutationFn: () =>
      adminApi(
        notifyBatchHoldersResponseSchema,
        `/batches/${encodeURIComponent(batch.batchId)}/date-changes/${change?.id ?? ''}/notify`,
        { method: 'POST', body: {} },
      ),
    onSuccess: (result) => {
      toast.success(result.alreadySent ? 'They were already told.' : `E-mailed ${customers(result.notified)}.`);
      setAsking(false);
      void invalidate();
    },
    onError: () => toast.error('Failed to e-mail the customers'),
  });
  if (!change || change.holders === 0) return null;
  const date = (value: string | null) => (value ? formatUkDate(value) : SHIP_DATE_TO_BE_CONFIRMED);
  return (
    <div className="w-full rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <p>
        Date changed from {date(change.oldDate)} to {date(change.newDate)}: its customers have not been told yet.
      </p>
      {!asking ? (
        <Button type="button" size="sm" className="mt-2" onClick={() => setAsking(true)}>
          Tell {customers(change.holders)}
        </Button>
      ) : null}
      {asking ? (
        <div role="alertdialog" aria-label={`Tell ${customers(change.holders)}`} className="mt-2 space-y-2">
          <p>
            E-mail {customers(change.holders)} holding a place in {batch.name} the new date? Each can keep the place or
            cancel under the terms. This is sent once.
          </p>
          <div className="flex gap-2">
            <Button type="button" size="sm" disabled={notify.isPending} onClick={() => notify.mutate()}>
              {notify.isPending
                ? 'Sending...'
                : `Send ${change.holders} ${change.holders === 1 ? 'e-mail' : 'e-mails'}`}
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={() => setAsking(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
