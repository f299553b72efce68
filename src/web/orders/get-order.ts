import { useQuery } from '@tanstack/react-query';
import type { OrderSummary } from '../../shared/order-flow';
import { api, ApiError } from '../app/api-client';

/** The order as this visitor may see it (the confirmation page needs only the summary's fields). */
export const getOrder = (id: string, signal?: AbortSignal) =>
  api<{ order: OrderSummary }>(`/api/orders/${encodeURIComponent(id)}`, signal ? { signal } : {}).then((answer) => answer.order);

export const useOrder = (id: string | undefined) =>
  useQuery({
    queryKey: ['order', id],
    queryFn: ({ signal }) => getOrder(id ?? '', signal),
    enabled: Boolean(id),
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
  });
