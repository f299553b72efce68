import type { Db } from '../db/client';
import { usaWaitlist } from '../db/schema';
import { conflict } from '../http/http-error';

export const ALREADY_SIGNED_UP = 'This email is already on our USA waitlist.';

/**
 * Adds an e-mail (already trimmed and lower-cased) to the USA waitlist. The unique index decides
 * between concurrent sign-ups of one address: exactly one inserts, the others get 409.
 */
export async function joinWaitlist(db: Db, email: string): Promise<void> {
  const inserted = await db
    .insert(usaWaitlist)
    .values({ email })
    .onConflictDoNothing({ target: usaWaitlist.email })
    .returning({ id: usaWaitlist.id });
  if (inserted.length === 0) throw conflict(ALREADY_SIGNED_UP, { code: 'already_signed_up' });
}
