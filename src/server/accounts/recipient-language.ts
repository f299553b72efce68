import { sql } from 'drizzle-orm';
import { isLanguage, type Language } from '../../shared/i18n/languages';
import { type Db, queryRows } from '../db/client';

/** Whatever holds the language its documents and e-mails were chosen in: an order (a guest's too) or a quote. */
export interface LanguageHolder {
  language?: string | null;
}

/** A person an e-mail goes to that belongs to no one order: by account, or by address. */
export type Recipient = { userId: string } | { email: string };

/**
 * The one answer to "in which language is this e-mail or document written?" (issue 53, decision 0082).
 *
 * - An order's or a quote's documents and e-mails: the language held on it, the one the buyer chose
 *   in the flow (the page's language by default) or staff set since; English for one stored without.
 * - A person's own e-mails (sign-up, password, security, invitations, statements, exports, the
 *   supplier pack): the account's chosen language; for an account that never chose one, or an address
 *   with no account, the language of their most recent order (a guest's under the address included);
 *   English when there is none. Staff accounts are English: the shop's own language.
 *
 * Read a person's language before an erasure: it detaches their orders.
 */
export function recipientLanguage(holder: LanguageHolder): Language;
export function recipientLanguage(db: Db, whom: Recipient): Promise<Language>;
export function recipientLanguage(first: LanguageHolder | Db, whom?: Recipient): Language | Promise<Language> {
  if (whom === undefined) {
    const { language } = first as LanguageHolder;
    return isLanguage(language) ? language : 'en';
  }
  return personLanguage(first as Db, whom);
}

async function personLanguage(db: Db, whom: Recipient): Promise<Language> {
  return (await knownPersonLanguage(db, whom)) ?? 'en';
}

/**
 * A person's language when anything tells it (issue 53): staff English, the account's chosen one, else
 * their most recent order's (a guest's under the address included); null when nothing does (an address
 * with no account and no order, or an account that never chose and never ordered). An e-mail to
 * someone new (an organisation's invitation) falls back to its sender's language on null.
 */
export async function knownPersonLanguage(db: Db, whom: Recipient): Promise<Language | null> {
  const account = 'userId' in whom ? sql`u.id = ${whom.userId}::uuid` : sql`u.email = lower(trim(${whom.email}))`;
  const [person] = await queryRows<{ id: string; language: string | null; staff: boolean | null }>(
    db,
    sql`select u.id, u.language, p.is_admin as staff from users u left join profiles p on p.id = u.id
        where ${account} limit 1`,
  );
  if (person?.staff) return 'en';
  if (isLanguage(person?.language)) return person.language;
  const orders =
    'userId' in whom
      ? sql`o.user_id = ${whom.userId}::uuid`
      : person
        ? sql`(o.user_id = ${person.id}::uuid
               or (o.user_id is null and lower(o.configuration->'customerInfo'->>'email') = lower(trim(${whom.email}))))`
        : sql`o.user_id is null and lower(o.configuration->'customerInfo'->>'email') = lower(trim(${whom.email}))`;
  const [latest] = await queryRows<{ language: string | null }>(
    db,
    sql`select o.language from orders o where ${orders} order by o.created_at desc, o.id desc limit 1`,
  );
  return isLanguage(latest?.language) ? latest.language : null;
}

/**
 * The buyer's document language when a quote or order names none (issue 53): a signed-in account's
 * own, else English. Never the delivery country's: the web sends the language the buyer reads in, and
 * offers the country's only as a suggestion.
 */
export async function chosenOrDefaultLanguage(
  db: Db,
  chosen: Language | null | undefined,
  userId: string | null,
): Promise<Language> {
  if (chosen) return chosen;
  return userId ? recipientLanguage(db, { userId }) : 'en';
}

/** What a signed-in buyer chose for a quote or an order becomes the account's language (staff keep English). */
export async function rememberLanguage(db: Db, userId: string | null, language: Language): Promise<void> {
  if (userId === null) return;
  await db.execute(
    sql`update users set language = ${language}
        where id = ${userId}::uuid and language is distinct from ${language}
          and not exists (select 1 from profiles p where p.id = users.id and p.is_admin)`,
  );
}
