import { useMutation } from '@tanstack/react-query';
import { okAnswerSchema } from '../../shared/accounts/auth-contracts';
import type { PasskeyAssertionRequest } from '../../shared/accounts/passkey-contracts';
import { authRequest } from './auth-request';

/**
 * DELETE /api/auth/factors/{id}. A verified factor needs `code` (an authenticator or recovery
 * code) or `passkey` (an assertion with one of the user's passkeys); an unverified one (a setup
 * abandoned) goes without.
 */
export const unenrollFactor = async (factorId: string, code?: string, passkey?: PasskeyAssertionRequest) =>
  okAnswerSchema.parse(
    await authRequest<unknown>(`/api/auth/factors/${factorId}`, {
      method: 'DELETE',
      body: { ...(code === undefined ? {} : { code }), ...(passkey ? { passkey } : {}) },
    }),
  );
export const useUnenrollFactor = () =>
  useMutation({
    mutationFn: (input: { factorId: string; code: string }) => unenrollFactor(input.factorId, input.code),
  });
