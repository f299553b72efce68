import { useMutation } from '@tanstack/react-query';
import { authRequest } from './auth-request';

/** Sends the reset link (the answer is the same whether or not the address has an account). */
export const recoverPassword = (body: { email: string }) => authRequest<{ sent: true }>('/api/auth/recover', { method: 'POST', body });
export const useRecoverPassword = () => useMutation({ mutationFn: recoverPassword });
