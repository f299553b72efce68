import { asc, eq, inArray } from 'drizzle-orm';
import { titledName } from '../../shared/accounts/title';
import { type AdminQuoteDetail, quoteAdminMessages } from '../../shared/quotes/quote-admin-schemas';
import { findCountry } from '../../shared/countries';
import { isConfirmedAccountEmail } from '../accounts/confirmed-address';
import type { Db } from '../db/client';
import { quoteNotes, quotes, users } from '../db/schema';
import { conflict, notFound } from '../http/http-error';
import { quoteDocumentModel } from './quote-document';
import { quoteMailWithPdf } from './quote-email';
import { extendQuoteValidity } from './extend-quote-validity';
import { latestExtensionOf, loadQuoteResource, quoteAcceptanceOf } from './quote-resource';
import { documentFacts } from '../terms/terms-service';

type QuoteRow = typeof quotes.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The quote a path names: its number (as staff read and type it) or its id. */
export async function findQuote(db: Db, key: string): Promise<QuoteRow> {
  const [row] = await db
    .select()
    .from(quotes)
    .where(UUID.test(key) ? eq(quotes.id, key) : inArray(quotes.quoteNumber, [key, key.toUpperCase()]));
  if (!row) throw notFound(quoteAdminMessages.notFound);
  return row;
}

/**
 * What staff may do with a quote (decision 0048): extend a sent or expired quote that no order came
 * from; resend one that is still valid and not ordered.
 */
function actions(row: QuoteRow, shown: AdminQuoteDetail['quote']) {
  const open = shown.order === null && row.status !== 'accepted';
  return {
    canExtend: open && (row.status === 'sent' || row.status === 'expired'),
    canResend: open && shown.status === 'sent' && shown.customer !== null,
  };
}

async function shownQuote(db: Db, row: QuoteRow, now: Date): Promise<AdminQuoteDetail['quote']> {
  const resource = await loadQuoteResource(db, row, now);
  const customer = resource.customerInfo;
  return {
    id: row.id,
    quoteNumber: row.quoteNumber,
    reference: row.quoteReference,
    // As the list shows it: a quote that became an order is accepted.
    status: resource.order ? 'accepted' : resource.status,
    createdAt: resource.createdAt,
    validUntil: resource.validUntil,
    currency: row.currency,
    customer: customer
      ? {
          // Issue 53: the title the buyer gave first, as staff read it ("Mr Thomas Becker").
          name: titledName(customer.title, customer.firstName, customer.lastName),
          email: customer.email,
          organization: customer.organization,
          country: findCountry(customer.country)?.name ?? customer.country,
        }
      : null,
    order: resource.order ?? null,
  };
}

/** The admin's quote page: the quote, its document model (lines, totals, terms), staff notes and the allowed actions. */
export async function quoteDetail(db: Db, row: QuoteRow, now: Date, publicUrl: string): Promise<AdminQuoteDetail> {
  const [quote, document, notes, acceptance, extensionRequest] = await Promise.all([
    shownQuote(db, row, now),
    quoteDocumentModel(db, row, now, { customerText: true, publicUrl }),
    db
      .select({ id: quoteNotes.id, text: quoteNotes.body, authorEmail: users.email, createdAt: quoteNotes.createdAt })
      .from(quoteNotes)
      .leftJoin(users, eq(users.id, quoteNotes.authorId))
      .where(eq(quoteNotes.quoteId, row.id))
      .orderBy(asc(quoteNotes.createdAt), asc(quoteNotes.id)),
    quoteAcceptanceOf(db, row.id),
    latestExtensionOf(db, row.id),
  ]);
  return {
    quote,
    document,
    notes: notes.map((note) => ({ ...note, createdAt: note.createdAt.toISOString() })),
    ...actions(row, quote),
    acceptance,
    extensionRequest,
  };
}

/**
 * Extends a sent or expired quote, not ordered, to the end of `day` (UTC). The stored PDF is dropped
 * so the next download and e-mail print the new date. Returns the audit's before and after.
 */
export async function extendQuote(tx: Db, row: QuoteRow, day: string, now: Date) {
  const shown = await shownQuote(tx, row, now);
  if (!actions(row, shown).canExtend)
    throw conflict(
      shown.order || row.status === 'accepted' ? quoteAdminMessages.ordered : quoteAdminMessages.notExtendable,
    );
  const validUntil = new Date(`${day}T23:59:59.999Z`);
  await extendQuoteValidity(tx, row, validUntil, now);
  return {
    before: { quoteNumber: row.quoteNumber, status: row.status, validUntil: row.validUntil?.toISOString() ?? null },
    after: { quoteNumber: row.quoteNumber, status: 'sent', validUntil: validUntil.toISOString() },
  };
}

/** Queues the quote e-mail again, with its PDF, to the address on the quote (a valid quote not yet ordered). */
export async function resendQuote(db: Db, row: QuoteRow, publicUrl: string, now: Date) {
  const resource = await loadQuoteResource(db, row, now);
  const shown = await shownQuote(db, row, now);
  const allowed = actions(row, shown);
  if (!allowed.canResend) {
    if (shown.order || row.status === 'accepted') throw conflict(quoteAdminMessages.ordered);
    if (!resource.customerInfo) throw conflict(quoteAdminMessages.noRecipient);
    throw conflict(quoteAdminMessages.expiredResend);
  }
  const to = resource.customerInfo?.email ?? '';
  // Read before the transaction (a PGlite transaction holds the connection).
  const confirmedAddress = await isConfirmedAccountEmail(db, row.userId, to);
  const facts = await documentFacts(db, publicUrl);
  return { to, mail: quoteMailWithPdf(resource, `${publicUrl}/quote/${row.quoteReference}`, facts, confirmedAddress) };
}

/** Appends a staff-only note to the quote's timeline. */
export async function addQuoteNote(tx: Db, row: QuoteRow, text: string, authorId: string, now: Date) {
  const [note] = await tx
    .insert(quoteNotes)
    .values({ quoteId: row.id, authorId, body: text, createdAt: now })
    .returning({ id: quoteNotes.id });
  if (!note) throw new Error('Adding the quote note failed');
  return { id: note.id, quoteNumber: row.quoteNumber, text };
}
