import { ApiError, api, type ApiRequest } from '../lib/api-client';

/** Auth requests give up after 30 s (spec section 9) with the specification's message. */
export const AUTH_TIMEOUT_MS = 30_000;
export const timeoutMessage = 'Request timed out. Please try again.';

export async function authRequest<T>(path: string, request: Omit<ApiRequest, 'signal'> = {}): Promise<T> {
  try {
    return await api<T>(path, { ...request, signal: AbortSignal.timeout(AUTH_TIMEOUT_MS) });
  } catch (error) {
    if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new ApiError(0, 'timeout', timeoutMessage);
    }
    throw error;
  }
}

export const errorMessage = (error: unknown) => (error instanceof Error ? error.message : undefined);
export const errorStatus = (error: unknown) => (error instanceof ApiError ? error.status : undefined);
