import { useMutation } from '@tanstack/react-query';
import { authRequest } from './auth-request';

/** Sets the new password with the token of the reset link. */
export const resetPassword = (body: { token: string; password: string }) => authRequest<{ ok: true }>('/api/auth/reset', { method: 'POST', body });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
