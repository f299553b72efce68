import { useQuery } from '@tanstack/react-query';
import {
  type OrderResource,
  orderResourceSchema,
  type OrderSummary,
  orderSummarySchema,
} from '../../shared/order-flow';
import { api, ApiError } from './api-client';

/** The order as this visitor may see it: the full order for its owner (or right after placing it), else the summary. */
export const getOrder = (id: string, key: string | null, signal?: AbortSignal): Promise<OrderResource | OrderSummary> =>
  api<{ order: unknown }>(
    `/api/orders/${encodeURIComponent(id)}${key ? `?key=${encodeURIComponent(key)}` : ''}`,
    signal ? { signal } : {},
  ).then((answer) => {
    const full = orderResourceSchema.safeParse(answer.order);
    return full.success ? full.data : orderSummarySchema.parse(answer.order);
  });

export const isFullOrder = (order: OrderResource | OrderSummary): order is OrderResource => 'items' in order;

/** `key`: a guest order's access key (the guest order page's link), which brings the full order. */
export const useOrder = (id: string | undefined, key: string | null = null) =>
  useQuery({
    queryKey: ['order', id, key],
    queryFn: ({ signal }) => getOrder(id ?? '', key, signal),
    enabled: Boolean(id),
    // The full order placed in this tab stays: a guest's re-read without the key would only bring the summary.
    staleTime: key ? 0 : Infinity,
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
  });
