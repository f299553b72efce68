import { describe, expect, it } from 'vitest';
import { friendlyAuthError, isAlreadyRegistered } from './auth-error-message';

describe('friendlyAuthError (spec section 8)', () => {
  it.each([
    ['Failed to fetch: network error', 'Network connection error. Please check your internet connection and try again.'],
    ['Gateway 504', 'Network connection error. Please check your internet connection and try again.'],
    ['Email rate limit exceeded', 'Too many requests. Please wait a few minutes before trying again.'],
    ['Too Many Requests', 'Too many requests. Please wait a few minutes before trying again.'],
    ['Invalid login credentials', 'Invalid email or password. Please check your credentials and try again.'],
    ['Invalid email or password', 'Invalid email or password. Please check your credentials and try again.'],
    ['User already registered', 'An account with this email already exists. Please sign in instead.'],
    ['Email not confirmed', 'Please check your email and click the confirmation link before signing in.'],
    ['Please check your email and click the confirmation link before signing in.', 'Please check your email and click the confirmation link before signing in.'],
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
    ['Too many login attempts. Please wait a moment before trying again.', 'Too many login attempts. Please wait a moment before trying again.'],
    ['Account registration is currently disabled. Please contact support.', 'Account registration is currently disabled. Please contact support.'],
  ])('%s → %s', (input, expected) => {
    expect(friendlyAuthError(input)).toBe(expected);
  });

  it('recognises the already-registered case', () => {
    expect(isAlreadyRegistered('User already registered')).toBe(true);
    expect(isAlreadyRegistered('Invalid email or password')).toBe(false);
  });
});
