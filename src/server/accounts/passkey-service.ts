import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import { and, count, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { authRefusals } from '../../shared/accounts/auth-messages';
import { type PasskeyAssertionRequest, passkeyRefusals } from '../../shared/accounts/passkey-contracts';
import { movesMoney } from '../../shared/staff/permissions';
import type { Db } from '../db/client';
import { mfaFactors, passkeyCredentials, profiles, staffRoles, webauthnChallenges } from '../db/schema';
import { badRequest, forbidden, notFound, unprocessable } from '../http/http-error';
import { getSettings } from '../settings/settings-service';
import { queuePasskeyAddedMail, queueStaffPasskeyAddedMails } from './mfa-security-mail';
import {
  CHALLENGE_TTL_MS,
  hasVerifiedFactor,
  MAX_FACTORS,
  type PasskeyProof,
  verifySecondFactorProof,
} from './mfa-service';
import { issueRecoveryCodes } from './recovery-codes';

/**
 * Passkeys (WebAuthn) as a second factor, through @simplewebauthn/server: it checks every
 * attestation and assertion; this module keeps the challenges and the credentials. Choices are in
 * docs/decisions/0032-passkeys.md: user verification required, a discoverable credential preferred,
 * no attestation asked, the relying party and the one accepted origin taken from PUBLIC_URL.
 */

/** Who the passkeys belong to: the host of PUBLIC_URL, and the only origin a ceremony may come from. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name: 'Dropwise' };
}

/** A browser's ceremony has 5 minutes, as long as its challenge lives. */
const CEREMONY_TIMEOUT_MS = CHALLENGE_TTL_MS;

const refused = () => badRequest(passkeyRefusals.refused, { code: 'passkey_refused' });

async function storeChallenge(
  db: Db,
  input: {
    userId: string;
    sessionId: string;
    purpose: 'registration' | 'authentication';
    challenge: string;
    friendlyName?: string | null;
    provenWith?: 'passkey' | 'code' | null;
    now: Date;
  },
) {
  // The session's spent challenges go as a new one comes, so the table stays small without a sweeper.
  await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.sessionId, input.sessionId),
        or(isNotNull(webauthnChallenges.usedAt), lte(webauthnChallenges.expiresAt, input.now)),
      ),
    );
  const [row] = await db
    .insert(webauthnChallenges)
    .values({
      userId: input.userId,
      sessionId: input.sessionId,
      purpose: input.purpose,
      challenge: input.challenge,
      friendlyName: input.friendlyName ?? null,
      provenWith: input.provenWith ?? null,
      expiresAt: new Date(input.now.getTime() + CHALLENGE_TTL_MS),
      createdAt: input.now,
    })
    .returning({ id: webauthnChallenges.id });
  if (!row) throw new Error('Storing the challenge failed');
  return row.id;
}

/**
 * Takes a challenge for good: one conditional UPDATE, so two answers to one challenge cannot both
 * pass, and only for the session that asked for it, within its 5 minutes.
 */
async function takeChallenge(
  db: Db,
  input: {
    userId: string;
    sessionId: string;
    challengeId: string;
    purpose: 'registration' | 'authentication';
    now: Date;
  },
) {
  const [row] = await db
    .update(webauthnChallenges)
    .set({ usedAt: input.now })
    .where(
      and(
        eq(webauthnChallenges.id, input.challengeId),
        eq(webauthnChallenges.userId, input.userId),
        eq(webauthnChallenges.sessionId, input.sessionId),
        eq(webauthnChallenges.purpose, input.purpose),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, input.now),
      ),
    )
    .returning();
  if (!row) throw badRequest(authRefusals.challengeExpired, { code: 'challenge_expired' });
  return row;
}

const passkeysOf = (db: Db, userId: string) =>
  db
    .select({ credentialId: passkeyCredentials.credentialId, transports: passkeyCredentials.transports })
    .from(passkeyCredentials)
    .where(eq(passkeyCredentials.userId, userId));

/** The user handle the authenticator stores: the account's id, never the e-mail. */
const userHandleOf = (userId: string) => isoUint8Array.fromUTF8String(userId);

/** An Owner's approval lets a staff member register one passkey within 24 hours (docs/decisions/0033). */
export const PASSKEY_APPROVAL_MS = 24 * 60 * 60 * 1000;

const approvalRequired = () => forbidden(passkeyRefusals.approvalRequired, { code: 'passkey_approval_required' });

/**
 * What "Require passkeys for payments" means for adding a passkey (docs/decisions/0033): `on` while
 * the setting is on; `guarded` when the user also holds a money permission through their roles, and
 * so adds a passkey only with one of their passkeys or an Owner's approval; `staff` when the Owners
 * hear of it.
 */
