import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type Order, orderSchema } from '../../shared/orders/order-schema';
import { api } from '../app/api-client';

/** The customer's view of an order: the one shared order shape (src/shared/orders/order-schema). */
export type CustomerOrder = Order;

const ordersAnswer = z.object({ orders: z.array(orderSchema) });

/** GET /api/account/orders: the signed-in customer's orders, newest first. */
export const fetchAccountOrders = async () => ordersAnswer.parse(await api<unknown>('/api/account/orders'));
export const useAccountOrders = (enabled: boolean) => useQuery({ queryKey: ['account', 'orders'], queryFn: fetchAccountOrders, enabled });
