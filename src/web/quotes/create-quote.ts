import { useMutation } from '@tanstack/react-query';
import type { CreateQuoteRequest, QuoteResource } from '../../shared/quote-flow';
import { api } from '../app/api-client';

export const createQuote = (request: CreateQuoteRequest) =>
  api<{ quote: QuoteResource }>('/api/quotes', { method: 'POST', body: request }).then((answer) => answer.quote);

export const useCreateQuote = () => useMutation({ mutationFn: createQuote });