async function paymentPasskeyRule(db: Db, userId: string) {
  if (!(await getSettings(db)).requirePasskeyForPayments) return { on: false, guarded: false, staff: false };
  const [profile] = await db.select({ isAdmin: profiles.isAdmin }).from(profiles).where(eq(profiles.id, userId));
  const held = await db.select({ role: staffRoles.role }).from(staffRoles).where(eq(staffRoles.userId, userId));
  const staff = profile?.isAdmin ?? false;
  return { on: true, guarded: staff && movesMoney(held.map((row) => row.role)), staff };
}

/** True while an Owner's approval for one passkey is open (not used, within its 24 hours). */
async function hasOpenApproval(db: Db, userId: string, now: Date) {
  const [open] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, userId), gt(profiles.passkeyApprovedUntil, now)));
  return open !== undefined;
}

/** Uses up an open approval: one conditional UPDATE, so one approval lets one passkey in. */
async function takeApproval(db: Db, userId: string, now: Date) {
  const [taken] = await db
    .update(profiles)
    .set({ passkeyApprovedUntil: null })
    .where(and(eq(profiles.id, userId), gt(profiles.passkeyApprovedUntil, now)))
    .returning({ id: profiles.id });
  return taken !== undefined;
}

/** Opens an Owner's approval for one passkey until `until`; answers whom it is for, or undefined when no such user. */
export async function approvePasskeyRegistration(db: Db, userId: string, until: Date) {
  const [target] = await db
    .update(profiles)
    .set({ passkeyApprovedUntil: until })
    .where(eq(profiles.id, userId))
    .returning({ email: profiles.email, isAdmin: profiles.isAdmin });
  return target;
}

/**
 * Starts registering a passkey. While the user has a verified factor this is a change of the
 * second factor, so it needs a fresh code or a recovery code first (verifySecondFactorProof); the
 * first factor needs none (that is enrolment). While passkeys are required for payments, a staff
 * member holding a money permission needs an assertion with one of their passkeys, or an open
 * Owner's approval (403 `passkey_approval_required`), so a phished code cannot bring its own passkey.
 */
export async function startPasskeyRegistration(
  db: Db,
  rp: RelyingParty,
  input: {
    userId: string;
    sessionId: string;
    email: string;
    friendlyName?: string | undefined;
    code?: string | undefined;
    passkey?: PasskeyAssertionRequest | undefined;
    now: Date;
  },
) {
  const rule = await paymentPasskeyRule(db, input.userId);
  const enrolled = await hasVerifiedFactor(db, input.userId);
  // Refused before any code is checked, so a refusal spends no code and counts no failure. The first
  // factor of an account is enrolment, with no code that could have been phished: not guarded.
  if (enrolled && rule.guarded && !input.passkey && !(await hasOpenApproval(db, input.userId, input.now)))
    throw approvalRequired();
  let provenWith: 'passkey' | 'code' | null = null;
  if (enrolled) {
    await verifySecondFactorProof(db, {
      userId: input.userId,
      code: input.code,
      passkey: input.passkey && passkeyProof(db, rp, { ...input, assertion: input.passkey }),
      now: input.now,
    });
    provenWith = input.passkey ? 'passkey' : 'code';
  }
  const [factors] = await db.select({ n: count() }).from(mfaFactors).where(eq(mfaFactors.userId, input.userId));
  if ((factors?.n ?? 0) >= MAX_FACTORS) throw unprocessable(authRefusals.tooManyFactors, { code: 'too_many_factors' });
  const existing = await passkeysOf(db, input.userId);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: input.email,
    userID: userHandleOf(input.userId),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: c.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
  });
  const challengeId = await storeChallenge(db, {
    userId: input.userId,
    sessionId: input.sessionId,
    purpose: 'registration',
    challenge: options.challenge,
    friendlyName: input.friendlyName || 'Passkey',
    provenWith,
    now: input.now,
  });
  return { challengeId, options };
}

/**
 * Finishes a registration: the library checks the attestation against the stored challenge, the
 * relying party and the origin, and that the user was verified. The passkey is stored as a verified
 * factor with its key; the first factor of an account brings its recovery codes (returned once), and
 * the owner is told by e-mail, all in one transaction. While passkeys are required for payments, a
 * staff member holding a money permission whose registration did not start with a passkey uses up
 * their Owner's approval here (403 `passkey_approval_required` without one), and every other Owner
 * is e-mailed about any staff member's new passkey.
 */
