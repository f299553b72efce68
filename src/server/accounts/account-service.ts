import { eq } from 'drizzle-orm';
import { asTitle, type Title } from '../../shared/accounts/title';
import { authRefusals } from '../../shared/accounts/auth-messages';
import type { ProfileUpdate } from '../../shared/accounts/auth-schemas';
import type { EInvoiceDelivery } from '../../shared/einvoice/einvoice-delivery';
import type { Language } from '../../shared/i18n/languages';
import type { Db } from '../db/client';
import { profiles, users } from '../db/schema';
import { notFound } from '../http/http-error';

export async function getProfile(db: Db, userId: string) {
  const [row] = await db
    .select({ profile: profiles, confirmedAt: users.emailConfirmedAt })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  if (!row?.profile) throw notFound(authRefusals.profileNotFound);
  const p = row.profile;
  return {
    id: p.id,
    email: p.email,
    title: asTitle(p.title),
    firstName: p.firstName,
    lastName: p.lastName,
    phone: p.phone,
    company: p.company,
    country: p.country,
    isAdmin: p.isAdmin,
    einvoiceDelivery: p.einvoiceDelivery,
    emailVerified: row.confirmedAt !== null,
    createdAt: p.createdAt.toISOString(),
  };
}

export async function updateProfile(
  db: Db,
  userId: string,
  changes: Required<{ [K in Exclude<keyof ProfileUpdate, 'einvoiceDelivery' | 'title'>]: string | null }> & {
    einvoiceDelivery?: EInvoiceDelivery | null | undefined;
    /** Issue 53: absent (undefined) leaves the stored title as it is. */
    title?: Title | null | undefined;
  },
  now: Date,
) {
  await db
    .update(profiles)
    .set({ ...changes, updatedAt: now })
    .where(eq(profiles.id, userId));
  return getProfile(db, userId);
}

/** Every admin's e-mail address (the staff a security notice about the whole shop goes to). */
export async function adminEmails(db: Db): Promise<string[]> {
  const admins = await db.select({ email: profiles.email }).from(profiles).where(eq(profiles.isAdmin, true));
  return admins.map((admin) => admin.email);
}

/** The user's id, e-mail and whether they are staff, or null when there is no such user. */
export async function profileOf(db: Db, userId: string) {
  const [profile] = await db
    .select({ id: profiles.id, email: profiles.email, isAdmin: profiles.isAdmin })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return profile ?? null;
}

/** The id of the account registered with this e-mail (as stored), or null. */
export async function accountIdOf(db: Db, email: string): Promise<string | null> {
  const [account] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return account?.id ?? null;
}

/**
 * A new account whose e-mail is confirmed already (the invitation that reached it proves it), with
 * its profile and the language of the page it was made on (issue 53; none for staff, who read
 * English); null when the address was registered a moment ago.
 */
export async function createConfirmedAccount(
  tx: Db,
  input: { email: string; passwordHash: string; now: Date; language?: Language | undefined },
): Promise<string | null> {
  const { email, passwordHash, now } = input;
  const [user] = await tx
    .insert(users)
    .values({ email, passwordHash, emailConfirmedAt: now, language: input.language ?? null })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!user) return null;
  await tx.insert(profiles).values({ id: user.id, email });
  return user.id;
}
