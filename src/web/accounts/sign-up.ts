import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { signUpAnswerSchema } from '../../shared/accounts/auth-contracts';
import type { signUpSchema } from '../../shared/accounts/auth-schemas';
import { authRequest } from './auth-request';

/** POST /api/auth/signup. */
export const signUp = async (body: z.input<typeof signUpSchema>) =>
  signUpAnswerSchema.parse(await authRequest<unknown>('/api/auth/signup', { method: 'POST', body }));
export const useSignUp = () => useMutation({ mutationFn: signUp });
