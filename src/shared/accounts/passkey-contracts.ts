import { z } from 'zod';
import { defineMessages, englishOf } from '../i18n/message';
import { freshCodeRequestSchema } from './auth-contracts';

/**
 * The passkey (WebAuthn) routes' requests and answers (docs/api/accounts.md, passkeys), shared by the
 * server and the browser. A ceremony is two calls: the options (the server's challenge, kept on
 * the server for 5 minutes and used once) and the authenticator's answer to them.
 */

/** The passkey ceremony's refusals (the server's and the browser's own), by id (issue 53). */
export const passkeyRefusals = defineMessages({
  refused: { id: 'error.passkeyRefused', message: 'This passkey could not be verified. Please try again.' },
  noPasskey: { id: 'error.noPasskey', message: 'No passkey is registered for this account.' },
  cancelled: { id: 'error.passkeyCancelled', message: 'The passkey request was cancelled or timed out.' },
  unsupported: { id: 'error.passkeyUnsupported', message: 'This browser cannot use passkeys.' },
  passkeyStepUpRequired: {
    id: 'passkey.stepUpRequired',
    message: 'This action needs a passkey. Confirm with your passkey to continue.',
  },
  passkeyNeeded: {
    id: 'passkey.needed',
    message:
      'This action needs a passkey. Ask an Owner to approve one for you, add it in your account settings (My Account, Settings), then try again.',
  },
  approvalRequired: {
    id: 'passkey.approvalRequired',
    message:
      "While passkeys are required for payments, a new passkey needs one of your existing passkeys or an Owner's approval. Ask an Owner to approve it, then try again.",
  },
});
export const passkeyMessages = englishOf(passkeyRefusals);

const base64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/);
const credentialId = base64url.min(1).max(1_024);

/** What every credential @simplewebauthn/browser gives has, besides its `response`. */
const credentialFields = {
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
};

/** What `startRegistration` of @simplewebauthn/browser gives; the server library checks every byte of it. */
export const registrationCredentialSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    publicKey: base64url.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});

/** What `startAuthentication` of @simplewebauthn/browser gives. */
export const authenticationCredentialSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
});

/**
 * The options the browser hands to the authenticator, as @simplewebauthn/server makes them (the
 * members of PublicKeyCredentialCreationOptionsJSON and …RequestOptionsJSON); the library checks them.
 */
const ceremonyOptionsSchema = z.object({
  challenge: z.string(),
  rp: z.unknown().optional(),
  user: z.unknown().optional(),
  pubKeyCredParams: z.unknown().optional(),
  timeout: z.unknown().optional(),
  excludeCredentials: z.unknown().optional(),
  authenticatorSelection: z.unknown().optional(),
  attestation: z.unknown().optional(),
  attestationFormats: z.unknown().optional(),
  hints: z.unknown().optional(),
  extensions: z.unknown().optional(),
  rpId: z.unknown().optional(),
  allowCredentials: z.unknown().optional(),
  userVerification: z.unknown().optional(),
});

export const passkeyOptionsAnswerSchema = z.object({ challengeId: z.uuid(), options: ceremonyOptionsSchema });
export type PasskeyOptionsAnswer = z.infer<typeof passkeyOptionsAnswerSchema>;

/** POST /api/auth/passkeys/registration: the new passkey; the first factor also brings recovery codes, shown once. */
export const passkeyRegistrationRequestSchema = z.object({
  challengeId: z.uuid(),
  credential: registrationCredentialSchema,
});
export const passkeyRegisteredSchema = z.object({
  factorId: z.string(),
  recoveryCodes: z.array(z.string()).optional(),
});

/** POST /api/auth/passkeys/authentication and POST /api/admin/step-up/passkey. */
export const passkeyAssertionRequestSchema = z.object({
  challengeId: z.uuid(),
  credential: authenticationCredentialSchema,
});
export type PasskeyAssertionRequest = z.infer<typeof passkeyAssertionRequestSchema>;

/**
 * The proof before a change of the second factor: a fresh `code` (auth-contracts), or `passkey`, an
 * assertion with one of the user's passkeys (to a challenge from …/authentication-options).
 */
export const freshProofRequestSchema = freshCodeRequestSchema.extend({
  passkey: passkeyAssertionRequestSchema.optional(),
});

/** POST /api/auth/passkeys/registration-options: a name, and a fresh code once the user has a verified factor. */
export const passkeyRegistrationOptionsRequestSchema = freshProofRequestSchema.extend({
  friendlyName: z
    .string()
    .trim()
    .max(100)
    // One line: a name is shown in lists and e-mails.
    .regex(/^[^\p{Cc}]*$/u)
    .optional(),
});

export const passkeySignInAnswerSchema = z.object({ aal: z.literal('aal2') });
