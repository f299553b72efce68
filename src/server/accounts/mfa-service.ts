import { recordAccountEvent } from './account-audit';
import { and, count, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { Db } from '../db/client';
import { mfaChallenges, mfaFactors, passkeyCredentials } from '../db/schema';
import {
  badRequest,
  forbidden,
  type HttpError,
  notFound,
  tooManyRequests,
  unprocessable,
  withValues,
} from '../http/http-error';
import { authMessages, authRefusals } from '../../shared/accounts/auth-messages';
import {
  queueFactorLockedMail,
  queueFactorsResetMail,
  queueRecoveryCodeUsedMail,
  queueTwoFactorEnabledMail,
  queueTwoFactorRemovedMail,
} from './mfa-security-mail';
import { consumeRecoveryCode, issueRecoveryCodes, recoveryCodeStatus } from './recovery-codes';
import { endSessionsOf } from './session-service';

export const TOTP_PERIOD = 30;
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const MAX_FACTORS = 10;
/** Wrong codes in a row that lock a factor, and for how long (docs/decisions/0010-recovery-codes-and-lockout.md). */
export const MAX_FAILED_ATTEMPTS = 5;
export const LOCK_MS = 15 * 60 * 1000;
const ISSUER = 'Dropwise';

function totpFor(secret: string, label: string) {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** The time step a code belongs to, if it is valid at `now` within ±1 step (RFC 6238). */
export function matchingStep(secret: string, code: string, now: Date): number | null {
  const delta = totpFor(secret, 'check').validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD) + delta;
}

export async function listFactors(db: Db, userId: string) {
  return db
    .select({
      id: mfaFactors.id,
      status: mfaFactors.status,
      factorType: mfaFactors.factorType,
      friendlyName: mfaFactors.friendlyName,
      createdAt: mfaFactors.createdAt,
      lastUsedAt: passkeyCredentials.lastUsedAt,
    })
    .from(mfaFactors)
    .leftJoin(passkeyCredentials, eq(passkeyCredentials.factorId, mfaFactors.id))
    .where(eq(mfaFactors.userId, userId))
    .orderBy(mfaFactors.createdAt);
}

/**
 * Enrols a new TOTP factor, removing the user's unverified ones first; at most 10 per user. The
 * first factor needs no code (that is enrolment); another one needs proof of an existing one.
 */
export async function enrollFactor(
  db: Db,
  input: { userId: string; email: string; friendlyName?: string | undefined; code?: string | undefined; now: Date },
) {
  if (await hasVerifiedFactor(db, input.userId))
    await verifySecondFactorProof(db, { userId: input.userId, code: input.code, now: input.now });
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const factor = await db.transaction(async (tx) => {
    await tx.delete(mfaFactors).where(and(eq(mfaFactors.userId, input.userId), eq(mfaFactors.status, 'unverified')));
    const [existing] = await tx.select({ n: count() }).from(mfaFactors).where(eq(mfaFactors.userId, input.userId));
    if ((existing?.n ?? 0) >= MAX_FACTORS)
      throw unprocessable(authRefusals.tooManyFactors, { code: 'too_many_factors' });
    const [row] = await tx
      .insert(mfaFactors)
      .values({
        userId: input.userId,
        secret,
        status: 'unverified',
        factorType: 'totp',
        friendlyName: input.friendlyName ?? 'Authenticator app',
      })
      .returning({ id: mfaFactors.id });
    if (!row) throw new Error('Enrolling the factor failed');
    return row;
  });
  const uri = totpFor(secret, input.email).toString();
  const qrCode = await QRCode.toDataURL(uri, { margin: 1, width: 200 });
  return { id: factor.id, secret, uri, qrCode };
}

async function ownFactor(db: Db, userId: string, factorId: string) {
  const [factor] = await db
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.id, factorId), eq(mfaFactors.userId, userId)));
  if (!factor) throw notFound(authRefusals.factorNotFound);
  return factor;
}

/** An authenticator-app factor of the user's (a passkey answers its own ceremony, passkey-service.ts). */
async function ownTotpFactor(db: Db, userId: string, factorId: string) {
  const factor = await ownFactor(db, userId, factorId);
  if (factor.factorType !== 'totp' || factor.secret === null) throw notFound(authRefusals.factorNotFound);
  return { ...factor, secret: factor.secret };
}

