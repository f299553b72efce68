import { createHash } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { keepAnOwner } from '../accounts/keep-an-owner';
import type { Db } from '../db/client';
import { queryRows } from '../db/client';
import { auditLog, mailOutbox, quoteAcceptances, quotes } from '../db/schema';
import { quotePdf } from '../quotes/quote-document';
import { financialHoldUntil } from '../../shared/privacy/retention';
import { ERASED, type ErasureSummary, messages } from '../../shared/privacy/privacy-contracts';

/** The e-mail as the shop stores it: trimmed and lower-cased. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** How the request register and exports name a person without holding their address. */
export const subjectHash = (email: string) => createHash('sha256').update(normaliseEmail(email)).digest('hex');

/** "a***@example.com": enough for staff to tell requests apart, not enough to hold the address. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = normaliseEmail(email).split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

const count = async (db: Db, query: ReturnType<typeof sql>) => {
  const rows = await queryRows<{ n: number | string }>(
    db,
    sql`with changed as (${query} returning 1) select count(*) as n from changed`,
  );
  return Number(rows[0]?.n ?? 0);
};

/**
 * The address as a whole, never as part of a longer one: `ann@lab.test` is not found in
 * `joann@lab.test` nor in `ann@lab.test.uk` (case aside). A sentence's full stop after it still counts.
 */
