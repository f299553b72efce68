import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateOrderRequest, type OrderResource, orderResourceSchema } from '../../shared/order-flow';
import { api } from '../lib/api-client';

/** The placed order, and for a guest order the key of its guest order page (`/order-details/{id}?key=`). */
export const placeOrder = (request: CreateOrderRequest) =>
  api<{ order: unknown; accessKey?: unknown }>('/api/orders', { method: 'POST', body: request }).then((answer) => ({
    order: orderResourceSchema.parse(answer.order),
    accessKey: typeof answer.accessKey === 'string' ? answer.accessKey : null,
  }));

/** Places the order; its full resource seeds the confirmation page (a guest's later reads get only the summary). */
export const usePlaceOrder = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: ({ order, accessKey }: { order: OrderResource; accessKey: string | null }) => {
      client.setQueryData(['order', order.id, accessKey], order);
      // My Account read before the order (its quote "Valid", no order yet) is out of date now.
      void client.invalidateQueries({ queryKey: ['account'] });
    },
  });
};
