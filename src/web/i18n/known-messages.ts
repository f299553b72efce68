import type { PageText } from './use-t';

/**
 * The shared forms' messages (src/shared: the zod schemas' field messages, the flows' refusals, word for
 * word from the specification in English) in the page's language (issue 40). A message not listed here
 * is shown as it is, in English. known-messages.test.ts holds each English text equal to the shared one.
 */
export function knownMessage({ language, t }: PageText, message: string): string {
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
    default:
      return message;
  }
}