export async function createChallenge(
  db: Db,
  input: { userId: string; sessionId: string; factorId: string; now: Date },
) {
  await ownTotpFactor(db, input.userId, input.factorId);
  const expiresAt = new Date(input.now.getTime() + CHALLENGE_TTL_MS);
  const [challenge] = await db
    .insert(mfaChallenges)
    .values({ factorId: input.factorId, sessionId: input.sessionId, expiresAt, createdAt: input.now })
    .returning({ id: mfaChallenges.id });
  if (!challenge) throw new Error('Creating the challenge failed');
  return { challengeId: challenge.id, expiresAt };
}

function factorLocked(lockedUntil: Date, now: Date): HttpError {
  const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
  return tooManyRequests(withValues(authRefusals.factorLocked, { minutes: Math.ceil(seconds / 60) }), {
    code: 'factor_locked',
    headers: { 'retry-after': String(seconds) },
  });
}

/**
 * Counts a wrong code against each of the given factors. The 5th in a row locks a factor for 15
 * minutes and e-mails the owner (once, however many factors lock), in one transaction; each
 * counter moves in one conditional UPDATE, so parallel wrong codes lock once.
 */
async function recordFailure(db: Db, input: { userId: string; factorIds: string[]; now: Date }): Promise<HttpError> {
  const lockUntil = new Date(input.now.getTime() + LOCK_MS);
  const reachesLimit = sql`${mfaFactors.failedAttempts} + 1 >= ${MAX_FAILED_ATTEMPTS}`;
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(mfaFactors)
      .set({
        failedAttempts: sql`case when ${reachesLimit} then 0 else ${mfaFactors.failedAttempts} + 1 end`,
        lockedUntil: sql`case when ${reachesLimit} then ${lockUntil.toISOString()}::timestamptz else ${mfaFactors.lockedUntil} end`,
      })
      .where(
        and(
          inArray(mfaFactors.id, input.factorIds),
          or(isNull(mfaFactors.lockedUntil), lte(mfaFactors.lockedUntil, input.now)),
        ),
      )
      .returning({ lockedUntil: mfaFactors.lockedUntil });
    const locked = rows.some((row) => row.lockedUntil?.getTime() === lockUntil.getTime());
    // A staff member's wrong code is audited (the code itself never is).
    await recordAccountEvent(tx, {
      userId: input.userId,
      action: 'auth.code_failed',
      detail: { locked },
      now: input.now,
    });
    if (locked) {
      await queueFactorLockedMail(tx, input.userId, input.now, lockUntil);
      return factorLocked(lockUntil, input.now);
    }
    return badRequest(authRefusals.invalidCode, { code: 'invalid_code', fields: { code: authMessages.invalidCode } });
  });
}

/**
 * Verifies a code against a challenge. The challenge is used once; the code's time step is
 * accepted once per factor by a conditional UPDATE, so parallel requests with one code cannot
 * both pass. A locked factor accepts no code until its lock ends; wrong codes count towards the
 * lock. On success the factor is verified; on its first verification (enrolment) the user gets a
 * new set of recovery codes, returned once. The caller raises the session.
 */
