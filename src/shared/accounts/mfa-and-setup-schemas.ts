import { z } from 'zod';
import { emailSchema, passwordSchema } from './auth-schemas';

/** MFA recovery codes and the first-admin set-up: request and response schemas shared by the server's routes and the browser's fetchers. */
export const recoveryCodeMessage = 'Please enter a recovery code.';

export const recoveryCodeInputSchema = z.object({
  code: z.string({ error: recoveryCodeMessage }).trim().min(1, { error: recoveryCodeMessage }).max(64, { error: recoveryCodeMessage }),
});

export const recoveryCodesIssuedSchema = z.object({ recoveryCodes: z.array(z.string()) });
export const recoveryCodeStatusSchema = z.object({ remaining: z.number().int(), createdAt: z.string().nullable() });
export const recoveryCodeSignInSchema = z.object({ aal: z.literal('aal2'), remaining: z.number().int() });
export const factorVerifiedSchema = z.object({ aal: z.literal('aal2'), recoveryCodes: z.array(z.string()).optional() });

/** The first admin's set-up form (`/setup?token=…`): the link's token, an e-mail and a password. */
export const setupTokenSchema = z.string().min(1).max(200);
export const setupStatusSchema = z.object({ valid: z.boolean() });
export const setupUserSchema = z.object({ user: z.object({ id: z.string(), email: z.string() }) });
export const firstAdminSchema = z.object({ email: emailSchema, password: passwordSchema });
export type FirstAdminValues = z.input<typeof firstAdminSchema>;
