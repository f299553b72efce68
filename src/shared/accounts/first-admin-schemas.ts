import { z } from 'zod';
import { emailSchema, passwordSchema } from './auth-schemas';

/** The first admin's set-up form (`/setup?token=…`): the link's token, an e-mail and a password. */
export const setupTokenSchema = z.string().min(1).max(200);
export const setupStatusSchema = z.object({ valid: z.boolean() });
export const setupUserSchema = z.object({ user: z.object({ id: z.string(), email: z.string() }) });
export const firstAdminSchema = z.object({ email: emailSchema, password: passwordSchema });
export type FirstAdminValues = z.input<typeof firstAdminSchema>;
