import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { signInAnswerSchema } from '../../shared/accounts/auth-contracts';
import type { signInSchema } from '../../shared/accounts/auth-schemas';
import { authRequest } from './auth-request';

/** POST /api/auth/signin. */
export const signIn = async (body: z.input<typeof signInSchema>) =>
  signInAnswerSchema.parse(await authRequest<unknown>('/api/auth/signin', { method: 'POST', body }));
export const useSignIn = () => useMutation({ mutationFn: signIn });
