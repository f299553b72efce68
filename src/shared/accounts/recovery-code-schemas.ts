import { z } from 'zod';

/** MFA recovery codes and the first-admin set-up: request and response schemas shared by the server's routes and the browser's fetchers. */
export const recoveryCodeMessage = 'Please enter a recovery code.';

export const recoveryCodeInputSchema = z.object({
  code: z.string({ error: recoveryCodeMessage }).trim().min(1, { error: recoveryCodeMessage }).max(64, { error: recoveryCodeMessage }),
});

export const recoveryCodesIssuedSchema = z.object({ recoveryCodes: z.array(z.string()) });
export const recoveryCodeStatusSchema = z.object({ remaining: z.number().int(), createdAt: z.string().nullable() });
export const recoveryCodeSignInSchema = z.object({ aal: z.literal('aal2'), remaining: z.number().int() });
export const factorVerifiedSchema = z.object({ aal: z.literal('aal2'), recoveryCodes: z.array(z.string()).optional() });
