import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { organisationMembers, organisations, profiles, quotes, users } from '../db/schema';
import type { EInvoiceDelivery } from '../../shared/einvoice/einvoice-delivery';
import type { OutgoingMail } from '../mail/outbox';
import { translator } from '../../shared/i18n/translator';
import { normaliseEmail } from '../../shared/accounts/email';

/**
 * Who reads whose records (issue 39, decision 0068). A customer reads their own quotes, orders,
 * instruments and documents and, when they belong to an organisation, every member's: the
 * organisation's. Everyone else gets what a stranger gets (404 for an account's order), so a
 * customer of another organisation cannot tell an order exists. Staff reads are decided elsewhere
 * (staff-read.ts), and a guest order's key by holdsAccessKey.
 */

/** The accounts whose records the customer reads: themself, then their organisation's other members. */
export async function readableOwners(db: Db, userId: string): Promise<string[]> {
  const [mine] = await db
    .select({ organisationId: organisationMembers.organisationId })
    .from(organisationMembers)
    .where(eq(organisationMembers.userId, userId));
  if (!mine) return [userId];
  const colleagues = await db
    .select({ userId: organisationMembers.userId })
    .from(organisationMembers)
    .where(and(eq(organisationMembers.organisationId, mine.organisationId), ne(organisationMembers.userId, userId)));
  return [userId, ...colleagues.map((row) => row.userId)];
}

/** True when a signed-in customer may read a record an account owns (a guest's record: never through this). */
export async function mayReadAccountRecord(db: Db, viewerId: string | null, ownerId: string | null): Promise<boolean> {
  if (viewerId === null || ownerId === null) return false;
  if (viewerId === ownerId) return true;
  return (await readableOwners(db, viewerId)).includes(ownerId);
}

type QuoteOwnership = Pick<typeof quotes.$inferSelect, 'userId' | 'configuration'>;

/**
 * May the customer accept (approve) the quote for its organisation? For the quote-acceptance flow
 * (issue 39). A quote of an organisation (quoteOrganisation) is accepted by the organisation's owner
 * or one of its approvers, whoever asked for it; a customer with no organisation accepts their own
 * quotes. A guest's quote of no organisation is nobody's here: its link decides. False for an unknown quote.
 */
export async function canApproveQuote(db: Db, customerId: string, quoteId: string): Promise<boolean> {
  const [quote] = await db
    .select({ userId: quotes.userId, configuration: quotes.configuration })
    .from(quotes)
    .where(eq(quotes.id, quoteId));
  if (!quote) return false;
  const organisation = await quoteOrganisation(db, quote);
  if (!organisation) return quote.userId !== null && quote.userId === customerId;
  const [approver] = await db
    .select({ role: organisationMembers.role, ownerUserId: organisations.ownerUserId })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(and(eq(organisationMembers.userId, customerId), eq(organisationMembers.organisationId, organisation.id)));
  return approver !== undefined && (approver.role === 'approver' || approver.ownerUserId === customerId);
}

/** The organisation an account belongs to (null: none, or a guest's record). */
export async function organisationOf(db: Db, userId: string | null) {
  if (userId === null) return null;
  const [row] = await db
    .select({
      id: organisations.id,
      name: organisations.name,
      ordersRequireAcceptedQuote: organisations.ordersRequireAcceptedQuote,
      ordersRequirePoNumber: organisations.ordersRequirePoNumber,
    })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(eq(organisationMembers.userId, userId));
  return row ?? null;
}

/** The organisation of the account registered with this address (null: none, or no such account). */
export async function organisationOfEmail(db: Db, email: string | null | undefined) {
  if (!email) return null;
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, normaliseEmail(email)));
  return organisationOf(db, account?.id ?? null);
}

/**
 * The organisation a quote belongs to (security issue 48, F3): its account's, or, for a quote asked
 * for signed out, the organisation of the account its address belongs to, so that signing out does
 * not make a member's quote nobody's. Null: the quote is its link's alone.
 */
export async function quoteOrganisation(db: Db, quote: QuoteOwnership) {
  if (quote.userId !== null) return organisationOf(db, quote.userId);
  const customerInfo = quote.configuration.customerInfo as { email?: unknown } | undefined;
  return organisationOfEmail(db, typeof customerInfo?.email === 'string' ? customerInfo.email : null);
}