export async function verifyChallenge(
  db: Db,
  input: { userId: string; sessionId: string; factorId: string; challengeId: string; code: string; now: Date },
) {
  const factor = await ownTotpFactor(db, input.userId, input.factorId);
  const [challenge] = await db
    .select()
    .from(mfaChallenges)
    .where(and(eq(mfaChallenges.id, input.challengeId), eq(mfaChallenges.factorId, factor.id)));
  if (!challenge || challenge.sessionId !== input.sessionId) throw notFound(authRefusals.challengeNotFound);
  if (factor.lockedUntil && factor.lockedUntil.getTime() > input.now.getTime())
    throw factorLocked(factor.lockedUntil, input.now);
  if (challenge.usedAt || challenge.expiresAt.getTime() <= input.now.getTime()) {
    throw badRequest(authRefusals.challengeExpired, { code: 'challenge_expired' });
  }
  const step = matchingStep(factor.secret, input.code, input.now);
  if (step === null) throw await recordFailure(db, { ...input, factorIds: [factor.id] });
  const [used] = await db
    .update(mfaChallenges)
    .set({ usedAt: input.now })
    .where(
      and(eq(mfaChallenges.id, challenge.id), isNull(mfaChallenges.usedAt), gt(mfaChallenges.expiresAt, input.now)),
    )
    .returning({ id: mfaChallenges.id });
  if (!used) throw badRequest(authRefusals.challengeExpired, { code: 'challenge_expired' });
  // The factor's acceptance, its first recovery codes and the owner's security notice commit together.
  const accepted = await db.transaction(async (tx) => {
    const row = await acceptStep(tx, factor.id, step, input.now, { status: 'verified', lockedUntil: null });
    if (!row) return null;
    if (factor.status !== 'unverified') return { recoveryCodes: undefined };
    const recoveryCodes = await issueRecoveryCodes(tx, input.userId, input.now);
    await queueTwoFactorEnabledMail(tx, input.userId, input.now);
    return { recoveryCodes };
  });
  if (!accepted) throw await recordFailure(db, { ...input, factorIds: [factor.id] });
  return { factorId: factor.id, recoveryCodes: accepted.recoveryCodes };
}

/**
 * Accepts a code's time step on a factor, once: only a step later than the last one used, and only
 * while the factor is not locked. Undefined when another request took the step first or it is locked.
 */
async function acceptStep(
  tx: Db,
  factorId: string,
  step: number,
  now: Date,
  change: Partial<Pick<typeof mfaFactors.$inferInsert, 'status' | 'lockedUntil'>> = {},
) {
  const [row] = await tx
    .update(mfaFactors)
    .set({ ...change, lastUsedStep: step, failedAttempts: 0, updatedAt: now })
    .where(
      and(
        eq(mfaFactors.id, factorId),
        or(isNull(mfaFactors.lastUsedStep), lt(mfaFactors.lastUsedStep, step)),
        or(isNull(mfaFactors.lockedUntil), lte(mfaFactors.lockedUntil, now)),
      ),
    )
    .returning({ id: mfaFactors.id });
  return row;
}

const isLocked = (factor: { lockedUntil: Date | null }, now: Date) =>
  factor.lockedUntil !== null && factor.lockedUntil.getTime() > now.getTime();

/**
 * A fresh code from any of the user's verified factors, outside a sign-in challenge (the admin's
 * step-up before money moves, a change to the factors). The same rules as the challenge: a locked
 * factor accepts nothing and a code's time step is accepted once per factor. A code that no open
 * factor accepts counts against every open factor, since one guess is tried against all of them;
 * a right code of any factor starts every count again.
 */
export async function verifyFreshCode(db: Db, input: { userId: string; code: string; now: Date }): Promise<void> {
  const factors = await db
    .select()
    .from(mfaFactors)
    .where(
      and(eq(mfaFactors.userId, input.userId), eq(mfaFactors.status, 'verified'), eq(mfaFactors.factorType, 'totp')),
    )
    .orderBy(mfaFactors.createdAt);
  if (factors.length === 0)
    throw badRequest(authRefusals.invalidCode, { code: 'invalid_code', fields: { code: authMessages.invalidCode } });
  const open = factors.filter((factor) => !isLocked(factor, input.now));
  if (open.length === 0) {
    const soonest = Math.min(...factors.map((factor) => factor.lockedUntil?.getTime() ?? 0));
    throw factorLocked(new Date(soonest), input.now);
  }
  for (const factor of open) {
    const step = factor.secret === null ? null : matchingStep(factor.secret, input.code, input.now);
    if (step === null) continue;
    const passed = await db.transaction(async (tx) => {
      const accepted = await acceptStep(tx, factor.id, step, input.now);
      if (!accepted) return false;
      await tx
        .update(mfaFactors)
        .set({ failedAttempts: 0 })
        .where(
          inArray(
            mfaFactors.id,
            open.map((f) => f.id),
          ),
        );
      return true;
    });
    if (passed) return;
  }
  throw await recordFailure(db, { userId: input.userId, factorIds: open.map((f) => f.id), now: input.now });
}

