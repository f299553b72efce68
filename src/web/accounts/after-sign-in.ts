import { QUOTE_FLOW_REDIRECT_KEY } from '../lib/quote-flow-redirect';

/** Where to go after sign-in or the MFA challenge: /quote-flow when the quote flow sent the visitor to log in (the flag is cleared), else /. */
export function pathAfterSignIn(): string {
  try {
    if (window.sessionStorage.getItem(QUOTE_FLOW_REDIRECT_KEY) !== null) {
      window.sessionStorage.removeItem(QUOTE_FLOW_REDIRECT_KEY);
      return '/quote-flow';
    }
  } catch {
    // Storage can be unavailable (private modes); then there is no flag.
  }
  return '/';
}
