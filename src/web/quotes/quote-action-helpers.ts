import { useQueryClient } from '@tanstack/react-query';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { ApiError } from '../lib/api-client';

/** What the quote page's actions share (quote-actions.tsx and the lazily loaded accept-quote-form.tsx). */
export const quotePath = (quote: QuoteResource) => `/api/quotes/${encodeURIComponent(quote.reference)}`;
export const failure = (error: unknown) =>
  error instanceof ApiError && error.code !== 'network_error'
    ? error.message
    : 'Something went wrong. Please try again.';

export function useRefresh(quote: QuoteResource) {
  const client = useQueryClient();
  return (next: QuoteResource) => {
    client.setQueryData(['quote', quote.reference], next);
    void client.invalidateQueries({ queryKey: ['quote', quote.reference, 'document'] });
  };
}
