import { defineMessages } from '../i18n/message';

/**
 * The acceptance form's field messages, by id (issue 53, decision 0084): the schema carries the id, the
 * page shows it in its language and a 400 answers the English with the id (src/shared/field-messages.ts).
 */
export const quoteAcceptFieldMessages = defineMessages({
  name: { id: 'acceptError.name', message: 'Enter your full name (letters, spaces, hyphens and apostrophes)' },
  jobTitle: { id: 'acceptError.jobTitle', message: 'Enter your job title (up to 100 characters)' },
  organization: {
    id: 'acceptError.organization',
    message: 'Enter your organisation (letters, digits and . & , ( ) -)',
  },
  email: { id: 'acceptError.email', message: 'Enter a valid e-mail address' },
  signature: { id: 'acceptError.signature', message: 'Type your full name as your signature' },
  signatureImage: { id: 'acceptError.signatureImage', message: 'Draw your signature, or type it instead' },
  signatureNotPng: {
    id: 'quoteRefusal.signatureNotPng',
    message: 'The drawn signature must be a PNG image of up to 200 KB.',
  },
  day: { id: 'acceptError.day', message: 'Use the form YYYY-MM-DD' },
});
