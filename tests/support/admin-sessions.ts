import type { Role } from '../../src/shared/admin/permissions';
import type { Db } from '../../src/server/db/client';
import { createUser } from './factories';
import { enrollVerifiedFactor, signIn, totpCode } from './sessions';
import type { TestApp } from './test-app';

/**
 * An admin (an Owner unless `roles` say otherwise) with a verified factor: `cookie` is an aal2 session, `aal1Cookie` a password-only one,
 * and `stepUp()` passes a fresh code (the test clock moves one TOTP step on first).
 */
export async function createAdminSession(t: TestApp, db: Db = t.db, roles: Role[] = ['owner']) {
  const admin = await createUser(db, { isAdmin: true, roles });
  const enrolled = await enrollVerifiedFactor(t, await signIn(t, admin.user.email));
  const aal1Cookie = await signIn(t, admin.user.email);
  const stepUp = async (cookie = enrolled.cookie) => {
    t.clock.now = new Date(t.clock.now.getTime() + 30_000);
    const response = await t.post('/api/admin/step-up', { code: totpCode(enrolled.secret, t.clock.now) }, { cookie });
    if (response.statusCode !== 200) throw new Error(`step-up failed: ${response.statusCode} ${response.body}`);
  };
  return { ...admin, cookie: enrolled.cookie, aal1Cookie, secret: enrolled.secret, stepUp };
}
