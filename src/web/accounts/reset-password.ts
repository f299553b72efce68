import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { okAnswerSchema, type resetPasswordRequestSchema } from '../../shared/accounts/auth-contracts';
import { authRequest } from './auth-request';

/** Sets the new password with the token of the reset link. */
export const resetPassword = async (body: z.input<typeof resetPasswordRequestSchema>) =>
  okAnswerSchema.parse(await authRequest<unknown>('/api/auth/reset', { method: 'POST', body }));
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
