import { defineMessages, englishOf, formatIcu } from '../i18n/message';
import { codeDescriptor, freshCodeDescriptor, passwordDescriptor } from './auth-schemas';
import { emailErrorDescriptor } from '../email-address';

/**
 * What the accounts API answers with, beside its error `code`: each a message descriptor (issue 53), so
 * the refusal carries its id and the page shows it in its own language. Where the specification quotes
 * a text it is used word for word; the others keep words that the specification's substring table
 * (section 8) recognises, for a client that reads the English message only.
 */
export const authRefusals = defineMessages({
  noSession: { id: 'auth.noSession', message: 'No active session found' },
  sessionTooOld: { id: 'error.sessionTooOld', message: 'Session too old, re-authentication required' },
  mfaRequired: { id: 'auth.mfaRequired', message: 'Multi-factor authentication required' },
  adminMfaRequired: {
    id: 'auth.adminMfaRequired',
    message: 'Multi-factor authentication required for admin operations',
  },
  notAdmin: { id: 'auth.notAdmin', message: 'Insufficient privileges - admin access required' },
  invalidCredentials: { id: 'auth.invalidCredentials', message: 'Invalid email or password' },
  emailNotConfirmed: {
    id: 'error.emailNotConfirmed',
    message: 'Please check your email and click the confirmation link before signing in.',
  },
  alreadyRegistered: { id: 'auth.alreadyRegistered', message: 'User already registered' },
  registrationDisabled: {
    id: 'error.signupDisabled',
    message: 'Account registration is currently disabled. Please contact support.',
  },
  tooManyLogins: {
    id: 'error.tooManyLogins',
    message: 'Too many login attempts. Please wait a moment before trying again.',
  },
  tooManyRequests: {
    id: 'error.tooManyRequests',
    message: 'Too many requests. Please wait a few minutes before trying again.',
  },
  tooManyMfa: { id: 'error.tooManyMfa', message: 'Too many attempts. Please wait before trying again.' },
  invalidEmail: emailErrorDescriptor,
  shortPassword: passwordDescriptor,
  invalidCode: { id: 'error.invalidCode', message: 'Invalid verification code. Please try again.' },
  codeFormat: codeDescriptor,
  invalidResetLink: {
    id: 'error.invalidResetLink',
    message: 'This password reset link is invalid or has expired. Please request a new one.',
  },
  wrongCurrentPassword: { id: 'error.wrongCurrentPassword', message: 'Your current password is incorrect.' },
  tooManyFactors: {
    id: 'error.tooManyFactors',
    message: 'You have reached the maximum number of authenticator apps (10).',
  },
  challengeExpired: {
    id: 'error.challengeExpired',
    message: 'This verification request has expired. Please try again.',
  },
  invalidRecoveryCode: {
    id: 'error.invalidRecoveryCode',
    message: 'Invalid recovery code. Please check it and try again.',
  },
  freshCodeRequired: freshCodeDescriptor,
  recoveryCodesNeedMfa: {
    id: 'error.recoveryCodesNeedMfa',
    message: 'Set up an authenticator app before creating recovery codes.',
  },
  invalidSetupLink: {
    id: 'auth.invalidSetupLink',
    message: 'This set-up link is invalid, has expired or has already been used. Restart the shop to print a new one.',
  },
  adminExists: { id: 'auth.adminExists', message: 'An administrator already exists. Sign in instead.' },
  factorNotFound: { id: 'auth.factorNotFound', message: 'Factor not found' },
  challengeNotFound: { id: 'auth.challengeNotFound', message: 'Challenge not found' },
  profileNotFound: { id: 'auth.profileNotFound', message: 'Profile not found' },
  /** A factor locked after too many failed codes, with the whole `{minutes}` left. */
  factorLocked: {
    id: 'error.factorLocked',
    message:
      'Too many incorrect codes. For your security, this authenticator is locked for {minutes, plural, one {# minute} other {# minutes}}. Try again later, or use a recovery code.',
  },
});

/** The English of each refusal, as the API's `message` says it. */
export const authMessages = englishOf(authRefusals);

/** The answer while a factor is locked after too many failed codes, with the whole minutes left. */
export const factorLockedMessage = (minutes: number) => formatIcu(authRefusals.factorLocked.message, { minutes });
