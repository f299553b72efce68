import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { adminOrderAnswerSchema, type AdminOrderDetail } from '../../../shared/orders/order-admin-contracts';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { adminApi, useInvalidateAdmin } from '../shell/admin-api';
import { usePermissions } from '../shell/permissions';

/**
 * The buyer's routing reference (a German public body's Leitweg-ID), the XRechnung's BT-10 (issue 40):
 * shown on the order, and staff with orders.edit add or correct it.
 */
export function BuyerReferenceForm({ order }: { order: AdminOrderDetail }) {
  const invalidate = useInvalidateAdmin();
  const mayEdit = usePermissions().can('orders.edit');
  const [value, setValue] = useState(order.buyerRoutingReference ?? '');
  const save = useMutation({
    mutationFn: (buyerRoutingReference: string) =>
      adminApi(adminOrderAnswerSchema, `/orders/${order.id}/buyer-routing-reference`, {
        method: 'PUT',
        body: { buyerRoutingReference: buyerRoutingReference.trim() === '' ? null : buyerRoutingReference },
      }),
    onSuccess: (answer) => {
      toast.success(
        answer.order.buyerRoutingReference
          ? `Leitweg-ID ${answer.order.buyerRoutingReference} saved`
          : 'Leitweg-ID removed',
      );
      void invalidate();
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.message : 'An unexpected error occurred'),
  });
  if (!mayEdit)
    return (
      <p className="mt-2 text-sm text-navy-700">
        Leitweg-ID (buyer reference): {order.buyerRoutingReference ?? 'none'}
      </p>
    );
  return (
    <form
      className="mt-2 flex flex-wrap items-end gap-2 text-sm"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(value);
      }}
    >
      <label className="block">
        <span className="text-navy-700">Leitweg-ID or buyer reference (XRechnung BT-10)</span>
        <input
          className="mt-1 block w-64 rounded-md border border-navy-200 bg-white px-2 py-1.5 text-sm text-navy-900"
          value={value}
          maxLength={50}
          onChange={(event) => setValue(event.target.value)}
          placeholder="e.g. 04011000-1234512345-06"
        />
      </label>
      <Button size="sm" variant="outline" type="submit" disabled={save.isPending}>
        Save reference
      </Button>
    </form>
  );
}
