import { quoteFlowMessages } from './quote-messages';

/** The customer field a refused quote names first (the server's `fields` key) and what the flow shows for it. */
const shownByField: Record<string, string> = {
  'customerInfo.email': quoteFlowMessages.createInvalidEmail,
  'customerInfo.firstName': quoteFlowMessages.createInvalidFirstName,
  'customerInfo.lastName': quoteFlowMessages.createInvalidLastName,
  'customerInfo.organization': quoteFlowMessages.createInvalidOrganization,
};

/** What the API said about a failed quote creation: its error body's code and fields, where it sent them. */
export interface QuoteCreationFailure {
  code?: string | undefined;
  fields?: Record<string, string> | undefined;
}

/**
 * What the quote flow shows for a failed quote creation (section 8). The server's `code` and
 * `fields` decide; the specification's substring table only reads a message that came without a
 * code (docs/decisions/0024-errors-mapped-by-code.md).
 */
export function quoteCreationErrorMessage(
  message: string | undefined | null,
  failure: QuoteCreationFailure = {},
): string {
  if (failure.code === 'rate_limited') return quoteFlowMessages.createRateLimited;
  const [firstField] = Object.keys(failure.fields ?? {});
  if (firstField !== undefined) return shownByField[firstField] ?? message ?? quoteFlowMessages.createNoMessage;
  if (failure.code !== undefined) return message || quoteFlowMessages.createNoMessage;
  if (!message) return quoteFlowMessages.createNoMessage;
  const text = message.toLowerCase();
  if (text.includes('rate limit') || text.includes('too many')) return quoteFlowMessages.createRateLimited;
  if (text.includes('email')) return quoteFlowMessages.createInvalidEmail;
  if (text.includes('first name')) return quoteFlowMessages.createInvalidFirstName;
  if (text.includes('last name')) return quoteFlowMessages.createInvalidLastName;
  if (text.includes('organization')) return quoteFlowMessages.createInvalidOrganization;
  return message;
}
