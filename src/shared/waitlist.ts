import { z } from 'zod';
import { EMAIL_MAX, emailFieldMessage } from './email-address';

export const WAITLIST_EMAIL_REQUIRED = 'Email required';
export const WAITLIST_EMAIL_INVALID = emailFieldMessage;

/** The USA waitlist sign-up (storefront spec, section 5): the e-mail is required, stored trimmed and lower-cased. */
export const waitlistRequestSchema = z.object({
  email: z
    .string({ error: WAITLIST_EMAIL_REQUIRED })
    .trim()
    .min(1, { error: WAITLIST_EMAIL_REQUIRED })
    .max(EMAIL_MAX, { error: 'Email must be at most 254 characters' })
    .pipe(z.email({ error: WAITLIST_EMAIL_INVALID }))
    .transform((email) => email.toLowerCase()),
});
