import { sql } from 'drizzle-orm';
import { isLanguage, type Language } from '../../shared/i18n/languages';
import { type Db, queryRows } from '../db/client';

/**
 * The language of a person's e-mails that belong to no one order (issue 40, decision 0064): their most
 * recent order's, as the statement's; English when they have none. By account, or by address (the
 * account's, or a guest's orders placed under it). Read it before an erasure: it detaches the orders.
 */
export async function latestOrderLanguage(db: Db, whose: { userId: string } | { email: string }): Promise<Language> {
  const where =
    'userId' in whose
      ? sql`o.user_id = ${whose.userId}::uuid`
      : sql`(lower(u.email) = lower(${whose.email})
             or (o.user_id is null and lower(o.configuration->'customerInfo'->>'email') = lower(${whose.email})))`;
  const [row] = await queryRows<{ language: string | null }>(
    db,
    sql`select o.language from orders o left join users u on u.id = o.user_id
        where ${where} order by o.created_at desc, o.id desc limit 1`,
  );
  return isLanguage(row?.language) ? row.language : 'en';
}
