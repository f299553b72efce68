import { useQuery } from '@tanstack/react-query';
import { recoveryCodesIssuedSchema, recoveryCodeStatusSchema } from '../../shared/accounts/auth-contracts';
import { authRequest } from './auth-request';

/** A new set of 10 codes that voids the old one (aal2 only, with an authenticator or recovery code). */
export const regenerateRecoveryCodes = async (code: string) =>
  recoveryCodesIssuedSchema.parse(
    await authRequest<unknown>('/api/auth/recovery-codes', { method: 'POST', body: { code } }),
  ).recoveryCodes;

export const recoveryCodeStatusKey = ['recovery-codes'] as const;

/** How many unused recovery codes the signed-in user has. */
export const useRecoveryCodeStatus = (enabled: boolean) =>
  useQuery({
    queryKey: recoveryCodeStatusKey,
    queryFn: async () => recoveryCodeStatusSchema.parse(await authRequest<unknown>('/api/auth/recovery-codes')),
    enabled,
  });
