import { useQuery } from '@tanstack/react-query';
import {
  type OrderResource,
  orderResourceSchema,
  type OrderSummary,
  orderSummarySchema,
} from '../../shared/order-flow';
import { api, ApiError } from '../lib/api-client';

/** The order as this visitor may see it: the full order for its owner (or right after placing it), else the summary. */
export const getOrder = (id: string, signal?: AbortSignal): Promise<OrderResource | OrderSummary> =>
  api<{ order: unknown }>(`/api/orders/${encodeURIComponent(id)}`, signal ? { signal } : {}).then((answer) => {
    const full = orderResourceSchema.safeParse(answer.order);
    return full.success ? full.data : orderSummarySchema.parse(answer.order);
  });

export const isFullOrder = (order: OrderResource | OrderSummary): order is OrderResource => 'items' in order;

export const useOrder = (id: string | undefined) =>
  useQuery({
    queryKey: ['order', id],
    queryFn: ({ signal }) => getOrder(id ?? '', signal),
    enabled: Boolean(id),
    // The full order placed in this tab stays: a guest's re-read would only bring the summary.
    staleTime: Infinity,
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
  });
