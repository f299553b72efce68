import { authRefusals } from '../../shared/accounts/auth-messages';
import { defineMessages, englishOf, englishText, type Message } from '../../shared/i18n/message';
import { ApiError } from '../lib/api-client';

/**
 * The friendly auth messages of accounts-and-admin spec section 8, by id (issue 53); where the server's
 * answer already says it in those words (shared/accounts/auth-messages.ts), that one descriptor is used.
 */
export const friendlyAuthRefusals = defineMessages({
  network: {
    id: 'error.network',
    message: 'Network connection error. Please check your internet connection and try again.',
  },
  tooManyRequests: authRefusals.tooManyRequests,
  invalidCredentials: {
    id: 'error.invalidCredentials',
    message: 'Invalid email or password. Please check your credentials and try again.',
  },
  alreadyRegistered: {
    id: 'error.alreadyRegistered',
    message: 'An account with this email already exists. Please sign in instead.',
  },
  emailNotConfirmed: authRefusals.emailNotConfirmed,
  shortPassword: { id: 'error.shortPassword', message: 'Password should be at least 6 characters long.' },
  invalidEmail: authRefusals.invalidEmail,
  signupDisabled: authRefusals.registrationDisabled,
  notAuthorized: { id: 'error.notAuthorized', message: 'This email address is not authorized to create an account.' },
  timeout: { id: 'error.timeoutMoment', message: 'Request timed out. Please try again in a moment.' },
  missing: { id: 'error.unexpected', message: 'An unexpected error occurred. Please try again.' },
  other: {
    id: 'error.other',
    message: 'Unable to complete request. Please try again or contact support if the problem persists.',
  },
});
export const friendlyAuthMessages = englishOf(friendlyAuthRefusals);
const friendly = friendlyAuthRefusals;

/** The server's error codes (docs/api/) and the browser's own (network, timeout), mapped first. */
const friendlyByCode: Record<string, Message> = {
  network_error: friendly.network,
  invalid_credentials: friendly.invalidCredentials,
  already_registered: friendly.alreadyRegistered,
  email_not_confirmed: friendly.emailNotConfirmed,
  signup_disabled: friendly.signupDisabled,
};

/**
 * The specification's table, matched by substring of the lower-cased error text in its order: only
 * for a message that came without a code (an answer that is not the API's error body).
 */
const friendlyBySubstring: [needles: string[], message: Message][] = [
  [['fetch', 'network', '504'], friendly.network],
  [['rate limit', 'too many requests'], friendly.tooManyRequests],
  [['invalid login credentials', 'invalid email or password'], friendly.invalidCredentials],
  [['already registered'], friendly.alreadyRegistered],
  [['email not confirmed', 'confirmation'], friendly.emailNotConfirmed],
  [['password should be at least'], friendly.shortPassword],
  [['unable to validate email', 'invalid email'], friendly.invalidEmail],
  [['signup is disabled'], friendly.signupDisabled],
  [['email address not authorized'], friendly.notAuthorized],
  [['timeout', 'deadline exceeded'], friendly.timeout],
];

/** Refusals the server already words as the specification does; they are shown as they are, by their id. */
const shownAsIs = new Map<string, Message>(
  [
    authRefusals.tooManyLogins,
    authRefusals.registrationDisabled,
    authRefusals.invalidEmail,
    authRefusals.shortPassword,
    authRefusals.sessionTooOld,
    authRefusals.invalidResetLink,
    authRefusals.wrongCurrentPassword,
  ].map((descriptor) => [descriptor.message, descriptor]),
);

/** The code of an API answer; an answer that was not the API's error body (`http_error`) has none. */
const codeOf = (error: unknown) => (error instanceof ApiError && error.code !== 'http_error' ? error.code : undefined);

/**
 * What an auth form shows for a failure (spec section 8): by the server's `code` first, then the
 * specification's substring table for a message without one (docs/decisions/0024-errors-mapped-by-code.md).
 * Takes the error itself, or only its message.
 */
export function friendlyAuthMessage(error: unknown): Message {
  const message = typeof error === 'string' ? error : error instanceof Error ? error.message : undefined;
  if (!message) return friendly.missing;
  // A refusal that came with its id is told by it.
  const own =
    error instanceof ApiError && error.messageId ? { id: error.messageId, message, values: error.values } : undefined;
  const asIs = shownAsIs.get(message);
  if (asIs) return own ?? asIs;
  const code = codeOf(error);
  if (code === 'rate_limited') return friendly.tooManyRequests;
  // The browser's own 30-second limit (spec section 9) is told in its own words.
  if (code === 'timeout') return own ?? { id: '', message };
  if (code !== undefined) return friendlyByCode[code] ?? friendly.other;
  const lower = message.toLowerCase();
  for (const [needles, shown] of friendlyBySubstring) {
    if (needles.some((needle) => lower.includes(needle))) return shown;
  }
  return friendly.other;
}

/** The same, in English: the text a client that reads only the English shows. */
export const friendlyAuthError = (error: unknown): string => {
  return englishText(friendlyAuthMessage(error));
};

/** True when the error is the already-registered case, after which the form switches to sign-in in 3 s. */
export function isAlreadyRegistered(error: unknown): boolean {
  const code = codeOf(error);
  if (code !== undefined) return code === 'already_registered';
  const message = typeof error === 'string' ? error : error instanceof Error ? error.message : '';
  return message.toLowerCase().includes('already registered');
}
