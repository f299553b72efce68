/**
 * Set before sending a visitor from the quote flow to /login, so sign-in returns to the flow's
 * step 2. A module of its own: the sign-in page reads it without loading the flows' hand-off
 * schemas (and with them zod's configuration rules) while it starts.
 */
export const QUOTE_FLOW_REDIRECT_KEY = 'quoteFlowRedirect';