export function wholeAddress(email: string): RegExp {
  const escaped = normaliseEmail(email).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}._%+-])${escaped}(?![\\p{L}\\p{N}_-]|\\.[\\p{L}\\p{N}])`, 'giu');
}

/** A recorded JSON value with every whole mention of the address (in keys and strings) replaced. */
function strikeAddress(value: unknown, address: RegExp): unknown {
  if (typeof value === 'string') return value.replace(address, ERASED);
  if (Array.isArray(value)) return value.map((item) => strikeAddress(item, address));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key.replace(address, ERASED), strikeAddress(item, address)]),
    );
  return value;
}

/** A jsonb value as read: an object from the drivers that parse it, its text from those that do not. */
const jsonOf = (value: unknown): unknown => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value);

/** The orders of a person: their account's, and any placed under their e-mail. */
const personOrders = (email: string, userId: string | null) =>
  userId
    ? sql`(o.user_id = ${userId}::uuid or lower(o.configuration->'customerInfo'->>'email') = ${email})`
    : sql`lower(o.configuration->'customerInfo'->>'email') = ${email}`;

/**
 * Erases a person (an account, a guest's e-mail, or both), in the caller's transaction: the account
 * with its sessions, factors, recovery codes, tokens and profile; the personal fields of their
 * acceptances of quotes that stay (the signed PDF is kept); quotes, incomplete records,
 * waitlist entries, supplier-pack deliveries, exports and copies of e-mails under the e-mail; orders without invoices or
 * payments. Orders with invoices or payments are kept under legal hold (with their invoices, credit
 * notes and payments, untouched) until 7 years after the end of their financial year, then purged by
 * the retention job; the cover reminders of their instruments are deleted. The e-mail is also struck
 * from the audit register's recorded values. The address is matched as a whole, never inside another.
 */
export async function erasePerson(
  tx: Db,
  input: {
    email: string;
    userId: string | null;
    now: Date;
    /** The shop's address, printed in a signed quote PDF kept under an erased acceptance. */
    publicUrl?: string;
  },
): Promise<ErasureSummary> {
  const email = normaliseEmail(input.email);
  const address = wholeAddress(email);
  // The Owners' rows locked, so two Owners closing their accounts at once cannot leave the shop with none.
  if (input.userId) await keepAnOwner(tx, { userId: input.userId, keepsOwner: false, message: messages.lastOwner });

  // Orders with an invoice or payment: held until 7 years after the financial year of the last record.
  const held = await queryRows<{ id: string; last: Date | string }>(
    tx,
    sql`select o.id, greatest(o.created_at,
          (select max(i.issued_at) from invoices i where i.order_id = o.id),
          (select max(greatest(p.created_at, coalesce(p.processed_at, p.created_at), coalesce(p.refunded_at, p.created_at)))
             from payment_transactions p where p.order_id = o.id)) as last
        from orders o
        where ${personOrders(email, input.userId)} and o.personal_data_purged_at is null
          and (exists (select 1 from invoices i where i.order_id = o.id)
            or exists (select 1 from payment_transactions p where p.order_id = o.id))
        for update of o`,
  );
  for (const order of held) {
    await tx.execute(
      sql`update orders set legal_hold_until = ${financialHoldUntil(new Date(order.last))}, user_id = null,
          notes = null, updated_at = ${input.now} where id = ${order.id}`,
    );
  }
  const heldIds = sql.join(
    held.map((o) => sql`${o.id}::uuid`),
    sql`, `,
  );
  // The cover reminders of a held order's instruments: the order is kept for the law, not to write to them.
  if (held.length > 0)
    await tx.execute(
      sql`delete from instrument_reminders r using instruments i
          where i.id = r.instrument_id and i.order_id in (${heldIds})`,
    );
  // Not `not in (null)`, which is never true: with nothing held, every other order of the person goes.
  const notHeld = held.length > 0 ? sql`o.id not in (${heldIds})` : sql`true`;

  const summary: ErasureSummary = {
    accountsDeleted: 0,
    ordersHeld: held.length,
    ordersDeleted: 0,
    quotesDeleted: 0,
    incompleteDeleted: 0,
    waitlistDeleted: 0,
    mailDeleted: 0,
  };
  summary.ordersDeleted = await count(
    tx,
    sql`delete from orders o where ${personOrders(email, input.userId)} and ${notHeld}
        and o.legal_hold_until is null and o.personal_data_purged_at is null`,
  );
  // Quotes: the never-ordered ones, and those whose order is held (the order keeps what was agreed).
  summary.quotesDeleted = await count(
    tx,
    sql`delete from quotes q where ${
      input.userId
        ? sql`(q.user_id = ${input.userId}::uuid or lower(q.configuration->'customerInfo'->>'email') = ${email})`
        : sql`lower(q.configuration->'customerInfo'->>'email') = ${email}`
    }`,
  );
  // The person's acceptances of quotes that stay (an approver's of a colleague's quote: the
  // organisation's record, security issue 48, F11): the signed quote PDF is kept as it stands,
  // stored now if nobody has drawn it since the acceptance, and the acceptance's personal fields
  // outside it (name, job title, e-mail, typed signature, drawing, client address) are erased.
  const acceptances = await tx
    .select({ quote: quotes })
    .from(quoteAcceptances)
    .innerJoin(quotes, eq(quotes.id, quoteAcceptances.quoteId))
    .where(sql`lower(${quoteAcceptances.email}) = ${email}`)
    .for('update');
  for (const { quote } of acceptances) await quotePdf(tx, quote, input.now, input.publicUrl ?? '');
  if (acceptances.length > 0)
    await tx
      .update(quoteAcceptances)
      .set({
        name: ERASED,
        jobTitle: ERASED,
        email: ERASED,
        signature: ERASED,
        signatureImage: null,
        ipAddress: ERASED,
      })
      .where(
        inArray(
          quoteAcceptances.quoteId,
          acceptances.map(({ quote }) => quote.id),
        ),
      );
  const byPerson = input.userId
    ? sql`(lower(email) = ${email} or user_id = ${input.userId}::uuid)`
    : sql`lower(email) = ${email}`;
  summary.incompleteDeleted =
    (await count(tx, sql`delete from incomplete_registrations where ${byPerson}`)) +
    (await count(tx, sql`delete from incomplete_orders where ${byPerson}`));
  summary.waitlistDeleted = await count(tx, sql`delete from usa_waitlist where lower(email) = ${email}`);
  // The supplier pack's record of who took which version (issue 39): kept only to warn of a bank change.
  await tx.execute(sql`delete from supplier_pack_downloads where email = ${email}`);
  await tx.execute(sql`delete from supplier_pack_links where email = ${email}`);
  await tx.execute(sql`delete from data_exports where subject_hash = ${subjectHash(email)}`);
  // Invitations to join an organisation sent to the address (decision 0068); their memberships go with the account.
  await tx.execute(sql`delete from organisation_invitations where email = ${email}`);
  // Copies of e-mails to the person, and the shop's own notices that quote the address as a whole
  // (strpos only narrows the rows; the whole-address test is made on each).
  const mail = await queryRows<{
    id: string;
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string | null;
  }>(
    tx,
    sql`select id, to_address, subject, text_body, html_body from mail_outbox
        where lower(to_address) = ${email} or strpos(lower(subject), ${email}) > 0
          or strpos(lower(text_body), ${email}) > 0 or strpos(lower(coalesce(html_body, '')), ${email}) > 0
        for update`,
  );
  const mentions = (text: string | null) => text !== null && text.search(address) !== -1;
  const mailIds = mail
    .filter(
      (row) => normaliseEmail(row.to_address) === email || [row.subject, row.text_body, row.html_body].some(mentions),
    )
    .map((row) => row.id);
  if (mailIds.length > 0) {
    const deleted = await tx.delete(mailOutbox).where(inArray(mailOutbox.id, mailIds)).returning({ id: mailOutbox.id });
    summary.mailDeleted = deleted.length;
  }
  // Issue 51: receipts on account are the shop's bank records, kept for the financial hold as the
  // payments are (the retention job clears their personal fields after it). The account's are marked
  // erased, so they never read as unidentified money once user_id is gone, and lose staff's note as a
  // held order does; a whole mention of the address in any receipt's reference or note is struck.
  if (input.userId)
    await tx.execute(
      sql`update account_receipts set customer_erased_at = ${input.now}, note = null where user_id = ${input.userId}::uuid`,
    );
  const receipts = await queryRows<{ id: string; reference: string | null; note: string | null }>(
    tx,
    sql`select id, reference, note from account_receipts
        where strpos(lower(coalesce(reference, '')), ${email}) > 0 or strpos(lower(coalesce(note, '')), ${email}) > 0
        for update`,
  );
  for (const receipt of receipts) {
    const strike = (text: string | null) => (text === null ? null : text.replace(address, ERASED));
    if (strike(receipt.reference) === receipt.reference && strike(receipt.note) === receipt.note) continue;
    await tx.execute(
      sql`update account_receipts set reference = ${strike(receipt.reference)}, note = ${strike(receipt.note)}
          where id = ${receipt.id}::uuid`,
    );
  }
  // The audit register keeps what was done, not to whom.
  const entries = await queryRows<{ id: string; before: unknown; after: unknown }>(
    tx,
    sql`select id, before, after from audit_log
        where strpos(lower(coalesce(before::text, '') || ' ' || coalesce(after::text, '')), ${email}) > 0
        for update`,
  );
  for (const entry of entries) {
    const before = jsonOf(entry.before);
    const after = jsonOf(entry.after);
    const struck = { before: strikeAddress(before, address), after: strikeAddress(after, address) };
    if (JSON.stringify(struck) === JSON.stringify({ before, after })) continue;
    await tx
      .update(auditLog)
      .set(struck as Pick<typeof auditLog.$inferInsert, 'before' | 'after'>)
      .where(eq(auditLog.id, entry.id));
  }
  // The account last: its sessions, factors, challenges, recovery codes, tokens and profile go with it.
  if (input.userId) summary.accountsDeleted = await count(tx, sql`delete from users where id = ${input.userId}::uuid`);
  return summary;
}
