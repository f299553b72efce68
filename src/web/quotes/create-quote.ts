import { useMutation } from '@tanstack/react-query';
import type { CreateQuoteRequest, QuoteResource } from '../../shared/quotes/quote-schemas';
import { api } from '../lib/api-client';

export const createQuote = (request: CreateQuoteRequest) =>
  api<{ quote: QuoteResource }>('/api/quotes', { method: 'POST', body: request }).then((answer) => answer.quote);

export const useCreateQuote = () => useMutation({ mutationFn: createQuote });
