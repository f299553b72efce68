import { useQuery } from '@tanstack/react-query';
import { accountOrdersAnswerSchema } from '../../shared/accounts/account-contracts';
import type { Order } from '../../shared/orders/order-schema';
import { api } from '../lib/api-client';

/** The customer's view of an order: the one shared order shape (src/shared/orders/order-schema). */
export type CustomerOrder = Order;

/** GET /api/account/orders: the signed-in customer's orders, newest first. */
export const fetchAccountOrders = async () =>
  accountOrdersAnswerSchema.parse(await api<unknown>('/api/account/orders'));
export const useAccountOrders = (enabled: boolean) =>
  useQuery({ queryKey: ['account', 'orders'], queryFn: fetchAccountOrders, enabled });