/**
 * Who may read and act on this quote by its link (security issue 48, F4): a quote of no
 * organisation, whoever holds the link; an organisation's quote, only its current members, signed
 * in ('sign_in' for a visitor, 'stranger' for anyone else, a member removed from it included).
 * Staff read it in the admin wing, or where a route declares staffRead.
 */
export async function quoteReader(
  db: Db,
  viewerId: string | null,
  quote: QuoteOwnership,
): Promise<'allowed' | 'sign_in' | 'stranger'> {
  const organisation = await quoteOrganisation(db, quote);
  if (!organisation) return 'allowed';
  if (viewerId === null) return 'sign_in';
  return (await organisationOf(db, viewerId))?.id === organisation.id ? 'allowed' : 'stranger';
}

/**
 * Who may accept this quote, asked for the viewer (issue 39, decision 0065). A quote of no
 * organisation (a guest's, or an account outside any) is accepted by whoever holds its link: the
 * approver it was sent to needs no account. An organisation's quote (quoteOrganisation) is accepted
 * only by its account owner or an approver, signed in (canApproveQuote): 'sign_in' for a visitor,
 * 'not_approver' for a buyer or accounts payable of the organisation, 'stranger' for anyone else signed in.
 */
export async function quoteAcceptance(
  db: Db,
  viewerId: string | null,
  quote: QuoteOwnership & { id: string },
): Promise<{ who: 'link' | 'organisation_approvers'; answer: 'allowed' | 'sign_in' | 'not_approver' | 'stranger' }> {
  const organisation = await quoteOrganisation(db, quote);
  if (!organisation) return { who: 'link', answer: 'allowed' };
  const who = 'organisation_approvers';
  if (viewerId === null) return { who, answer: 'sign_in' };
  if (await canApproveQuote(db, viewerId, quote.id)) return { who, answer: 'allowed' };
  const viewers = await organisationOf(db, viewerId);
  return { who, answer: viewers?.id === organisation.id ? 'not_approver' : 'stranger' };
}

/** The addresses of the accounts-payable members of the organisation the account belongs to (none without one). */
export async function accountsPayableEmails(db: Db, ownerId: string | null): Promise<string[]> {
  if (ownerId === null) return [];
  const [mine] = await db
    .select({ organisationId: organisationMembers.organisationId })
    .from(organisationMembers)
    .where(eq(organisationMembers.userId, ownerId));
  if (!mine) return [];
  const rows = await db
    .select({ email: users.email })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(
      and(
        eq(organisationMembers.organisationId, mine.organisationId),
        inArray(organisationMembers.role, ['accounts_payable']),
      ),
    )
    .orderBy(users.email);
  return rows.map((row) => row.email);
}

/** The first line of an accounts-payable member's copy, in the e-mail's language (issue 40). */
export const accountsPayableCopy = (tr = translator('en')) => tr.t('mail.accountsPayableCopy');

/**
 * An invoice's, credit note's or reminder's e-mail, and a copy to each accounts-payable member of
 * the order owner's organisation: each address once, the customer's own never twice.
 */
export async function withAccountsPayable(
  db: Db,
  ownerId: string | null,
  mail: OutgoingMail,
  tr = translator('en'),
): Promise<OutgoingMail[]> {
  const seen = new Set([mail.to.toLowerCase()]);
  const copies: OutgoingMail[] = [];
  for (const email of await accountsPayableEmails(db, ownerId)) {
    if (seen.has(email)) continue;
    seen.add(email);
    copies.push({ ...mail, to: email, text: `${accountsPayableCopy(tr)}\n\n${mail.text}` });
  }
  return [mail, ...copies];
}

/**
 * How invoices reach the order owner and their organisation's accounts payable (issue 52): the
 * owner's own choice, else the organisation's, else the PDF; the copies follow the organisation's.
 */
export async function einvoiceDeliveries(
  db: Db,
  ownerId: string | null,
): Promise<{ owner: EInvoiceDelivery; accountsPayable: EInvoiceDelivery }> {
  if (ownerId === null) return { owner: 'pdf', accountsPayable: 'pdf' };
  const [row] = await db
    .select({ own: profiles.einvoiceDelivery, organisation: organisations.einvoiceDelivery })
    .from(profiles)
    .leftJoin(organisationMembers, eq(organisationMembers.userId, profiles.id))
    .leftJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(eq(profiles.id, ownerId));
  const organisation = row?.organisation ?? 'pdf';
  return { owner: row?.own ?? organisation, accountsPayable: organisation };
}
