import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { adminMessages, adminOrderAnswerSchema } from '../../../shared/admin/admin-schemas';
import type { AdminOrder } from '../../../shared/orders/order-schema';
import {
  orderStatuses,
  orderStatusLabels,
  paymentStatuses,
  paymentStatusLabels,
} from '../../../shared/orders/order-status';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { adminApi, useInvalidateAdmin } from '../shell/admin-api';

const formSchema = z.object({
  status: z.enum(orderStatuses),
  paymentStatus: z.enum(paymentStatuses),
  paymentMethod: z.string().max(100),
  trackingNumber: z.string().max(200),
  invoiceNumber: z.string().max(100),
  estimatedDeliveryDate: z.string(),
  notes: z.string().max(2000),
  internalNotes: z.string().max(5000),
});
type FormValues = z.infer<typeof formSchema>;

const field = 'mt-1 block w-full rounded-md border border-navy-200 bg-white px-2 py-1.5 text-sm text-navy-900';

/** The spec's edit form: every field; empty strings are saved as null (the server does it). */
export function OrderEditForm({ order }: { order: AdminOrder }) {
  const invalidate = useInvalidateAdmin();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    values: {
      status: order.status,
      paymentStatus: order.paymentStatus,
      paymentMethod: order.paymentMethod ?? '',
      trackingNumber: order.trackingNumber ?? '',
      invoiceNumber: order.invoiceNumber ?? '',
      estimatedDeliveryDate: order.estimatedDeliveryDate ?? '',
      notes: order.notes ?? '',
      internalNotes: order.internalNotes ?? '',
    },
  });
  const save = useMutation({
    mutationFn: (values: FormValues) =>
      adminApi(adminOrderAnswerSchema, `/orders/${order.id}`, { method: 'PATCH', body: values }),
    onSuccess: () => {
      toast.success(adminMessages.orderUpdated);
      void invalidate();
    },
    onError: (error) =>
      toast.error(
        error instanceof ApiError && error.status > 0 ? adminMessages.orderUpdateFailed : adminMessages.orderUnexpected,
      ),
  });
  return (
    <form
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      className="grid gap-3 sm:grid-cols-2"
      aria-label="Edit order"
    >
      <label className="text-sm text-navy-800">
        Status
        <select aria-label="Status" className={field} {...form.register('status')}>
          {orderStatuses.map((value) => (
            <option key={value} value={value}>
              {orderStatusLabels[value]}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm text-navy-800">
        Payment status
        <select aria-label="Payment status" className={field} {...form.register('paymentStatus')}>
          {paymentStatuses.map((value) => (
            <option key={value} value={value}>
              {paymentStatusLabels[value]}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm text-navy-800">
        Payment method
        <input className={field} {...form.register('paymentMethod')} />
      </label>
      <label className="text-sm text-navy-800">
        Tracking number
        <input className={field} {...form.register('trackingNumber')} />
      </label>
      <label className="text-sm text-navy-800">
        Invoice number
        <input className={field} {...form.register('invoiceNumber')} />
      </label>
      <label className="text-sm text-navy-800">
        Estimated delivery date
        <input type="date" className={field} {...form.register('estimatedDeliveryDate')} />
      </label>
      <label className="text-sm text-navy-800 sm:col-span-2">
        Notes (the customer sees these)
        <textarea rows={3} className={field} {...form.register('notes')} />
      </label>
      <label className="text-sm text-navy-800 sm:col-span-2">
        Internal notes
        <textarea rows={3} className={field} {...form.register('internalNotes')} />
      </label>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
