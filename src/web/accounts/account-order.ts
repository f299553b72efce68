import { useQuery } from '@tanstack/react-query';
import { accountOrderAnswerSchema } from '../../shared/accounts/account-contracts';
import { ApiError, api } from '../lib/api-client';

/** GET /api/account/orders/{id}: one of the customer's orders (another's is not found). */
export const fetchAccountOrder = async (id: string) =>
  accountOrderAnswerSchema.parse(await api<unknown>(`/api/account/orders/${encodeURIComponent(id)}`));
export const useAccountOrder = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: ['account', 'orders', id],
    queryFn: () => fetchAccountOrder(id),
    enabled,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });
