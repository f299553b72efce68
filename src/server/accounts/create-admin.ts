import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { profiles, staffRoles, users } from '../db/schema';
import { normaliseEmail } from '../../shared/accounts/email';
import { hashPassword } from './password';

/**
 * Makes an administrator, an Owner (issue 24): creates a confirmed user with the password, or promotes the existing
 * user with that e-mail (leaving their password alone unless one is given).
 */
export async function createAdmin(
  db: Db,
  input: { email: string; password?: string },
): Promise<'created' | 'promoted'> {
  const email = normaliseEmail(input.email);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(eq(users.email, email));
    if (existing) {
      if (input.password) {
        await tx
          .update(users)
          .set({ passwordHash: await hashPassword(input.password), updatedAt: new Date() })
          .where(eq(users.id, existing.id));
      }
      await tx
        .insert(profiles)
        .values({ id: existing.id, email, isAdmin: true })
        .onConflictDoUpdate({ target: profiles.id, set: { isAdmin: true, updatedAt: new Date() } });
      await tx.insert(staffRoles).values({ userId: existing.id, role: 'owner' }).onConflictDoNothing();
      return 'promoted';
    }
    if (!input.password || input.password.length < 6) {
      throw new Error(
        'A new admin needs a password of at least 6 characters (typed when asked, or on standard input).',
      );
    }
    const [user] = await tx
      .insert(users)
      .values({ email, passwordHash: await hashPassword(input.password), emailConfirmedAt: new Date() })
      .returning({ id: users.id });
    if (!user) throw new Error('Creating the admin user failed');
    await tx.insert(profiles).values({ id: user.id, email, isAdmin: true });
    await tx.insert(staffRoles).values({ userId: user.id, role: 'owner' });
    return 'created';
  });
}
