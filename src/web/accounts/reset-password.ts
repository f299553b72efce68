import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { resetPasswordRequestSchema } from '../../shared/accounts/auth-contracts';
import { checkedAuthRequest } from './auth-request';

/** Sets the new password with the token of the reset link. */
export const resetPassword = (body: z.input<typeof resetPasswordRequestSchema>) =>
  checkedAuthRequest('/api/auth/reset', { method: 'POST', body }, (contracts) => contracts.okAnswerSchema);
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
