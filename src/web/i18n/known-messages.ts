import type { PageText } from './use-t';

/**
 * The shared forms' messages (src/shared: the zod schemas' field messages, the flows' refusals, word for
 * word from the specification in English) in the page's language (issue 40). A message not listed here
 * is shown as it is, in English. known-messages.test.ts holds each English text equal to the shared one.
 */
export function knownMessage(text: PageText, message: string): string {
  const { language, t } = text;
  if (language === 'en') return message;
  switch (message) {
    case 'Please enter a valid email address':
      return t('error.email', 'Please enter a valid email address');
    case 'Please enter a valid email address.':
      return t('error.emailStop', 'Please enter a valid email address.');
    case 'Valid email address is required':
      return t('error.emailRequired', 'Valid email address is required');
    case 'First name is required':
      return t('error.firstName', 'First name is required');
    case 'Last name is required':
      return t('error.lastName', 'Last name is required');
    case 'Address is required':
      return t('error.address', 'Address is required');
    case 'City is required':
      return t('error.city', 'City is required');
    case 'Postal code is required':
      return t('error.postalCode', 'Postal code is required');
    case 'Please choose a country we ship to':
      return t('error.country', 'Please choose a country we ship to');
    case 'This is too long':
      return t('error.tooLong', 'This is too long');
    case 'First name must be 1-100 characters and contain only letters, spaces, hyphens, and apostrophes':
      return t(
        'error.firstNameLive',
        'First name must be 1-100 characters and contain only letters, spaces, hyphens, and apostrophes',
      );
    case 'Last name must be 1-100 characters and contain only letters, spaces, hyphens, and apostrophes':
      return t(
        'error.lastNameLive',
        'Last name must be 1-100 characters and contain only letters, spaces, hyphens, and apostrophes',
      );
    case 'Valid first name is required (1-100 characters, letters only)':
      return t('error.firstNameSubmit', 'Valid first name is required (1-100 characters, letters only)');
    case 'Valid last name is required (1-100 characters, letters only)':
      return t('error.lastNameSubmit', 'Valid last name is required (1-100 characters, letters only)');
    case 'Organization name must be 1-200 characters and contain only alphanumeric characters and common business symbols':
      return t(
        'error.organizationLive',
        'Organization name must be 1-200 characters and contain only alphanumeric characters and common business symbols',
      );
    case 'Valid organization name is required (1-200 characters)':
      return t('error.organizationSubmit', 'Valid organization name is required (1-200 characters)');
    case 'Password must be at least 6 characters long.':
      return t('error.password', 'Password must be at least 6 characters long.');
    // The sign-in's and the account's refusals (spec section 8, friendlyAuthError and the server's own words).
    case 'Network connection error. Please check your internet connection and try again.':
      return t('error.network', 'Network connection error. Please check your internet connection and try again.');
    case 'Too many requests. Please wait a few minutes before trying again.':
      return t('error.tooManyRequests', 'Too many requests. Please wait a few minutes before trying again.');
    case 'Too many login attempts. Please wait a moment before trying again.':
      return t('error.tooManyLogins', 'Too many login attempts. Please wait a moment before trying again.');
    case 'Invalid email or password. Please check your credentials and try again.':
      return t('error.invalidCredentials', 'Invalid email or password. Please check your credentials and try again.');
    case 'An account with this email already exists. Please sign in instead.':
      return t('error.alreadyRegistered', 'An account with this email already exists. Please sign in instead.');
    case 'Please check your email and click the confirmation link before signing in.':
      return t('error.emailNotConfirmed', 'Please check your email and click the confirmation link before signing in.');
    case 'Password should be at least 6 characters long.':
      return t('error.shortPassword', 'Password should be at least 6 characters long.');
    case 'Account registration is currently disabled. Please contact support.':
      return t('error.signupDisabled', 'Account registration is currently disabled. Please contact support.');
    case 'This email address is not authorized to create an account.':
      return t('error.notAuthorized', 'This email address is not authorized to create an account.');
    case 'Request timed out. Please try again in a moment.':
      return t('error.timeoutMoment', 'Request timed out. Please try again in a moment.');
    case 'Request timed out. Please try again.':
      return t('error.timeout', 'Request timed out. Please try again.');
    case 'An unexpected error occurred. Please try again.':
      return t('error.unexpected', 'An unexpected error occurred. Please try again.');
    case 'Unable to complete request. Please try again or contact support if the problem persists.':
      return t(
        'error.other',
        'Unable to complete request. Please try again or contact support if the problem persists.',
      );
    case 'Session too old, re-authentication required':
      return t('error.sessionTooOld', 'Session too old, re-authentication required');
    case 'This password reset link is invalid or has expired. Please request a new one.':
      return t(
        'error.invalidResetLink',
        'This password reset link is invalid or has expired. Please request a new one.',
      );
    case 'Your current password is incorrect.':
      return t('error.wrongCurrentPassword', 'Your current password is incorrect.');
    // The second factor: the code forms' own checks and the server's refusals.
    case 'Please enter a 6-digit verification code':
      return t('error.code', 'Please enter a 6-digit verification code');
    case 'Please enter a recovery code.':
      return t('error.recoveryCode', 'Please enter a recovery code.');
    case 'Enter a code from your authenticator app or a recovery code.':
      return t('error.freshCode', 'Enter a code from your authenticator app or a recovery code.');
    case 'Invalid verification code. Please try again.':
      return t('error.invalidCode', 'Invalid verification code. Please try again.');
    case 'Too many attempts. Please wait before trying again.':
      return t('error.tooManyMfa', 'Too many attempts. Please wait before trying again.');
    case 'This verification request has expired. Please try again.':
      return t('error.challengeExpired', 'This verification request has expired. Please try again.');
    case 'Invalid recovery code. Please check it and try again.':
      return t('error.invalidRecoveryCode', 'Invalid recovery code. Please check it and try again.');
    case 'You have reached the maximum number of authenticator apps (10).':
      return t('error.tooManyFactors', 'You have reached the maximum number of authenticator apps (10).');
    case 'Set up an authenticator app before creating recovery codes.':
      return t('error.recoveryCodesNeedMfa', 'Set up an authenticator app before creating recovery codes.');
    // Passkeys: the server's and the browser ceremony's refusals.
    case 'This passkey could not be verified. Please try again.':
      return t('error.passkeyRefused', 'This passkey could not be verified. Please try again.');
    case 'No passkey is registered for this account.':
      return t('error.noPasskey', 'No passkey is registered for this account.');
    case 'The passkey request was cancelled or timed out.':
      return t('error.passkeyCancelled', 'The passkey request was cancelled or timed out.');
    case 'This browser cannot use passkeys.':
      return t('error.passkeyUnsupported', 'This browser cannot use passkeys.');
    default:
      return lockedMessage(text, message) ?? message;
  }
}

/** A factor locked after too many wrong codes (`factorLockedMessage`), with its whole minutes left. */
function lockedMessage({ t }: PageText, message: string): string | undefined {
  const locked =
    /^Too many incorrect codes\. For your security, this authenticator is locked for (\d+) minutes?\. Try again later, or use a recovery code\.$/.exec(
      message,
    );
  if (!locked) return undefined;
  const minutes = Number(locked[1]);
  return minutes === 1
    ? t(
        'error.factorLockedMinute',
        'Too many incorrect codes. For your security, this authenticator is locked for 1 minute. Try again later, or use a recovery code.',
      )
    : t(
        'error.factorLocked',
        'Too many incorrect codes. For your security, this authenticator is locked for {minutes} minutes. Try again later, or use a recovery code.',
        { minutes },
      );
}
