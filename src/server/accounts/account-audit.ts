import { eq } from 'drizzle-orm';
import { normaliseEmail } from '../../shared/accounts/email';
import type { Db } from '../db/client';
import { auditLog, profiles, users } from '../db/schema';

/** What a staff account's own security events are recorded as (the audit log's `action`, entity `user`). */
export type AccountEvent = 'auth.sign_in' | 'auth.sign_in_failed' | 'auth.code_failed' | 'auth.recovery_code_used';

/**
 * Records a staff member's sign-in, failed sign-in, wrong second-factor code or recovery-code use
 * in the audit log (docs/decisions/0047): the entity is the user, the actor the user themself.
 * No password, code or secret is ever passed here; `detail` carries counts and flags only.
 * Customers' accounts are not recorded (the audit log is the back office's), nor an e-mail that
 * has no account, which could be anything typed into the field. Written with the admin wing's
 * audit table directly: accounts comes before admin in the server's zones (eslint.config.js).
 */
export async function recordAccountEvent(
  db: Db,
  input: { userId?: string; email?: string; action: AccountEvent; detail?: Record<string, unknown>; now: Date },
): Promise<void> {
  const where = input.userId
    ? eq(users.id, input.userId)
    : input.email
      ? eq(users.email, normaliseEmail(input.email))
      : undefined;
  if (!where) return;
  const [user] = await db
    .select({ id: users.id, email: users.email, isAdmin: profiles.isAdmin })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(where);
  if (!user?.isAdmin) return;
  await db.insert(auditLog).values({
    adminId: user.id,
    adminEmail: user.email,
    action: input.action,
    entityType: 'user',
    entityId: user.id,
    before: null,
    after: input.detail ?? null,
    createdAt: input.now,
  });
}
