import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../app/api-client';
import type { CustomerOrder } from './account-orders';

/** GET /api/account/orders/{id}: one of the customer's orders (another's is not found). */
export const fetchAccountOrder = (id: string) => api<{ order: CustomerOrder }>(`/api/account/orders/${encodeURIComponent(id)}`);
export const useAccountOrder = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: ['account', 'orders', id],
    queryFn: () => fetchAccountOrder(id),
    enabled,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });
