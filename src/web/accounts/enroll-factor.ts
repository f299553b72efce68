import { useMutation } from '@tanstack/react-query';
import { authRequest } from './auth-request';

export interface EnrolledFactor {
  id: string;
  qrCode: string;
  secret: string;
  uri: string;
}

/** Starts TOTP setup (the server removes unverified factors first). */
export const enrollFactor = () => authRequest<EnrolledFactor>('/api/auth/factors', { method: 'POST', body: { friendlyName: 'Authenticator app' } });
export const useEnrollFactor = () => useMutation({ mutationFn: enrollFactor });
