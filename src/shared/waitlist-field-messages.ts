import { defineMessages } from './i18n/message';

/** The waitlist's own field messages, by id (issue 53, decision 0084): the schema carries the id. */
export const waitlistFieldMessages = defineMessages({
  required: { id: 'waitlist.emailMissing', message: 'Email required' },
  tooLong: { id: 'waitlist.emailTooLong', message: 'Email must be at most 254 characters' },
});
