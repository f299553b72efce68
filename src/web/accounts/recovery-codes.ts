import { useQuery } from '@tanstack/react-query';
import {
  recoveryCodeSignInSchema,
  recoveryCodesIssuedSchema,
  recoveryCodeStatusSchema,
} from '../../shared/accounts/mfa-and-setup-schemas';
import { authRequest } from './auth-request';

/** Signs in with a recovery code instead of an authenticator code (POST /api/auth/recovery-codes/verify). */
export const signInWithRecoveryCode = async (code: string) =>
  recoveryCodeSignInSchema.parse(await authRequest<unknown>('/api/auth/recovery-codes/verify', { method: 'POST', body: { code } }));

/** A new set of 10 codes that voids the old one (aal2 only). */
export const regenerateRecoveryCodes = async () =>
  recoveryCodesIssuedSchema.parse(await authRequest<unknown>('/api/auth/recovery-codes', { method: 'POST' })).recoveryCodes;

export const recoveryCodeStatusKey = ['recovery-codes'] as const;

/** How many unused recovery codes the signed-in user has. */
export const useRecoveryCodeStatus = (enabled: boolean) =>
  useQuery({
    queryKey: recoveryCodeStatusKey,
    queryFn: async () => recoveryCodeStatusSchema.parse(await authRequest<unknown>('/api/auth/recovery-codes')),
    enabled,
  });
