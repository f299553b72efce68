import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { type changePasswordRequestSchema, okAnswerSchema } from '../../shared/accounts/auth-contracts';
import { authRequest } from './auth-request';

/** PUT /api/auth/password. */
export const changePassword = async (body: z.input<typeof changePasswordRequestSchema>) =>
  okAnswerSchema.parse(await authRequest<unknown>('/api/auth/password', { method: 'PUT', body }));
export const useChangePassword = () => useMutation({ mutationFn: changePassword });
