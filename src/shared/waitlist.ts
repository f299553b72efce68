import { z } from 'zod';

export const WAITLIST_EMAIL_REQUIRED = 'Email required';
export const WAITLIST_EMAIL_INVALID = 'Please enter a valid email address';

/** The USA waitlist sign-up (storefront spec, section 5): the e-mail is required, stored trimmed and lower-cased. */
export const waitlistRequestSchema = z.object({
  email: z
    .string({ error: WAITLIST_EMAIL_REQUIRED })
    .trim()
    .min(1, { error: WAITLIST_EMAIL_REQUIRED })
    .max(254, { error: 'Email must be at most 254 characters' })
    .pipe(z.email({ error: WAITLIST_EMAIL_INVALID }))
    .transform((email) => email.toLowerCase()),
});
