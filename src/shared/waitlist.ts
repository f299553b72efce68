import { z } from 'zod';
import { EMAIL_MAX, emailFieldDescriptor, emailFieldMessage } from './email-address';
import { defineMessages, englishOf } from './i18n/message';
import { waitlistFieldMessages } from './waitlist-field-messages';

export { waitlistFieldMessages };

export const WAITLIST_EMAIL_REQUIRED = waitlistFieldMessages.required.message;
export const WAITLIST_EMAIL_INVALID = emailFieldMessage;

/** The USA waitlist sign-up (storefront spec, section 5): the e-mail is required, stored trimmed and lower-cased. */
export const waitlistRequestSchema = z.object({
  email: z
    .string({ error: waitlistFieldMessages.required.id })
    .trim()
    .min(1, { error: waitlistFieldMessages.required.id })
    .max(EMAIL_MAX, { error: waitlistFieldMessages.tooLong.id })
    .pipe(z.email({ error: emailFieldDescriptor.id }))
    .transform((email) => email.toLowerCase()),
});

/** What the address is for, said where it is asked for and in the confirmation e-mail. */
export const waitlistUse =
  'We use this address only to send you one e-mail when Dropwise ships to the USA. We e-mail you a link to leave the list at any time.';

/** The waitlist's answers and refusals, by id (issue 53). */
export const waitlistRefusals = defineMessages({
  left: { id: 'waitlist.left', message: 'You have left the USA waitlist. We will not e-mail you about it again.' },
  invalid: { id: 'waitlist.linkInvalid', message: 'This link has already been used or is not valid.' },
  alreadySignedUp: { id: 'waitlist.alreadyText', message: 'This email is already on our USA waitlist.' },
  tooMany: { id: 'waitlist.tooMany', message: 'Too many requests. Please wait a moment before trying again.' },
});

export const waitlistLeaveMessages = englishOf(waitlistRefusals);

/** `POST /api/waitlist/leave`: the token of the e-mailed link. */
export const waitlistLeaveRequestSchema = z.object({ token: z.string().min(1).max(200) });
