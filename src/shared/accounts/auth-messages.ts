import { codeMessage, emailMessage, freshCodeMessage, passwordMessage } from './auth-schemas';

/**
 * Messages the accounts API answers with, beside its error `code`; the browser shows some of them
 * as they are (src/web/accounts/auth-error-message.ts). Where the specification quotes a text it is
 * used word for word; the others keep words that the specification's substring table (section 8)
 * recognises, for a client that reads the message only.
 */
export const authMessages = {
  noSession: 'No active session found',
  sessionTooOld: 'Session too old, re-authentication required',
  mfaRequired: 'Multi-factor authentication required',
  adminMfaRequired: 'Multi-factor authentication required for admin operations',
  notAdmin: 'Insufficient privileges - admin access required',
  invalidCredentials: 'Invalid email or password',
  emailNotConfirmed: 'Please check your email and click the confirmation link before signing in.',
  alreadyRegistered: 'User already registered',
  registrationDisabled: 'Account registration is currently disabled. Please contact support.',
  tooManyLogins: 'Too many login attempts. Please wait a moment before trying again.',
  tooManyRequests: 'Too many requests. Please wait a few minutes before trying again.',
  tooManyMfa: 'Too many attempts. Please wait before trying again.',
  invalidEmail: emailMessage,
  shortPassword: passwordMessage,
  invalidCode: 'Invalid verification code. Please try again.',
  codeFormat: codeMessage,
  invalidResetLink: 'This password reset link is invalid or has expired. Please request a new one.',
  wrongCurrentPassword: 'Your current password is incorrect.',
  tooManyFactors: 'You have reached the maximum number of authenticator apps (10).',
  challengeExpired: 'This verification request has expired. Please try again.',
  invalidRecoveryCode: 'Invalid recovery code. Please check it and try again.',
  freshCodeRequired: freshCodeMessage,
  recoveryCodesNeedMfa: 'Set up an authenticator app before creating recovery codes.',
  invalidSetupLink:
    'This set-up link is invalid, has expired or has already been used. Restart the shop to print a new one.',
  adminExists: 'An administrator already exists. Sign in instead.',
} as const;

/** The answer while a factor is locked after too many failed codes, with the whole minutes left. */
export const factorLockedMessage = (minutes: number) =>
  `Too many incorrect codes. For your security, this authenticator is locked for ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}. Try again later, or use a recovery code.`;
