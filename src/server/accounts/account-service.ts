import { eq } from 'drizzle-orm';
import type { ProfileUpdate } from '../../shared/accounts/auth-schemas';
import type { Db } from '../db/client';
import { profiles, users } from '../db/schema';
import { notFound } from '../http/http-error';

export async function getProfile(db: Db, userId: string) {
  const [row] = await db
    .select({ profile: profiles, confirmedAt: users.emailConfirmedAt })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  if (!row?.profile) throw notFound('Profile not found');
  const p = row.profile;
  return {
    id: p.id,
    email: p.email,
    firstName: p.firstName,
    lastName: p.lastName,
    phone: p.phone,
    company: p.company,
    country: p.country,
    isAdmin: p.isAdmin,
    emailVerified: row.confirmedAt !== null,
    createdAt: p.createdAt.toISOString(),
  };
}

export async function updateProfile(
  db: Db,
  userId: string,
  changes: Required<{ [K in keyof ProfileUpdate]: string | null }>,
  now: Date,
) {
  await db
    .update(profiles)
    .set({ ...changes, updatedAt: now })
    .where(eq(profiles.id, userId));
  return getProfile(db, userId);
}
