import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders, users } from '../db/schema';
import { enqueueMail } from '../mail/outbox';
import { translator } from '../../shared/i18n/translator';
import { recipientLanguage } from './recipient-language';

/**
 * Guest orders placed with the account's e-mail join the account (issue 38), but only once that
 * e-mail is confirmed: the confirmation proves the mailbox, which already received those orders'
 * e-mails and their page links, so the account shows nothing its owner could not read before. An
 * order kept after its customer's erasure, or purged, never joins (decision 0039). The e-mail is
 * compared as the shop compares addresses, in lower case. The owner is told by e-mail; the caller
 * may tell them on the page too. Returns how many orders joined.
 */
export async function joinGuestOrders(
  db: Db,
  input: { userId: string; now: Date; publicUrl: string },
): Promise<number> {
  const [user] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, input.userId), isNotNull(users.emailConfirmedAt)));
  if (!user) return 0;
  const joined = await db
    .update(orders)
    .set({ userId: input.userId, updatedAt: input.now })
    .where(
      and(
        isNull(orders.userId),
        sql`lower(${orders.configuration}->'customerInfo'->>'email') = ${user.email.toLowerCase()}`,
        isNull(orders.legalHoldUntil),
        isNull(orders.personalDataPurgedAt),
      ),
    )
    .returning({ orderNumber: orders.orderNumber, createdAt: orders.createdAt });
  if (joined.length === 0) return 0;
  // Issue 40: in the language of the account's most recent order, the joined ones included.
  const tr = translator(await recipientLanguage(db, { userId: input.userId }));
  const count = joined.length === 1 ? 'one' : 'other';
  const numbers = joined
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((order) => `- ${order.orderNumber}`);
  await enqueueMail(db, {
    kind: 'guest_orders_joined',
    language: tr.language,
    to: user.email,
    subject: tr.t(`mail.joined.subject.${count}`),
    text: [
      tr.t(`mail.joined.added.${count}`, { count: String(joined.length) }),
      '',
      ...numbers,
      '',
      tr.t(`mail.joined.follow.${count}`, { url: `${input.publicUrl}/my-account` }),
      '',
      tr.t('mail.joined.links'),
      '',
    ].join('\n'),
  });
  return joined.length;
}
