import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AttachPoRequest, attachPoAnswerSchema } from '../../shared/orders/po-document';
import { api } from './api-client';

/** PUT /api/orders/{id}/po: the buyer attaches (or replaces) the order's purchase order; a guest passes the order's key. */
export const attachPo = (orderId: string, key: string | null, body: AttachPoRequest) =>
  api<unknown>(`/api/orders/${encodeURIComponent(orderId)}/po${key ? `?key=${encodeURIComponent(key)}` : ''}`, {
    method: 'PUT',
    body,
  }).then((answer) => attachPoAnswerSchema.parse(answer));

/** Attaches the PO, then reloads the order wherever it is shown (the account's and the guest's order page). */
export const useAttachPo = (orderId: string, key: string | null) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AttachPoRequest) => attachPo(orderId, key, body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['order', orderId] });
      void client.invalidateQueries({ queryKey: ['account', 'orders', orderId] });
    },
  });
};
