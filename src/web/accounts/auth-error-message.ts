/**
 * The friendly auth messages of accounts-and-admin spec section 8, matched by substring of the
 * lower-cased error text, in the specification's order.
 */
const friendlyMessages: [needles: string[], message: string][] = [
  [['fetch', 'network', '504'], 'Network connection error. Please check your internet connection and try again.'],
  [['rate limit', 'too many requests'], 'Too many requests. Please wait a few minutes before trying again.'],
  [['invalid login credentials', 'invalid email or password'], 'Invalid email or password. Please check your credentials and try again.'],
  [['already registered'], 'An account with this email already exists. Please sign in instead.'],
  [['email not confirmed', 'confirmation'], 'Please check your email and click the confirmation link before signing in.'],
  [['password should be at least'], 'Password should be at least 6 characters long.'],
  [['unable to validate email', 'invalid email'], 'Please enter a valid email address.'],
  [['signup is disabled'], 'Account registration is currently disabled. Please contact support.'],
  [['email address not authorized'], 'This email address is not authorized to create an account.'],
  [['timeout', 'deadline exceeded'], 'Request timed out. Please try again in a moment.'],
];

/** Texts the server already words as the specification does; they are shown as they are. */
const shownAsIs = new Set([
  'Too many login attempts. Please wait a moment before trying again.',
  'Account registration is currently disabled. Please contact support.',
  'Please enter a valid email address.',
  'Password must be at least 6 characters long.',
  'Session too old, re-authentication required',
  'This password reset link is invalid or has expired. Please request a new one.',
  'Your current password is incorrect.',
]);

export function friendlyAuthError(message: string | null | undefined): string {
  if (!message) return 'An unexpected error occurred. Please try again.';
  if (shownAsIs.has(message)) return message;
  const lower = message.toLowerCase();
  for (const [needles, friendly] of friendlyMessages) {
    if (needles.some((needle) => lower.includes(needle))) return friendly;
  }
  return 'Unable to complete request. Please try again or contact support if the problem persists.';
}

/** True when the error is the already-registered case, after which the form switches to sign-in in 3 s. */
export const isAlreadyRegistered = (message: string | null | undefined) => (message ?? '').toLowerCase().includes('already registered');
