import { useQuery } from '@tanstack/react-query';
import type { BusinessDocument } from '../../shared/documents/document-model';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { api, ApiError } from './api-client';

export const getQuote = (reference: string, signal?: AbortSignal) =>
  api<{ quote: QuoteResource }>(`/api/quotes/${encodeURIComponent(reference)}`, signal ? { signal } : {}).then(
    (answer) => answer.quote,
  );

export const useQuote = (reference: string | undefined) =>
  useQuery({
    queryKey: ['quote', reference],
    queryFn: ({ signal }) => getQuote(reference ?? '', signal),
    enabled: Boolean(reference),
    // A missing quote stays missing; other failures get one more try.
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
  });

/** The quote's document model, as its PDF is drawn (bank account, warranty, batch): the printed copy uses it. */
export const useQuoteDocument = (reference: string) =>
  useQuery({
    queryKey: ['quote', reference, 'document'],
    queryFn: ({ signal }) =>
      api<{ document: BusinessDocument }>(`/api/quotes/${encodeURIComponent(reference)}/document`, { signal }).then(
        (answer) => answer.document,
      ),
  });
