import { z } from 'zod';
import { profileSchema } from './profile-schema';
import { codeSchema, emailSchema, freshCodeSchema, passwordSchema } from './auth-schemas';

/**
 * The request and response schemas of the auth routes (docs/api/accounts.md), shared by the
 * server's route declarations and the browser's fetchers. A response schema is the allow-list of
 * what leaves the server. The form rules they build on (e-mail, password, code) are in auth-schemas.
 */

export const aalSchema = z.enum(['aal1', 'aal2']);
export const sessionUserSchema = z.object({ id: z.string(), email: z.string() });

export const factorSchema = z.object({
  id: z.string(),
  status: z.enum(['verified', 'unverified']),
  /** An authenticator app, or a passkey (WebAuthn). */
  factorType: z.enum(['totp', 'webauthn']),
  friendlyName: z.string().nullable(),
  createdAt: z.string(),
  /** When a passkey last signed in or confirmed an action; null for an authenticator app. */
  lastUsedAt: z.string().nullable(),
});
export type Factor = z.infer<typeof factorSchema>;

/** The answer of a change that has nothing else to tell: sign-out, reset, password change, factor removal. */
export const okAnswerSchema = z.object({ ok: z.literal(true) });
export type OkAnswer = z.infer<typeof okAnswerSchema>;

/** POST /api/auth/signup (the body is `signUpSchema`). */
export const signUpAnswerSchema = z.object({ confirmationSent: z.literal(true) });

/** POST /api/auth/resend-confirmation and POST /api/auth/recover: the same answer whether or not the address is known. */
export const emailRequestSchema = z.object({ email: emailSchema });
export const sentAnswerSchema = z.object({ sent: z.literal(true) });

/** GET /api/auth/confirm?token=…: answers with a redirect to /login. */
export const confirmQuerySchema = z.object({ token: z.string().max(200).default('') });

/** POST /api/auth/signin (the body is `signInSchema`). */
export const signInAnswerSchema = z.object({ user: sessionUserSchema, aal: aalSchema, mfaRequired: z.boolean() });
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;

/** GET /api/auth/session: signed out, at the challenge (verified factors only), or signed in with the profile. */
export const sessionAnswerSchema = z.object({
  user: sessionUserSchema.nullable(),
  profile: profileSchema.optional(),
  aal: aalSchema.optional(),
  nextAal: aalSchema.optional(),
  factors: z.array(factorSchema).optional(),
  expiresAt: z.string().optional(),
  message: z.string().optional(),
  /** A staff member's roles and the permissions they grant (issue 24): the admin shows only these. */
  staff: z.object({ roles: z.array(z.string()), permissions: z.array(z.string()) }).optional(),
});
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

/** POST /api/auth/reset: the token of the reset link and the new password. */
export const resetPasswordRequestSchema = z.object({ token: z.string().min(1).max(200), password: passwordSchema });

/** PUT /api/auth/password. */
export const changePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1).max(1024),
  password: passwordSchema,
});

/** GET /api/auth/factors. */
export const factorsAnswerSchema = z.object({ factors: z.array(factorSchema) });

/**
 * The body of DELETE /api/auth/factors/{id} (a verified factor) and POST /api/auth/recovery-codes:
 * a fresh authenticator code or a recovery code. Optional here so that a missing one is answered
 * with `fresh_code_required` rather than a schema error.
 */
export const freshCodeRequestSchema = z.object({ code: freshCodeSchema.optional() });
export type FreshCodeRequest = z.infer<typeof freshCodeRequestSchema>;

/** POST /api/auth/factors: starts TOTP setup; `code` as above once the user has a verified factor. */
export const enrollFactorRequestSchema = freshCodeRequestSchema.extend({
  friendlyName: z.string().max(100).optional(),
});
export const enrolledFactorSchema = z.object({
  id: z.string(),
  qrCode: z.string(),
  secret: z.string(),
  uri: z.string(),
});
export type EnrolledFactor = z.infer<typeof enrolledFactorSchema>;

/** The `{id}` of /api/auth/factors/{id}/…. */
export const factorParamsSchema = z.object({ id: z.uuid() });

/** POST /api/auth/factors/{id}/challenge. */
export const challengeAnswerSchema = z.object({ challengeId: z.string(), expiresAt: z.string() });

/** POST /api/auth/factors/{id}/verify: on enrolment the answer carries the new recovery codes, shown once. */
export const verifyFactorRequestSchema = z.object({ challengeId: z.uuid(), code: codeSchema });
export const factorVerifiedSchema = z.object({ aal: z.literal('aal2'), recoveryCodes: z.array(z.string()).optional() });

/** POST /api/auth/recovery-codes/verify (the body is `recoveryCodeInputSchema`), GET and POST /api/auth/recovery-codes. */
export const recoveryCodeSignInSchema = z.object({ aal: z.literal('aal2'), remaining: z.number().int() });
export const recoveryCodeStatusSchema = z.object({ remaining: z.number().int(), createdAt: z.string().nullable() });
export const recoveryCodesIssuedSchema = z.object({ recoveryCodes: z.array(z.string()) });
