import { eq } from 'drizzle-orm';
import {
  type BankAccounts,
  type BusinessProfile,
  exampleBusinessProfile,
  isExampleProfile,
  type ProfileMail,
  type PublicBusinessProfile,
} from '../../shared/business-profile';
import type { Db } from '../db/client';
import { businessProfile } from '../db/schema';
import { bumpChangeVersion } from '../db/change-version';
import { versionedCache } from '../db/versioned-cache';

const KEY = 'company';

/** A safety net only: every profile write raises the change version, which each cached read compares. */
const PROFILE_CACHE_MAX_AGE_MS = 10_000;

const cache = versionedCache<typeof KEY, BusinessProfile>({
  area: 'profile',
  maxAgeMs: PROFILE_CACHE_MAX_AGE_MS,
  load: (db) => readBusinessProfile(db),
});

/** The stored profile (the example until one is stored). */
export async function readBusinessProfile(db: Db): Promise<BusinessProfile> {
  const [row] = await db.select().from(businessProfile).where(eq(businessProfile.key, KEY));
  if (!row) return exampleBusinessProfile;
  // Stored values over the example's, so a field added later has a value until it is filled in.
  return {
    ...exampleBusinessProfile,
    ...row.details,
    mail: { ...exampleBusinessProfile.mail, ...row.details.mail },
    bank: {
      GBP: { ...exampleBusinessProfile.bank.GBP, ...row.bank.GBP },
      EUR: { ...exampleBusinessProfile.bank.EUR, ...row.bank.EUR },
    },
  };
}

/**
 * The profile in force, from an in-memory cache for every page, document and e-mail that prints
 * it; one cheap read of the profile's change version per call reloads it as soon as any process
 * has saved a change.
 */
export function getBusinessProfile(db: Db): Promise<BusinessProfile> {
  return cache.get(db, KEY);
}

export function invalidateBusinessProfileCache(db: Db): void {
  cache.invalidate(db);
}

/**
 * Stores the details and/or the bank accounts (validated by the route's schema) and raises the
 * change version; call it in the transaction that writes the audit entry. Returns the new profile.
 */
export async function saveBusinessProfile(
  tx: Db,
  changes: { details?: PublicBusinessProfile & { mail?: ProfileMail }; bank?: BankAccounts },
): Promise<BusinessProfile> {
  const current = await readBusinessProfile(tx);
  const { bank: currentBank, ...currentDetails } = current;
  // The mailboxes are stored with the details (decision 0034's JSON), outside the public part.
  const next: BusinessProfile = { ...currentDetails, ...changes.details, bank: changes.bank ?? currentBank };
  const { bank, ...details } = next;
  const example = isExampleProfile(next);
  await tx
    .insert(businessProfile)
    .values({ key: KEY, details, bank, example, updatedAt: new Date() })
    .onConflictDoUpdate({ target: businessProfile.key, set: { details, bank, example, updatedAt: new Date() } });
  await bumpChangeVersion(tx, 'profile');
  // The catalogue's texts name the profile's town ({town}, catalogue-service.ts): read them again.
  await bumpChangeVersion(tx, 'catalogue');
  invalidateBusinessProfileCache(tx);
  return next;
}
