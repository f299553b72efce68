import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { passkeyRefusals, type PasskeyAssertionRequest } from '../../shared/accounts/passkey-contracts';
import { adminMessages, STEP_UP_MINUTES } from '../../shared/admin/admin-schemas';
import { moneyPermissions } from '../../shared/staff/permissions';
import { verifyFreshCode } from '../accounts/mfa-service';
import { type RelyingParty, verifyPasskeyAssertion } from '../accounts/passkey-service';
import type { RequestAuth } from '../accounts/request-auth';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import { forbidden } from '../http/http-error';
import { getCachedSettings } from '../settings/settings-service';

const STEP_UP_MS = STEP_UP_MINUTES * 60 * 1000;

/**
 * Step-up: a fresh authenticator code lets this session move money, delete orders, change admin
 * rights and reset factors for 5 minutes. The code is checked as at sign-in (verifyFreshCode): a
 * time step is accepted once, so a code seen over a shoulder cannot be replayed, and wrong codes
 * lock the factor after 5 in a row.
 */
export async function stepUp(db: Db, auth: RequestAuth, code: string, now: Date) {
  await verifyFreshCode(db, { userId: auth.userId, code, now });
  await db.update(sessions).set({ steppedUpAt: now, steppedUpWith: 'code' }).where(eq(sessions.id, auth.sessionId));
  return { until: new Date(now.getTime() + STEP_UP_MS).toISOString() };
}

/** Step-up with one of the admin's passkeys (an assertion to a challenge from /api/auth/passkeys/authentication-options). */
export async function stepUpWithPasskey(
  db: Db,
  rp: RelyingParty,
  auth: RequestAuth,
  assertion: PasskeyAssertionRequest,
  now: Date,
) {
  await verifyPasskeyAssertion(db, rp, { userId: auth.userId, sessionId: auth.sessionId, ...assertion, now });
  await db.update(sessions).set({ steppedUpAt: now, steppedUpWith: 'passkey' }).where(eq(sessions.id, auth.sessionId));
  return { until: new Date(now.getTime() + STEP_UP_MS).toISOString() };
}

/**
 * 403 `step_up_required` unless this session passed a code or a passkey within the last 5 minutes;
 * 403 `passkey_step_up_required` while passkeys are required for payments and it was not a passkey,
 * on a route needing a money permission (only the roles holding one reach it, so the rule falls on
 * exactly the roles that move money) or declared `passkeyStepUp` (docs/decisions/0033). A caller
 * passes `passkeyOnly` for a change that needs a passkey whatever the route (turning the rule off).
 */
export async function requireStepUp(
  app: FastifyInstance,
  request: FastifyRequest,
  auth: RequestAuth,
  options: { passkeyOnly?: boolean } = {},
) {
  const [session] = await app.db
    .select({ steppedUpAt: sessions.steppedUpAt, steppedUpWith: sessions.steppedUpWith })
    .from(sessions)
    .where(eq(sessions.id, auth.sessionId));
  const needs = request.routeOptions.config.admin;
  const guardsMoney =
    needs !== undefined &&
    (needs.passkeyStepUp === true ||
      (needs.permission !== 'staff' &&
        [needs.permission].flat().some((permission) => moneyPermissions.has(permission))));
  const passkeyOnly =
    options.passkeyOnly ?? (guardsMoney && (await getCachedSettings(app.db)).requirePasskeyForPayments);
  const at = session?.steppedUpAt;
  const now = app.now().getTime();
  const fresh = at && now - at.getTime() <= STEP_UP_MS && at.getTime() <= now + 1000;
  if (passkeyOnly && !(fresh && session?.steppedUpWith === 'passkey')) {
    throw forbidden(passkeyRefusals.passkeyStepUpRequired, { code: 'passkey_step_up_required' });
  }
  if (!fresh) throw forbidden(adminMessages.stepUpRequired, { code: 'step_up_required' });
}