/** Six digits (spaces aside, as some apps show them) are an authenticator code; anything else is taken as a recovery code. */
const asTotp = (code: string) => {
  const digits = code.replace(/\s/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
};

/** The check of a passkey assertion given as the proof instead of a code (passkey-service.ts makes it). */
export type PasskeyProof = () => Promise<void>;

/**
 * The proof asked before the second factor changes (a factor added while one is verified, a
 * verified factor removed, a new set of recovery codes), so a stolen session alone cannot swap
 * the owner's authenticator for its own: a fresh authenticator code (verifyFreshCode), an
 * unused recovery code, used up here and reported to the owner as at sign-in, or an assertion
 * with one of the user's passkeys (checked by the caller's `passkey`).
 */
export async function verifySecondFactorProof(
  db: Db,
  input: { userId: string; code: string | undefined; passkey?: PasskeyProof | undefined; now: Date },
): Promise<void> {
  if (input.passkey) return input.passkey();
  const code = input.code?.trim() ?? '';
  if (code === '')
    throw forbidden(authRefusals.freshCodeRequired, {
      code: 'fresh_code_required',
      fields: { code: authMessages.freshCodeRequired },
    });
  const totp = asTotp(code);
  if (totp) return verifyFreshCode(db, { userId: input.userId, code: totp, now: input.now });
  const used = await db.transaction(async (tx) => {
    if (!(await consumeRecoveryCode(tx, input.userId, code, input.now))) return false;
    const left = (await recoveryCodeStatus(tx, input.userId)).remaining;
    await queueRecoveryCodeUsedMail(tx, input.userId, input.now, left);
    return true;
  });
  if (!used)
    throw badRequest(authRefusals.invalidRecoveryCode, {
      code: 'invalid_recovery_code',
      fields: { code: authMessages.invalidRecoveryCode },
    });
}

export async function hasVerifiedFactor(db: Db, userId: string): Promise<boolean> {
  const [verified] = await db
    .select({ n: count() })
    .from(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.status, 'verified')));
  return (verified?.n ?? 0) > 0;
}

/**
 * Removes a factor; a verified one only from an aal2 session and with a fresh code or recovery
 * code. An unverified one (a setup abandoned) goes without: it never guarded the account.
 */
export async function unenrollFactor(
  db: Db,
  input: {
    userId: string;
    factorId: string;
    aal: 'aal1' | 'aal2';
    code?: string | undefined;
    passkey?: PasskeyProof | undefined;
    now: Date;
  },
) {
  const factor = await ownFactor(db, input.userId, input.factorId);
  if (factor.status === 'verified') {
    if (input.aal !== 'aal2') throw forbidden(authRefusals.mfaRequired, { code: 'mfa_required' });
    await verifySecondFactorProof(db, {
      userId: input.userId,
      code: input.code,
      passkey: input.passkey,
      now: input.now,
    });
  }
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(mfaFactors)
      .where(eq(mfaFactors.id, factor.id))
      .returning({ status: mfaFactors.status });
    // Removing a verified authenticator changes how the account signs in: the owner hears of it.
    if (removed?.status !== 'verified') return;
    const [left] = await tx
      .select({ n: count() })
      .from(mfaFactors)
      .where(and(eq(mfaFactors.userId, input.userId), eq(mfaFactors.status, 'verified')));
    await queueTwoFactorRemovedMail(tx, input.userId, input.now, left?.n ?? 0, factor.factorType);
  });
}

/**
 * A lost phone: removes every second factor of the user and ends their sessions, and e-mails them
 * if any factor went, in the caller's transaction. Answers the factors removed and the sessions ended.
 */
export async function resetFactors(tx: Db, userId: string, now: Date) {
  const removed = await tx
    .delete(mfaFactors)
    .where(eq(mfaFactors.userId, userId))
    .returning({ id: mfaFactors.id, status: mfaFactors.status });
  const sessionsEnded = await endSessionsOf(tx, userId);
  if (removed.length > 0) await queueFactorsResetMail(tx, userId, now);
  return { removed, sessionsEnded };
}
