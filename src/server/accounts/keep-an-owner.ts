import { eq } from 'drizzle-orm';
import { staffMessages } from '../../shared/staff/staff-schemas';
import type { Db } from '../db/client';
import { staffRoles } from '../db/schema';
import { conflict } from '../http/http-error';

/**
 * The shop keeps at least one Owner. Locks every Owner's role row, so two changes at once (a role
 * change, a deactivation, an account closed or erased) cannot leave the shop without one, and
 * refuses (409 `last_owner`) when the change would take the Owner role from the last who holds it.
 * Call inside a transaction.
 */
export async function keepAnOwner(
  tx: Db,
  input: { userId: string; keepsOwner: boolean; message?: string },
): Promise<void> {
  const owners = await tx
    .select({ userId: staffRoles.userId })
    .from(staffRoles)
    .where(eq(staffRoles.role, 'owner'))
    .for('update');
  const isOwner = owners.some((owner) => owner.userId === input.userId);
  if (isOwner && !input.keepsOwner && owners.length <= 1)
    throw conflict(input.message ?? staffMessages.lastOwner, { code: 'last_owner' });
}
