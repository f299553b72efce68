import { useMutation } from '@tanstack/react-query';
import type { CreateOrderRequest, OrderResource } from '../../shared/order-flow';
import { api } from '../app/api-client';

export const placeOrder = (request: CreateOrderRequest) =>
  api<{ order: OrderResource }>('/api/orders', { method: 'POST', body: request }).then((answer) => answer.order);

export const usePlaceOrder = () => useMutation({ mutationFn: placeOrder });
