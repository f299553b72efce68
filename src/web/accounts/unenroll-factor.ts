import { useMutation } from '@tanstack/react-query';
import { okAnswerSchema } from '../../shared/accounts/auth-contracts';
import { authRequest } from './auth-request';

/** DELETE /api/auth/factors/{id}. */
export const unenrollFactor = async (factorId: string) =>
  okAnswerSchema.parse(await authRequest<unknown>(`/api/auth/factors/${factorId}`, { method: 'DELETE' }));
export const useUnenrollFactor = () => useMutation({ mutationFn: unenrollFactor });
