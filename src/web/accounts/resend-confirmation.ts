import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { type emailRequestSchema, sentAnswerSchema } from '../../shared/accounts/auth-contracts';
import { authRequest } from './auth-request';

/** Asks for a fresh confirmation link (the answer is the same whether or not the address has a pending sign-up). */
export const resendConfirmation = async (body: z.input<typeof emailRequestSchema>) =>
  sentAnswerSchema.parse(await authRequest<unknown>('/api/auth/resend-confirmation', { method: 'POST', body }));
export const useResendConfirmation = () => useMutation({ mutationFn: resendConfirmation });
