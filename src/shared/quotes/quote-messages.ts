import { emailErrorMessage, emailFieldMessage } from '../email-address';

/** The quote flow's messages, word for word from storefront spec sections 5 and 8. */
export const quoteFlowMessages = {
  emailLive: emailFieldMessage,
  emailSubmit: 'Valid email address is required',
  firstNameLive: 'First name must be 1-100 characters and contain only letters, spaces, hyphens, and apostrophes',
  lastNameLive: 'Last name must be 1-100 characters and contain only letters, spaces, hyphens, and apostrophes',
  firstNameSubmit: 'Valid first name is required (1-100 characters, letters only)',
  lastNameSubmit: 'Valid last name is required (1-100 characters, letters only)',
  organizationLive:
    'Organization name must be 1-200 characters and contain only alphanumeric characters and common business symbols',
  organizationSubmit: 'Valid organization name is required (1-200 characters)',
  emailStepRateLimited: 'Too many attempts. Please wait before trying again.',
  quoteRateLimited: 'Rate limit exceeded. Please wait before creating another quote.',
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
