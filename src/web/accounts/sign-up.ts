import { useMutation } from '@tanstack/react-query';
import { authRequest } from './auth-request';

export const signUp = (body: { email: string; password: string }) =>
  authRequest<{ confirmationSent: true }>('/api/auth/signup', { method: 'POST', body });
export const useSignUp = () => useMutation({ mutationFn: signUp });
