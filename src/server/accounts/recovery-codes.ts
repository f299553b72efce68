import { randomInt } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mfaRecoveryCodes } from '../db/schema';
import { hashToken } from './tokens';

export const RECOVERY_CODE_COUNT = 10;
/** Leaving off 0, 1, i, l and o on purpose, so a code copied from paper is read right. */
const ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
const GROUPS = 4;
const GROUP_LENGTH = 4;

/** A random code like `k7m2-x9qa-4hte-p3wz`: 16 characters from 31, about 79 bits, so a hash needs no salt or stretching. */
export function generateRecoveryCode(): string {
  const groups = Array.from({ length: GROUPS }, () =>
    Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  );
  return groups.join('-');
}

/** A code as typed: case, spaces and dashes do not matter. */
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

const hashCode = (code: string) => hashToken(normaliseRecoveryCode(code));

/** Replaces the user's recovery codes with a new set of 10 and returns them: the only time they are readable. */
export async function issueRecoveryCodes(db: Db, userId: string, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, generateRecoveryCode);
  await db.transaction(async (tx) => {
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
    await tx
      .insert(mfaRecoveryCodes)
      .values(codes.map((code) => ({ userId, codeHash: hashCode(code), createdAt: now })));
  });
  return codes;
}

/** Uses a code once (a conditional UPDATE, so two requests with one code cannot both pass); true when it was the user's and unused. */
export async function consumeRecoveryCode(db: Db, userId: string, code: string, now: Date): Promise<boolean> {
  const [used] = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeHash, hashCode(code)),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return used !== undefined;
}

/** How many unused codes the user has, and when the set was made (null without a set). */
export async function recoveryCodeStatus(
  db: Db,
  userId: string,
): Promise<{ remaining: number; createdAt: Date | null }> {
  const [set] = await db
    .select({ createdAt: mfaRecoveryCodes.createdAt })
    .from(mfaRecoveryCodes)
    .where(eq(mfaRecoveryCodes.userId, userId))
    .limit(1);
  const [unused] = await db
    .select({ n: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return { remaining: unused?.n ?? 0, createdAt: set?.createdAt ?? null };
}
