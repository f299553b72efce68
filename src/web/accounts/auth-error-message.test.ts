import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { pageText } from '../i18n/use-t';
import {
  friendlyAuthError,
  friendlyAuthMessage,
  friendlyAuthRefusals,
  isAlreadyRegistered,
} from './auth-error-message';
import { timeoutDescriptor } from './auth-request';

describe('friendlyAuthError (spec section 8)', () => {
  it.each([
    [
      'Failed to fetch: network error',
      'Network connection error. Please check your internet connection and try again.',
    ],
    ['Gateway 504', 'Network connection error. Please check your internet connection and try again.'],
    ['Email rate limit exceeded', 'Too many requests. Please wait a few minutes before trying again.'],
    ['Too Many Requests', 'Too many requests. Please wait a few minutes before trying again.'],
    ['Invalid login credentials', 'Invalid email or password. Please check your credentials and try again.'],
    ['Invalid email or password', 'Invalid email or password. Please check your credentials and try again.'],
    ['User already registered', 'An account with this email already exists. Please sign in instead.'],
    ['Email not confirmed', 'Please check your email and click the confirmation link before signing in.'],
    [
      'Please check your email and click the confirmation link before signing in.',
      'Please check your email and click the confirmation link before signing in.',
    ],
    ['Password should be at least 6 characters', 'Password should be at least 6 characters long.'],
    ['Unable to validate email address: invalid format', 'Please enter a valid email address.'],
    ['Invalid email', 'Please enter a valid email address.'],
    ['Signup is disabled', 'Account registration is currently disabled. Please contact support.'],
    ['Email address not authorized', 'This email address is not authorized to create an account.'],
    ['Request timeout', 'Request timed out. Please try again in a moment.'],
    ['context deadline exceeded', 'Request timed out. Please try again in a moment.'],
    ['Something odd', 'Unable to complete request. Please try again or contact support if the problem persists.'],
    ['', 'An unexpected error occurred. Please try again.'],
    [undefined, 'An unexpected error occurred. Please try again.'],
    [
      'Too many login attempts. Please wait a moment before trying again.',
      'Too many login attempts. Please wait a moment before trying again.',
    ],
    [
      'Account registration is currently disabled. Please contact support.',
      'Account registration is currently disabled. Please contact support.',
    ],
  ])('%s → %s', (input, expected) => {
    expect(friendlyAuthError(input)).toBe(expected);
  });

  it('recognises the already-registered case', () => {
    expect(isAlreadyRegistered('User already registered')).toBe(true);
    expect(isAlreadyRegistered('Invalid email or password')).toBe(false);
  });
});

describe('friendlyAuthError by the code the server sends', () => {
  it.each([
    [
      new ApiError(400, 'invalid_credentials', 'Invalid email or password'),
      'Invalid email or password. Please check your credentials and try again.',
    ],
    [
      new ApiError(409, 'already_registered', 'User already registered'),
      'An account with this email already exists. Please sign in instead.',
    ],
    [
      new ApiError(
        403,
        'email_not_confirmed',
        'Please check your email and click the confirmation link before signing in.',
      ),
      'Please check your email and click the confirmation link before signing in.',
    ],
    [
      new ApiError(403, 'signup_disabled', 'Account registration is currently disabled. Please contact support.'),
      'Account registration is currently disabled. Please contact support.',
    ],
    [
      new ApiError(429, 'rate_limited', 'Too many requests. Please wait a few minutes before trying again.'),
      'Too many requests. Please wait a few minutes before trying again.',
    ],
    [
      new ApiError(429, 'rate_limited', 'Too many login attempts. Please wait a moment before trying again.'),
      'Too many login attempts. Please wait a moment before trying again.',
    ],
    [
      new ApiError(400, 'invalid_input', 'Please enter a valid email address.', {
        email: 'Please enter a valid email address.',
      }),
      'Please enter a valid email address.',
    ],
    [
      new ApiError(
        400,
        'invalid_token',
        'This password reset link is invalid or has expired. Please request a new one.',
      ),
      'This password reset link is invalid or has expired. Please request a new one.',
    ],
    [
      new ApiError(0, 'network_error', 'Failed to fetch: network error'),
      'Network connection error. Please check your internet connection and try again.',
    ],
    [new ApiError(0, 'timeout', 'Request timed out. Please try again.'), 'Request timed out. Please try again.'],
  ])('%s → %s', (error, expected) => {
    expect(friendlyAuthError(error)).toBe(expected);
  });

  it('maps by the code, not by words in the message', () => {
    // Words of the substring table in a message whose code says otherwise.
    expect(friendlyAuthError(new ApiError(409, 'already_registered', 'Email not confirmed'))).toBe(
      'An account with this email already exists. Please sign in instead.',
    );
    expect(friendlyAuthError(new ApiError(429, 'rate_limited', 'Slow down'))).toBe(
      'Too many requests. Please wait a few minutes before trying again.',
    );
    expect(friendlyAuthError(new ApiError(401, 'unauthorized', 'Invalid email confirmation state'))).toBe(
      'Unable to complete request. Please try again or contact support if the problem persists.',
    );
  });

  it('falls back to the substring table for an answer without the API error body', () => {
    expect(friendlyAuthError(new ApiError(504, 'http_error', 'Request failed with status 504'))).toBe(
      'Network connection error. Please check your internet connection and try again.',
    );
    expect(friendlyAuthError(new ApiError(502, 'http_error', 'Request failed with status 502'))).toBe(
      'Unable to complete request. Please try again or contact support if the problem persists.',
    );
  });

  it('recognises the already-registered case by its code', () => {
    expect(isAlreadyRegistered(new ApiError(409, 'already_registered', 'An account exists'))).toBe(true);
    expect(isAlreadyRegistered(new ApiError(400, 'invalid_credentials', 'User already registered'))).toBe(false);
  });
});

describe('friendlyAuthError’s messages by id (issues 40 and 53)', () => {
  const shown = [...Object.values(friendlyAuthRefusals), timeoutDescriptor];

  it('English shows each as the specification has it', () => {
    for (const descriptor of shown) expect(pageText('en').message(descriptor)).toBe(descriptor.message);
  });

  it('every one has an id of the pages’ catalogue', () => {
    for (const descriptor of shown) expect(descriptor.id).toMatch(/^error\./);
  });

  it('a server refusal that came with its id keeps it, with its values', () => {
    const locked = new ApiError(
      429,
      'rate_limited',
      'Too many login attempts. Please wait a moment before trying again.',
      {},
      'error.tooManyLogins',
    );
    expect(friendlyAuthMessage(locked).id).toBe('error.tooManyLogins');
  });
});
