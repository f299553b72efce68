import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateOrderRequest, type OrderResource, orderResourceSchema } from '../../shared/order-flow';
import { api } from '../lib/api-client';

export const placeOrder = (request: CreateOrderRequest) =>
  api<{ order: unknown }>('/api/orders', { method: 'POST', body: request }).then((answer) =>
    orderResourceSchema.parse(answer.order),
  );

/** Places the order; its full resource seeds the confirmation page (a guest's later reads get only the summary). */
export const usePlaceOrder = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: (order: OrderResource) => client.setQueryData(['order', order.id], order),
  });
};
