import { timeoutDescriptor } from './request-timeout';
import {
  type PasskeyAssertionRequest,
  passkeyMessages,
  passkeyRefusals,
  passkeyOptionsAnswerSchema,
  passkeyRegisteredSchema,
  passkeySignInAnswerSchema,
} from '../../shared/accounts/passkey-contracts';
import { ApiError, api, type ApiRequest } from './api-client';

/** As the other auth requests, a passkey request gives up after 30 s (spec section 9). */
async function authRequest<T>(path: string, request: Omit<ApiRequest, 'signal'>): Promise<T> {
  try {
    return await api<T>(path, { ...request, signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError'))
      throw new ApiError(0, 'timeout', timeoutDescriptor.message, {}, timeoutDescriptor.id);
    throw error;
  }
}

/**
 * Passkey ceremonies in the browser. @simplewebauthn/browser is imported only when one starts, so
 * no page carries it before a passkey is used (the home page's JavaScript budget).
 */
const browserLibrary = () => import('@simplewebauthn/browser');

/** The authenticator's refusal, a cancel or a timeout, told in one sentence (the library's own names). */
function ceremonyError(error: unknown): Error {
  if (error instanceof ApiError) return error;
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError')
    return new ApiError(0, 'passkey_cancelled', passkeyMessages.cancelled, {}, passkeyRefusals.cancelled.id);
  if (name === 'NotSupportedError')
    return new ApiError(0, 'passkey_unsupported', passkeyMessages.unsupported, {}, passkeyRefusals.unsupported.id);
  return new ApiError(0, 'passkey_refused', passkeyMessages.refused, {}, passkeyRefusals.refused.id);
}

/** Registers a new passkey (POST …/registration-options, the authenticator, POST …/registration). */
export async function registerPasskey(input: {
  friendlyName?: string;
  code?: string;
  /** An assertion with an existing passkey, as the proof instead of `code`. */
  passkey?: PasskeyAssertionRequest;
}) {
  const { startRegistration, browserSupportsWebAuthn } = await browserLibrary();
  if (!browserSupportsWebAuthn())
    throw new ApiError(0, 'passkey_unsupported', passkeyMessages.unsupported, {}, passkeyRefusals.unsupported.id);
  const { challengeId, options } = passkeyOptionsAnswerSchema.parse(
    await authRequest<unknown>('/api/auth/passkeys/registration-options', { method: 'POST', body: input }),
  );
  let credential;
  try {
    // The options are the server library's own output, checked again by the browser.
    credential = await startRegistration({
      optionsJSON: options as Parameters<typeof startRegistration>[0]['optionsJSON'],
    });
  } catch (error) {
    throw ceremonyError(error);
  }
  return passkeyRegisteredSchema.parse(
    await authRequest<unknown>('/api/auth/passkeys/registration', {
      method: 'POST',
      body: { challengeId, credential },
    }),
  );
}

/** An assertion with one of the signed-in user's passkeys, for the sign-in challenge or a step-up. */
export async function passkeyAssertion(): Promise<PasskeyAssertionRequest> {
  const { startAuthentication, browserSupportsWebAuthn } = await browserLibrary();
  if (!browserSupportsWebAuthn())
    throw new ApiError(0, 'passkey_unsupported', passkeyMessages.unsupported, {}, passkeyRefusals.unsupported.id);
  const { challengeId, options } = passkeyOptionsAnswerSchema.parse(
    await authRequest<unknown>('/api/auth/passkeys/authentication-options', { method: 'POST', body: {} }),
  );
  try {
    const credential = await startAuthentication({
      optionsJSON: options as Parameters<typeof startAuthentication>[0]['optionsJSON'],
    });
    return { challengeId, credential: credential as PasskeyAssertionRequest['credential'] };
  } catch (error) {
    throw ceremonyError(error);
  }
}

/** Finishes the sign-in challenge with a passkey: the session becomes aal2. */
export async function signInWithPasskey() {
  const assertion = await passkeyAssertion();
  return passkeySignInAnswerSchema.parse(
    await authRequest<unknown>('/api/auth/passkeys/authentication', { method: 'POST', body: assertion }),
  );
}

/** The message for a failed passkey action: the server's or the ceremony's words, or the fallback. */
export const passkeyError = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.message ? error.message : fallback;
