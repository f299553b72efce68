import { emailErrorMessage, emailFieldMessage } from '../email-address';
import { defineMessages, englishOf } from '../i18n/message';

/** The quote flow's field messages (storefront spec section 5), by id (issue 53). */
export const quoteFieldMessages = defineMessages({
  emailSubmit: { id: 'error.emailRequired', message: 'Valid email address is required' },
  firstNameLive: {
    id: 'error.firstNameLive',
    message: 'First name must be 1-100 characters and contain only letters, spaces, hyphens, and apostrophes',
  },
  lastNameLive: {
    id: 'error.lastNameLive',
    message: 'Last name must be 1-100 characters and contain only letters, spaces, hyphens, and apostrophes',
  },
  firstNameSubmit: {
    id: 'error.firstNameSubmit',
    message: 'Valid first name is required (1-100 characters, letters only)',
  },
  lastNameSubmit: {
    id: 'error.lastNameSubmit',
    message: 'Valid last name is required (1-100 characters, letters only)',
  },
  organizationLive: {
    id: 'error.organizationLive',
    message:
      'Organization name must be 1-200 characters and contain only alphanumeric characters and common business symbols',
  },
  organizationSubmit: {
    id: 'error.organizationSubmit',
    message: 'Valid organization name is required (1-200 characters)',
  },
});

/** The quote flow's rate limits' refusals, by id (issue 53). */
export const quoteFlowRefusals = defineMessages({
  emailStepRateLimited: {
    id: 'quoteRefusal.emailStepRateLimited',
    message: 'Too many attempts. Please wait before trying again.',
  },
  quoteRateLimited: {
    id: 'quoteRefusal.quoteRateLimited',
    message: 'Rate limit exceeded. Please wait before creating another quote.',
  },
});

/** The quote flow's messages, word for word from storefront spec sections 5 and 8. */
export const quoteFlowMessages = {
  emailLive: emailFieldMessage,
  ...englishOf(quoteFieldMessages),
  ...englishOf(quoteFlowRefusals),
  // What the browser shows (section 8).
  emailStepRateLimitedShown: 'Too many requests. Please wait a moment before trying again.',
  emailStepFailedShown: 'An error occurred while checking your email. Please try again.',
  createInvalidEmail: emailErrorMessage,
  createInvalidFirstName: 'Please enter a valid first name (letters, spaces, hyphens, and apostrophes only).',
  createInvalidLastName: 'Please enter a valid last name (letters, spaces, hyphens, and apostrophes only).',
  createInvalidOrganization: 'Please enter a valid organization name.',
  createRateLimited: 'You have reached the maximum number of quotes per hour. Please try again later.',
  createFallback: 'Something went wrong. Please try again.',
  createNoMessage: 'Failed to create quote',
} as const;
