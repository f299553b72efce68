import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { adminOrderAnswerSchema, orderMessages } from '../../../shared/orders/order-admin-contracts';
import { hasRoom } from '../../../shared/batches/batch-places';
import type { AdminOrder } from '../../../shared/orders/order-schema';
import { ApiError } from '../../lib/api-client';
import { BatchHistoryList } from '../../ui/batch-history';
import { Button } from '../../ui/button';
import { adminApi, useInvalidateAdmin } from '../shell/admin-api';

const card = 'rounded-lg border border-navy-100 bg-white p-4';

/** The order's batch, the places it holds, the move to another batch (with a reason) and the batch history. */
export function BatchPanel({ order, canEdit }: { order: AdminOrder; canEdit: boolean }) {
  const invalidate = useInvalidateAdmin();
  const panel = order.batchPanel;
  const current = typeof order.configuration?.batch === 'string' ? order.configuration.batch : null;
  const currentName = typeof order.configuration?.batchName === 'string' ? order.configuration.batchName : current;
  const quantity = typeof order.configuration?.quantity === 'number' ? order.configuration.quantity : 1;
  const others = (panel?.batches ?? []).filter((batch) => batch.id !== current);
  const suggested = others.find((batch) => hasRoom(batch, quantity)) ?? others[0];
  const [target, setTarget] = useState(suggested?.id ?? '');
  const [reason, setReason] = useState('');
  const move = useMutation({
    mutationFn: () =>
      adminApi(adminOrderAnswerSchema, `/orders/${order.id}/batch`, {
        method: 'POST',
        body: { batch: target, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      }),
    onSuccess: () => {
      toast.success('Order moved to the new batch');
      setReason('');
      void invalidate();
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.message : orderMessages.orderUnexpected),
  });
  if (!panel) return null;
  const movable = ['pending', 'confirmed', 'processing'].includes(order.status);
  return (
    <section className={card} aria-labelledby="batch-heading">
      <h2 id="batch-heading" className="text-lg font-semibold text-navy-900">
        Production batch
      </h2>
      <p className="text-sm text-navy-700" data-testid="order-batch-places">
        {currentName ?? 'No batch'}
        {panel.holds
          ? ` · holds ${panel.holds.places} ${panel.holds.places === 1 ? 'place' : 'places'}`
          : ' · holds no places (taken when the order is confirmed)'}
      </p>
      {canEdit && movable && others.length > 0 ? (
        <form
          className="mt-3 flex flex-wrap items-end gap-2"
          aria-label="Move to another batch"
          onSubmit={(event) => {
            event.preventDefault();
            if (target) move.mutate();
          }}
        >
          <label className="text-sm">
            <span className="block font-medium text-navy-900">Move to</span>
            <select
              className="rounded border border-navy-200 px-2 py-1"
              value={target}
              onChange={(event) => setTarget(event.target.value)}
            >
              {others.map((batch) => (
                <option key={batch.id} value={batch.id}>
                  {batch.name} ·{' '}
                  {batch.free === null ? 'not limited' : hasRoom(batch, quantity) ? `${batch.free} free` : 'no room'}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            <span className="block font-medium text-navy-900">Reason (optional)</span>
            <input
              className="rounded border border-navy-200 px-2 py-1"
              value={reason}
              maxLength={500}
              onChange={(event) => setReason(event.target.value)}
            />
          </label>
          <Button type="submit" size="sm" disabled={move.isPending || !target}>
            {move.isPending ? 'Moving...' : 'Move order'}
          </Button>
        </form>
      ) : null}
      {order.batchHistory ? <BatchHistoryList history={order.batchHistory} staff /> : null}
    </section>
  );
}
