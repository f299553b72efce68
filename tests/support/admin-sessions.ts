import type { Role } from '../../src/shared/staff/permissions';
import type { Db } from '../../src/server/db/client';
import { createUser } from './factories';
import { enrollVerifiedFactor, signIn, totpCode } from './sessions';
import type { TestApp } from './test-app';

/**
 * An admin (an Owner unless `roles` say otherwise) with a verified factor: `cookie` is an aal2 session, `aal1Cookie` a password-only one,
 * and `stepUp()` passes a fresh code (the test clock moves one TOTP step on first).
 */
let adminsMade = 0;

export async function createAdminSession(t: TestApp, db: Db = t.db, roles: Role[] = ['owner']) {
  const admin = await createUser(db, { isAdmin: true, roles });
  // Each admin signs in from an address of their own, so a file that makes many admins stays under
  // the per-client sign-in limit (30 in 10 minutes) that its own tests do not exercise.
  adminsMade += 1;
  const address = `10.77.${(adminsMade >> 8) & 255}.${adminsMade & 255}`;
  const enrolled = await enrollVerifiedFactor(t, await signIn(t, admin.user.email, undefined, false, address));
  const aal1Cookie = await signIn(t, admin.user.email, undefined, false, address);
  const stepUp = async (cookie = enrolled.cookie) => {
    t.clock.now = new Date(t.clock.now.getTime() + 30_000);
    const response = await t.post('/api/admin/step-up', { code: totpCode(enrolled.secret, t.clock.now) }, { cookie });
    if (response.statusCode !== 200) throw new Error(`step-up failed: ${response.statusCode} ${response.body}`);
  };
  return { ...admin, cookie: enrolled.cookie, aal1Cookie, secret: enrolled.secret, stepUp };
}
