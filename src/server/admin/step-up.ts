import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminMessages, STEP_UP_MINUTES } from '../../shared/admin/admin-schemas';
import { verifyFreshCode } from '../accounts/mfa-service';
import type { RequestAuth } from '../accounts/request-auth';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import { forbidden } from '../http/http-error';

const STEP_UP_MS = STEP_UP_MINUTES * 60 * 1000;

/**
 * Step-up: a fresh authenticator code lets this session move money, delete orders, change admin
 * rights and reset factors for 5 minutes. The code is checked as at sign-in (verifyFreshCode): a
 * time step is accepted once, so a code seen over a shoulder cannot be replayed, and wrong codes
 * lock the factor after 5 in a row.
 */
export async function stepUp(db: Db, auth: RequestAuth, code: string, now: Date) {
  await verifyFreshCode(db, { userId: auth.userId, code, now });
  await db.update(sessions).set({ steppedUpAt: now }).where(eq(sessions.id, auth.sessionId));
  return { until: new Date(now.getTime() + STEP_UP_MS).toISOString() };
}

/** 403 `step_up_required` unless this session passed a code within the last 5 minutes. */
export async function requireStepUp(app: FastifyInstance, request: FastifyRequest, auth: RequestAuth) {
  const [session] = await app.db
    .select({ steppedUpAt: sessions.steppedUpAt })
    .from(sessions)
    .where(eq(sessions.id, auth.sessionId));
  const at = session?.steppedUpAt;
  const now = app.now().getTime();
  if (!at || now - at.getTime() > STEP_UP_MS || at.getTime() > now + 1000) {
    throw forbidden(adminMessages.stepUpRequired, { code: 'step_up_required' });
  }
}
