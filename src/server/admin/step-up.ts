import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminMessages, STEP_UP_MINUTES } from '../../shared/admin/admin-schemas';
import { authMessages } from '../accounts/auth-messages';
import { matchingStep } from '../accounts/mfa-service';
import type { RequestAuth } from '../accounts/request-auth';
import type { Db } from '../db/client';
import { mfaFactors, sessions } from '../db/schema';
import { HttpError } from '../http/http-error';

const STEP_UP_MS = STEP_UP_MINUTES * 60 * 1000;

/**
 * Step-up: a fresh authenticator code lets this session move money, delete orders, change admin
 * rights and reset factors for 5 minutes. A code's time step is accepted once per factor (as at
 * sign-in), so a code seen over a shoulder cannot be replayed.
 */
export async function stepUp(db: Db, auth: RequestAuth, code: string, now: Date) {
  const factors = await db.select().from(mfaFactors).where(and(eq(mfaFactors.userId, auth.userId), eq(mfaFactors.status, 'verified')));
  for (const factor of factors) {
    const step = matchingStep(factor.secret, code, now);
    if (step === null) continue;
    const [accepted] = await db
      .update(mfaFactors)
      .set({ lastUsedStep: step, updatedAt: now })
      .where(and(eq(mfaFactors.id, factor.id), or(isNull(mfaFactors.lastUsedStep), lt(mfaFactors.lastUsedStep, step))))
      .returning({ id: mfaFactors.id });
    if (!accepted) break;
    await db.update(sessions).set({ steppedUpAt: now }).where(eq(sessions.id, auth.sessionId));
    return { until: new Date(now.getTime() + STEP_UP_MS).toISOString() };
  }
  throw new HttpError(400, 'invalid_code', authMessages.invalidCode, { code: authMessages.invalidCode });
}

/** 403 `step_up_required` unless this session passed a code within the last 5 minutes. */
export async function requireStepUp(app: FastifyInstance, request: FastifyRequest, auth: RequestAuth) {
  const [session] = await app.db.select({ steppedUpAt: sessions.steppedUpAt }).from(sessions).where(eq(sessions.id, auth.sessionId));
  const at = session?.steppedUpAt;
  const now = app.now().getTime();
  if (!at || now - at.getTime() > STEP_UP_MS || at.getTime() > now + 1000) {
    throw new HttpError(403, 'step_up_required', adminMessages.stepUpRequired);
  }
}
