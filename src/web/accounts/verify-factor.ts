import {
  challengeAnswerSchema,
  factorVerifiedSchema,
  recoveryCodeSignInSchema,
} from '../../shared/accounts/auth-contracts';
import { ApiError } from '../lib/api-client';
import { authRequest } from './auth-request';

export const challengeFactor = async (factorId: string) =>
  challengeAnswerSchema.parse(
    await authRequest<unknown>(`/api/auth/factors/${factorId}/challenge`, { method: 'POST' }),
  );

/** Verifies a code; on enrolment the answer carries the new recovery codes, shown once. */
export const verifyFactor = async (factorId: string, body: { challengeId: string; code: string }) =>
  factorVerifiedSchema.parse(
    await authRequest<unknown>(`/api/auth/factors/${factorId}/verify`, { method: 'POST', body }),
  );

/** Signs in with a recovery code instead of an authenticator code (POST /api/auth/recovery-codes/verify). */
export const signInWithRecoveryCode = async (code: string) =>
  recoveryCodeSignInSchema.parse(
    await authRequest<unknown>('/api/auth/recovery-codes/verify', { method: 'POST', body: { code } }),
  );

/** The challenge could not be created (as opposed to a refused code). */
export class ChallengeFailed extends Error {
  constructor(override readonly cause: unknown) {
    super('challenge failed');
  }
}

/** A fresh single-use challenge and its verification, for each press of Verify. */
export async function challengeAndVerify(factorId: string, code: string) {
  let challengeId: string;
  try {
    challengeId = (await challengeFactor(factorId)).challengeId;
  } catch (error) {
    throw new ChallengeFailed(error);
  }
  return verifyFactor(factorId, { challengeId, code });
}

/**
 * The message for a failed verification (spec section 8): a refused code, too many attempts,
 * a timeout, or the given fallback.
 */
export function verificationError(error: unknown, fallback: string, tooMany: string): string {
  const apiError = error instanceof ChallengeFailed ? error.cause : error;
  if (!(apiError instanceof ApiError)) return fallback;
  // A lock after too many wrong codes and a refused recovery code are told in the server's words.
  if (apiError.code === 'timeout' || apiError.code === 'factor_locked' || apiError.code === 'invalid_recovery_code')
    return apiError.message;
  if (apiError.status === 429) return tooMany;
  if (apiError.code === 'invalid_code' || apiError.code === 'challenge_expired' || apiError.status === 400)
    return 'Invalid verification code. Please try again.';
  return fallback;
}
