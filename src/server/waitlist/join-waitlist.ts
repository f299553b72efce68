import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { hashToken, randomToken } from '../accounts/tokens';
import type { Db } from '../db/client';
import { usaWaitlist } from '../db/schema';
import { conflict } from '../http/http-error';
import { enqueueMail } from '../mail/outbox';
import { waitlistRefusals, waitlistUse } from '../../shared/waitlist';

function confirmationMail(email: string, token: string, publicUrl: string) {
  return {
    kind: 'waitlist_joined',
    // The USA waitlist is English (its page and message are); the sender's privacy line too.
    language: 'en' as const,
    to: email,
    subject: 'You are on the Dropwise USA waitlist',
    text: [
      'Thank you: this address is on the Dropwise USA waitlist.',
      '',
      waitlistUse,
      '',
      'To leave the waitlist, open this link (no sign-in needed):',
      `${publicUrl}/waitlist/leave?token=${token}`,
      '',
      `Our privacy policy: ${publicUrl}/privacy-policy`,
      '',
    ].join('\n'),
  };
}

/**
 * Adds an e-mail (already trimmed and lower-cased) to the USA waitlist, with a confirmation e-mail
 * carrying a single-purpose leave link (its token stored as SHA-256). The unique index decides
 * between concurrent sign-ups of one address: exactly one inserts, the others get 409. Someone who
 * left may join again.
 */
export async function joinWaitlist(db: Db, email: string, options: { publicUrl: string; now: Date }): Promise<void> {
  const token = randomToken();
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(usaWaitlist)
      .values({ email, leaveTokenHash: hashToken(token), createdAt: options.now })
      .onConflictDoNothing({ target: usaWaitlist.email })
      .returning({ id: usaWaitlist.id });
    if (inserted.length === 0) {
      const rejoined = await tx
        .update(usaWaitlist)
        .set({ leftAt: null, leaveTokenHash: hashToken(token), createdAt: options.now })
        .where(and(eq(usaWaitlist.email, email), isNotNull(usaWaitlist.leftAt)))
        .returning({ id: usaWaitlist.id });
      if (rejoined.length === 0) throw conflict(waitlistRefusals.alreadySignedUp, { code: 'already_signed_up' });
    }
    await enqueueMail(tx, confirmationMail(email, token, options.publicUrl));
  });
}

/** Leaves the waitlist by the e-mailed link's token, once; false when the token is unknown or used. */
export async function leaveWaitlist(db: Db, token: string, now: Date): Promise<boolean> {
  const left = await db
    .update(usaWaitlist)
    .set({ leftAt: now, leaveTokenHash: null })
    .where(and(eq(usaWaitlist.leaveTokenHash, hashToken(token)), isNull(usaWaitlist.leftAt)))
    .returning({ id: usaWaitlist.id });
  return left.length > 0;
}
