import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { signUpSchema } from '../../shared/accounts/auth-schemas';
import { checkedAuthRequest } from './auth-request';

/** POST /api/auth/signup. */
export const signUp = (body: z.input<typeof signUpSchema>) =>
  checkedAuthRequest('/api/auth/signup', { method: 'POST', body }, (contracts) => contracts.signUpAnswerSchema);
export const useSignUp = () => useMutation({ mutationFn: signUp });
