import { useMutation } from '@tanstack/react-query';
import { authRequest } from './auth-request';

export const unenrollFactor = (factorId: string) => authRequest<{ ok: true }>(`/api/auth/factors/${factorId}`, { method: 'DELETE' });
export const useUnenrollFactor = () => useMutation({ mutationFn: unenrollFactor });
