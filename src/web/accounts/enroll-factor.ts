import { useMutation } from '@tanstack/react-query';
import { enrolledFactorSchema } from '../../shared/accounts/auth-contracts';
import { authRequest } from './auth-request';

export type { EnrolledFactor } from '../../shared/accounts/auth-contracts';

/** Starts TOTP setup (the server removes unverified factors first). */
export const enrollFactor = async () =>
  enrolledFactorSchema.parse(
    await authRequest<unknown>('/api/auth/factors', { method: 'POST', body: { friendlyName: 'Authenticator app' } }),
  );
export const useEnrollFactor = () => useMutation({ mutationFn: enrollFactor });
