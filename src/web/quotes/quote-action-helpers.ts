import { useQueryClient } from '@tanstack/react-query';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { ApiError } from '../lib/api-client';
import type { PageText } from '../i18n/use-t';
import '../i18n/field-messages';

/** What the quote page's actions share (quote-actions.tsx and the lazily loaded accept-quote-form.tsx). */
export const quotePath = (quote: QuoteResource) => `/api/quotes/${encodeURIComponent(quote.reference)}`;
/** A refusal by its id in the page's language (issue 53); a network failure as the page says it. */
export const failure = (error: unknown, { t, said }: Pick<PageText, 't' | 'said'>) =>
  error instanceof ApiError && error.code !== 'network_error'
    ? said(error)
    : t('common.somethingWrong', 'Something went wrong. Please try again.');

export function useRefresh(quote: QuoteResource) {
  const client = useQueryClient();
  return (next: QuoteResource) => {
    client.setQueryData(['quote', quote.reference], next);
    void client.invalidateQueries({ queryKey: ['quote', quote.reference, 'document'] });
  };
}
