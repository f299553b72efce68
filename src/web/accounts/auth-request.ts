import type { z } from 'zod';
import type * as authContracts from '../../shared/accounts/auth-contracts';
import { ApiError, api, type ApiRequest } from '../lib/api-client';
import { timeoutDescriptor } from '../lib/request-timeout';

export { timeoutDescriptor };

type AuthContracts = typeof authContracts;

/** Auth requests give up after 30 s (spec section 9) with the specification's message. */
export const AUTH_TIMEOUT_MS = 30_000;
export const timeoutMessage = timeoutDescriptor.message;

export async function authRequest<T>(path: string, request: Omit<ApiRequest, 'signal'> = {}): Promise<T> {
  try {
    return await api<T>(path, { ...request, signal: AbortSignal.timeout(AUTH_TIMEOUT_MS) });
  } catch (error) {
    if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new ApiError(0, 'timeout', timeoutMessage, {}, timeoutDescriptor.id);
    }
    throw error;
  }
}

export const errorMessage = (error: unknown) => (error instanceof Error ? error.message : undefined);
export const errorStatus = (error: unknown) => (error instanceof ApiError ? error.status : undefined);

/**
 * An auth request whose answer is checked against its shared contract schema. The contracts are
 * loaded beside the request, not with the page: the sign-in page then starts without building
 * every auth schema (a long task on a phone), and the first request waits for nothing extra.
 */
export async function checkedAuthRequest<Schema extends z.ZodType>(
  path: string,
  request: Omit<ApiRequest, 'signal'>,
  answerSchema: (contracts: AuthContracts) => Schema,
): Promise<z.output<Schema>> {
  const [answer, contracts] = await Promise.all([
    authRequest<unknown>(path, request),
    import('../../shared/accounts/auth-contracts'),
  ]);
  return answerSchema(contracts).parse(answer);
}
