import { useQuery } from '@tanstack/react-query';
import { api } from '../app/api-client';

export interface CustomerOrder {
  id: string;
  orderNumber: string;
  status: string;
  paymentStatus: string;
  paymentMethod: string | null;
  totalAmount: number;
  depositAmount: number;
  remainingAmount: number;
  currency: string;
  trackingNumber: string | null;
  estimatedDeliveryDate: string | null;
  notes: string | null;
  createdAt: string;
  configuration: Record<string, unknown> | null;
  items: { id: string; itemName: string; itemType: string; quantity: number; unitPrice: number; totalPrice: number }[];
  payments: { id: string; transactionType: string; status: string; amount: number; currency: string }[];
  statusHistory: { id: string; oldStatus: string | null; newStatus: string; notes: string | null; createdAt: string }[];
}

/** GET /api/account/orders: the signed-in customer's orders, newest first. */
export const fetchAccountOrders = () => api<{ orders: CustomerOrder[] }>('/api/account/orders');
export const useAccountOrders = (enabled: boolean) => useQuery({ queryKey: ['account', 'orders'], queryFn: fetchAccountOrders, enabled });
