import { useQuery } from '@tanstack/react-query';
import { accountQuotesAnswerSchema } from '../../shared/accounts/account-quotes';
import { api } from '../lib/api-client';

/** GET /api/account/quotes: the signed-in customer's quotes, newest first. */
export const fetchAccountQuotes = async () =>
  accountQuotesAnswerSchema.parse(await api<unknown>('/api/account/quotes'));
export const useAccountQuotes = (enabled: boolean) =>
  useQuery({ queryKey: ['account', 'quotes'], queryFn: fetchAccountQuotes, enabled });
