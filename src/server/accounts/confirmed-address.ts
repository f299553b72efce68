import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';

/**
 * Whether `email` is the confirmed e-mail of the signed-in account `userId`: the only addresses the
 * shop mails the requester's own free text to (docs/decisions/0005). Anyone may type any address
 * into a guest order or quote, so mail to an unconfirmed address carries nothing they typed but the name.
 */
export async function isConfirmedAccountEmail(db: Db, userId: string | null, email: string): Promise<boolean> {
  if (userId === null) return false;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.email, email.trim().toLowerCase()), isNotNull(users.emailConfirmedAt)));
  return row !== undefined;
}
