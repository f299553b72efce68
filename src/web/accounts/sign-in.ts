import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { signInSchema } from '../../shared/accounts/auth-schemas';
import { checkedAuthRequest } from './auth-request';

/** POST /api/auth/signin. */
export const signIn = (body: z.input<typeof signInSchema>) =>
  checkedAuthRequest('/api/auth/signin', { method: 'POST', body }, (contracts) => contracts.signInAnswerSchema);
export const useSignIn = () => useMutation({ mutationFn: signIn });
