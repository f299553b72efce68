import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { emailRequestSchema } from '../../shared/accounts/auth-contracts';
import { checkedAuthRequest } from './auth-request';

/** Sends the reset link (the answer is the same whether or not the address has an account). */
export const recoverPassword = (body: z.input<typeof emailRequestSchema>) =>
  checkedAuthRequest('/api/auth/recover', { method: 'POST', body }, (contracts) => contracts.sentAnswerSchema);
export const useRecoverPassword = () => useMutation({ mutationFn: recoverPassword });
