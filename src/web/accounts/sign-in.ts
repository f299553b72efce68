import { useMutation } from '@tanstack/react-query';
import { authRequest } from './auth-request';

export interface SignInInput {
  email: string;
  password: string;
  remember: boolean;
}
export interface SignInResult {
  user: { id: string; email: string };
  aal: 'aal1' | 'aal2';
  mfaRequired: boolean;
}

export const signIn = (body: SignInInput) => authRequest<SignInResult>('/api/auth/signin', { method: 'POST', body });
export const useSignIn = () => useMutation({ mutationFn: signIn });
