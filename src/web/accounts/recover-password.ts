import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { type emailRequestSchema, sentAnswerSchema } from '../../shared/accounts/auth-contracts';
import { authRequest } from './auth-request';

/** Sends the reset link (the answer is the same whether or not the address has an account). */
export const recoverPassword = async (body: z.input<typeof emailRequestSchema>) =>
  sentAnswerSchema.parse(await authRequest<unknown>('/api/auth/recover', { method: 'POST', body }));
export const useRecoverPassword = () => useMutation({ mutationFn: recoverPassword });