export async function finishPasskeyRegistration(
  db: Db,
  rp: RelyingParty,
  input: { userId: string; sessionId: string; challengeId: string; credential: unknown; now: Date },
) {
  const challenge = await takeChallenge(db, { ...input, purpose: 'registration' });
  const verification = await verifyRegistrationResponse({
    // The shape is checked by the route's schema; its content by the library.
    response: input.credential as RegistrationResponseJSON,
    expectedChallenge: challenge.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) throw refused();
  const info = verification.registrationInfo;
  return db.transaction(async (tx) => {
    const rule = await paymentPasskeyRule(tx, input.userId);
    const first = !(await hasVerifiedFactor(tx, input.userId));
    // Begun with a passkey, or the account's first factor begun with none (enrolment): not guarded.
    const unguarded = challenge.provenWith === 'passkey' || (challenge.provenWith === null && first);
    const approved = rule.guarded && !unguarded && (await takeApproval(tx, input.userId, input.now));
    if (rule.guarded && !unguarded && !approved) throw approvalRequired();
    const [factors] = await tx.select({ n: count() }).from(mfaFactors).where(eq(mfaFactors.userId, input.userId));
    if ((factors?.n ?? 0) >= MAX_FACTORS)
      throw unprocessable(authRefusals.tooManyFactors, { code: 'too_many_factors' });
    const [taken] = await tx
      .select({ id: passkeyCredentials.factorId })
      .from(passkeyCredentials)
      .where(eq(passkeyCredentials.credentialId, info.credential.id));
    if (taken) throw refused();
    const [factor] = await tx
      .insert(mfaFactors)
      .values({
        userId: input.userId,
        factorType: 'webauthn',
        friendlyName: challenge.friendlyName ?? 'Passkey',
        status: 'verified',
        secret: null,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning({ id: mfaFactors.id });
    if (!factor) throw new Error('Storing the passkey failed');
    await tx.insert(passkeyCredentials).values({
      factorId: factor.id,
      userId: input.userId,
      credentialId: info.credential.id,
      publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
      counter: info.credential.counter,
      transports: info.credential.transports ?? [],
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      createdAt: input.now,
    });
    const recoveryCodes = first ? await issueRecoveryCodes(tx, input.userId, input.now) : undefined;
    await queuePasskeyAddedMail(tx, input.userId, input.now);
    if (rule.staff) {
      const how =
        challenge.provenWith === 'passkey'
          ? 'passkey'
          : approved
            ? 'approval'
            : challenge.provenWith === 'code'
              ? 'code'
              : 'first';
      await queueStaffPasskeyAddedMails(tx, { userId: input.userId, at: input.now, how });
    }
    return { factorId: factor.id, recoveryCodes };
  });
}

/** Starts a passkey assertion for the signed-in user (the sign-in challenge, a step-up): their passkeys only. */
export async function startPasskeyAuthentication(
  db: Db,
  rp: RelyingParty,
  input: { userId: string; sessionId: string; now: Date },
) {
  const passkeys = await passkeysOf(db, input.userId);
  if (passkeys.length === 0) throw notFound(passkeyRefusals.noPasskey, { code: 'no_passkey' });
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: passkeys.map((c) => ({ id: c.credentialId, transports: c.transports })),
    userVerification: 'required',
    timeout: CEREMONY_TIMEOUT_MS,
  });
  const challengeId = await storeChallenge(db, {
    userId: input.userId,
    sessionId: input.sessionId,
    purpose: 'authentication',
    challenge: options.challenge,
    now: input.now,
  });
  return { challengeId, options };
}

/**
 * Checks an assertion with one of the user's own passkeys against the stored challenge, the relying
 * party and the origin, with the user verified. A removed passkey is unknown here and refused. The
 * stored counter moves forward only (a cloned authenticator's lower counter is refused).
 */
export async function verifyPasskeyAssertion(
  db: Db,
  rp: RelyingParty,
  input: { userId: string; sessionId: string; challengeId: string; credential: unknown; now: Date },
) {
  const challenge = await takeChallenge(db, { ...input, purpose: 'authentication' });
  const response = input.credential as AuthenticationResponseJSON;
  const [passkey] = await db
    .select()
    .from(passkeyCredentials)
    .innerJoin(mfaFactors, eq(mfaFactors.id, passkeyCredentials.factorId))
    .where(
      and(
        eq(passkeyCredentials.credentialId, response.id),
        eq(passkeyCredentials.userId, input.userId),
        eq(mfaFactors.status, 'verified'),
      ),
    );
  if (!passkey) throw refused();
  const stored = passkey.passkey_credentials;
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: stored.credentialId,
      publicKey: isoBase64URL.toBuffer(stored.publicKey),
      counter: stored.counter,
      transports: stored.transports,
    },
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) throw refused();
  await db
    .update(passkeyCredentials)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: input.now })
    .where(eq(passkeyCredentials.factorId, stored.factorId));
  return { factorId: stored.factorId };
}

/** A passkey assertion as the proof before a change of the second factor (verifySecondFactorProof). */
export function passkeyProof(
  db: Db,
  rp: RelyingParty,
  input: { userId: string; sessionId: string; assertion: PasskeyAssertionRequest; now: Date },
): PasskeyProof {
  return async () => {
    await verifyPasskeyAssertion(db, rp, {
      userId: input.userId,
      sessionId: input.sessionId,
      ...input.assertion,
      now: input.now,
    });
  };
}
