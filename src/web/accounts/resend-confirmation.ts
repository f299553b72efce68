import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { emailRequestSchema } from '../../shared/accounts/auth-contracts';
import { checkedAuthRequest } from './auth-request';

/** Asks for a fresh confirmation link (the answer is the same whether or not the address has a pending sign-up). */
export const resendConfirmation = (body: z.input<typeof emailRequestSchema>) =>
  checkedAuthRequest(
    '/api/auth/resend-confirmation',
    { method: 'POST', body },
    (contracts) => contracts.sentAnswerSchema,
  );
export const useResendConfirmation = () => useMutation({ mutationFn: resendConfirmation });
