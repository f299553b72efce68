import { useMutation } from '@tanstack/react-query';
import { authRequest } from './auth-request';

export const changePassword = (body: { currentPassword: string; password: string }) =>
  authRequest<{ ok: true }>('/api/auth/password', { method: 'PUT', body });
export const useChangePassword = () => useMutation({ mutationFn: changePassword });
