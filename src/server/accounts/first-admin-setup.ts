import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { profiles, setupTokens, staffRoles, users } from '../db/schema';
import { badRequest, conflict } from '../http/http-error';
import { authMessages, authRefusals } from '../../shared/accounts/auth-messages';
import { normaliseEmail } from '../../shared/accounts/email';
import { hashPassword } from './password';
import { hashToken, randomToken } from './tokens';

export const SETUP_TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * How long a printed link survives a later start: processes started together (issue 49) each print
 * a link, and each must work; a restart a minute or more later revokes the links printed before it.
 */
export const SETUP_TOKEN_SIBLING_MS = 60 * 1000;

export async function adminExists(db: Db): Promise<boolean> {
  const [admin] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.isAdmin, true)).limit(1);
  return admin !== undefined;
}

/**
 * A one-time set-up link's token, while no admin exists (null otherwise). Only its hash is kept.
 * Unused tokens printed more than a minute ago are dropped, so a restart revokes the earlier link,
 * while the links of processes that start together all work until one of them creates the admin.
 */
export async function issueSetupToken(db: Db, now: Date): Promise<string | null> {
  if (await adminExists(db)) return null;
  const token = randomToken();
  await db.transaction(async (tx) => {
    const siblingsSince = new Date(now.getTime() - SETUP_TOKEN_SIBLING_MS);
    await tx.delete(setupTokens).where(and(isNull(setupTokens.usedAt), lt(setupTokens.createdAt, siblingsSince)));
    await tx
      .insert(setupTokens)
      .values({ tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + SETUP_TOKEN_TTL_MS), createdAt: now });
  });
  return token;
}

/** True while the token is unused, unexpired and no admin exists. */
export async function setupTokenValid(db: Db, token: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: setupTokens.id })
    .from(setupTokens)
    .where(
      and(eq(setupTokens.tokenHash, hashToken(token)), isNull(setupTokens.usedAt), gt(setupTokens.expiresAt, now)),
    );
  return row !== undefined && !(await adminExists(db));
}

/**
 * Creates the first admin from a set-up link: uses the token once (a conditional UPDATE), and only
 * while no admin exists; a registered e-mail is refused (promote it with `npm run admin:create`).
 */
export async function createFirstAdmin(
  db: Db,
  input: { token: string; email: string; password: string; now: Date },
): Promise<{ userId: string; email: string }> {
  const email = normaliseEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(setupTokens)
      .set({ usedAt: input.now })
      .where(
        and(
          eq(setupTokens.tokenHash, hashToken(input.token)),
          isNull(setupTokens.usedAt),
          gt(setupTokens.expiresAt, input.now),
        ),
      )
      .returning({ id: setupTokens.id });
    if (!used || (await adminExists(tx)))
      throw badRequest(authRefusals.invalidSetupLink, { code: 'invalid_setup_link' });
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (existing)
      throw conflict(authRefusals.alreadyRegistered, {
        code: 'already_registered',
        fields: { email: authMessages.alreadyRegistered },
      });
    const [user] = await tx
      .insert(users)
      .values({ email, passwordHash, emailConfirmedAt: input.now })
      .returning({ id: users.id });
    if (!user) throw new Error('Creating the admin user failed');
    await tx.insert(profiles).values({ id: user.id, email, isAdmin: true });
    // The first admin is an Owner (issue 24).
    await tx.insert(staffRoles).values({ userId: user.id, role: 'owner' });
    return { userId: user.id, email };
  });
}
