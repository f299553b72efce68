import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  type AdminBatch,
  adminBatchSchema,
  batchListSchema,
  catalogueMessages,
  type UpdateBatchRequest,
} from '../../../shared/catalogue/catalogue-schemas';
import { formatUkDate } from '../../../shared/dates';
import { Button } from '../../ui/button';
import { PageLoading } from '../../ui/page-loading';
import { adminApi, useInvalidateAdmin } from '../shell/admin-api';
import { AdminHeading } from '../shell/admin-layout';
import { StateMessage } from '../shell/list-toolbar';
import { BatchEditForm, placesText, TellHolders } from './batch-places';
import { BackToSettings, Field, inputClass, serverFieldErrors } from './catalogue-form';

const formSchema = z.object({
  batchId: z.string().trim().min(1, { error: catalogueMessages.idRequired }).max(100),
  name: z.string().trim().min(1, { error: catalogueMessages.nameRequired }).max(200),
  date: z
    .string()
    .refine((value) => value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value), { error: catalogueMessages.dateFormat }),
  capacity: z.string().refine((value) => value.trim() === '' || /^\d+$/.test(value.trim()), {
    error: 'Enter a whole number of instruments',
  }),
});
type FormValues = z.infer<typeof formSchema>;
const empty: FormValues = { batchId: '', name: '', date: '', capacity: '' };

function AddBatchForm() {
  const invalidate = useInvalidateAdmin();
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: empty });
  const add = useMutation({
    mutationFn: (values: FormValues) =>
      adminApi(z.object({ item: adminBatchSchema }), '/batches', {
        method: 'POST',
        body: {
          batchId: values.batchId.trim(),
          name: values.name,
          date: values.date || null,
          soldOut: false,
          capacity: values.capacity.trim() === '' ? null : Number(values.capacity),
        },
      }),
    onSuccess: () => {
      toast.success(catalogueMessages.batchAdded);
      form.reset(empty);
      void invalidate();
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      for (const name of ['batchId', 'name', 'date', 'capacity'] as const)
        if (fields[name]) form.setError(name, { message: fields[name] });
      toast.error(catalogueMessages.batchAddFailed);
    },
  });
  const errors = form.formState.errors;
  return (
    <form
      onSubmit={form.handleSubmit((values) => add.mutate(values))}
      aria-label="Add batch"
      noValidate
      className="grid gap-3 rounded-lg border border-navy-100 bg-white p-4 sm:grid-cols-4"
    >
      <h2 className="text-lg font-semibold text-navy-900 sm:col-span-4">Add batch</h2>
      <Field label="Batch ID" name="batchId" error={errors.batchId?.message}>
        <input className={inputClass} {...form.register('batchId')} />
      </Field>
      <Field label="Name" name="batchName" error={errors.name?.message}>
        <input className={inputClass} {...form.register('name')} />
      </Field>
      <Field label="Estimated ship date" name="batchDate" error={errors.date?.message}>
        <input type="date" className={inputClass} {...form.register('date')} />
      </Field>
      <Field label="Capacity (empty: not limited)" name="batchCapacity" error={errors.capacity?.message}>
        <input type="number" min={0} inputMode="numeric" className={inputClass} {...form.register('capacity')} />
      </Field>
      <div className="sm:col-span-4">
        <Button type="submit" size="sm" disabled={add.isPending}>
          {add.isPending ? 'Saving...' : 'Add batch'}
        </Button>
      </div>
    </form>
  );
}

/** /admin/batches: the production batches the configurator offers, in its order (default: the first not sold out). */
export function BatchesPage() {
  const invalidate = useInvalidateAdmin();
  const [editing, setEditing] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['admin', 'catalogue', 'batches'],
    queryFn: () => adminApi(batchListSchema, '/batches'),
  });
  const update = useMutation({
    mutationFn: ({ batch, change }: { batch: AdminBatch; change: UpdateBatchRequest }) =>
      adminApi(batchListSchema, `/batches/${encodeURIComponent(batch.batchId)}`, { method: 'PUT', body: change }),
    onSuccess: () => {
      toast.success(catalogueMessages.batchUpdated);
      void invalidate();
    },
    onError: () => toast.error(catalogueMessages.batchUpdateFailed),
  });
  return (
    <section className="space-y-4">
      <BackToSettings />
      <AdminHeading title="Batches" />
      {list.isPending ? (
        <PageLoading label="Loading batches..." />
      ) : list.isError ? (
        <StateMessage tone="error">{catalogueMessages.batchesLoadFailed}</StateMessage>
      ) : (
        <ol className="divide-y divide-navy-100 rounded-lg border border-navy-100 bg-white" aria-label="Batches">
          {list.data.items.map((batch, index, all) => (
            <li key={batch.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div>
                <p className="font-medium text-navy-900">
                  {batch.name}{' '}
                  {batch.soldOut ? (
                    <span className="ml-2 rounded bg-red-100 px-2 py-0.5 text-xs text-red-800">Sold out</span>
                  ) : null}
                </p>
                <p className="text-sm text-navy-600">
                  {batch.batchId}
                  {batch.date ? ` · est. ships ${formatUkDate(batch.date)}` : ''}
                </p>
                <p className="text-sm text-navy-700" data-testid={`places-${batch.batchId}`}>
                  {placesText(batch)}
                </p>
              </div>
              <div className="flex gap-2">
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  aria-label={`Edit ${batch.name}`}
                  onClick={() => setEditing(editing === batch.batchId ? null : batch.batchId)}
                >
                  Edit
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={index === 0 || update.isPending}
                  onClick={() => update.mutate({ batch, change: { position: index - 1 } })}
                  aria-label={`Move ${batch.name} up`}
                >
                  Up
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={index === all.length - 1 || update.isPending}
                  onClick={() => update.mutate({ batch, change: { position: index + 1 } })}
                  aria-label={`Move ${batch.name} down`}
                >
                  Down
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant={batch.soldOut ? 'outline' : 'danger'}
                  disabled={update.isPending}
                  onClick={() => update.mutate({ batch, change: { soldOut: !batch.soldOut } })}
                >
                  {batch.soldOut ? 'Mark available' : 'Mark sold out'}
                </Button>
              </div>
              {editing === batch.batchId ? <BatchEditForm batch={batch} onDone={() => setEditing(null)} /> : null}
              <TellHolders batch={batch} />
            </li>
          ))}
        </ol>
      )}
      <AddBatchForm />
    </section>
  );
}
