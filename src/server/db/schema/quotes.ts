import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './accounts';
import { bytea, createdAt, id, updatedAt } from './columns';

import type { Language } from '../../../shared/i18n/languages';
import type { QuoteStatus } from '../../../shared/orders/order-status';

export type { QuoteStatus } from '../../../shared/orders/order-status';

export const quotes = pgTable(
  'quotes',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * {quoteNumberPrefix}{YYYY}-{NNNN}: the number from quote_number_seq (custom migration
     * quote_number_sequence), at least four digits; older quotes keep their random four digits.
     */
    quoteNumber: text('quote_number').notNull().unique(),
    /** The shareable reference of /quote/{reference}: at least 128 random bits, URL-safe. */
    quoteReference: text('quote_reference').notNull().unique(),
    currency: text('currency').notNull(),
    status: text('status').$type<QuoteStatus>().notNull().default('sent'),
    /** The selection, customerInfo and the server's pricing, frozen at creation. */
    configuration: jsonb('configuration').$type<Record<string, unknown>>().notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /**
     * What the quote prices (issue 26): an instrument (the configurator's quotes), a servicing
     * renewal or a repair for the instrument with `serialNumber`.
     */
    kind: text('kind').$type<'instrument' | 'servicing_renewal' | 'repair'>().notNull().default('instrument'),
    serialNumber: text('serial_number'),
    /** The language of the quote's documents and e-mails (issue 40), carried to its order. */
    language: text('language').$type<Language>().notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('quotes_user_id_idx').on(table.userId),
    index('quotes_created_at_idx').on(table.createdAt),
    index('quotes_status_created_at_idx').on(table.status, table.createdAt),
  ],
);

/**
 * A quote's PDF, rendered once on first use (the page's download or the e-mail) and served as
 * stored from then on: a quote is frozen. Its own table so reading quotes never loads the bytes.
 */
export const quoteDocuments = pgTable('quote_documents', {
  quoteId: uuid('quote_id')
    .primaryKey()
    .references(() => quotes.id, { onDelete: 'cascade' }),
  pdf: bytea('pdf').notNull(),
  pdfSha256: text('pdf_sha256').notNull(),
  createdAt: createdAt(),
});

/** Staff-only notes on a quote (the admin's quote page, issue 28): a timeline, never shown to the customer. */
export const quoteNotes = pgTable(
  'quote_notes',
  {
    id: id(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('quote_notes_quote_id_idx').on(table.quoteId, table.createdAt)],
);

/**
 * Issue 39 (decision 0065): the buyer's acceptance of a quote, as typed on the quote page: who
 * accepted (name, job title, organisation, e-mail), the typed signature, when and from which client
 * address. One per quote; the quote PDF drawn after it carries the acceptance block.
 */
export const quoteAcceptances = pgTable('quote_acceptances', {
  quoteId: uuid('quote_id')
    .primaryKey()
    .references(() => quotes.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  jobTitle: text('job_title').notNull(),
  organization: text('organization').notNull(),
  email: text('email').notNull(),
  /** The signature as typed (the name the signer typed as their signature). */
  signature: text('signature').notNull(),
  /** 'typed', or 'drawn': then signature_image holds the drawing, re-encoded as PNG by the server. */
  signatureKind: text('signature_kind').$type<'typed' | 'drawn'>().notNull().default('typed'),
  signatureImage: bytea('signature_image'),
  /** The client's IP address as the server saw it (behind the trusted proxy, the forwarded one). */
  ipAddress: text('ip_address').notNull(),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
});

export type QuoteExtensionStatus = 'pending' | 'approved' | 'declined';

/**
 * Issue 39: a buyer's request for more time on a quote (30 more days, or until a date). Staff
 * approve (valid_until moves, prices stay frozen) or decline; the buyer is e-mailed either way.
 * At most one pending request per quote.
 */
export const quoteExtensionRequests = pgTable(
  'quote_extension_requests',
  {
    id: id(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    /** The last moment of validity asked for (end of the day, UTC). */
    requestedUntil: timestamp('requested_until', { withTimezone: true }).notNull(),
    status: text('status').$type<QuoteExtensionStatus>().notNull().default('pending'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('quote_extension_requests_status_idx').on(table.status, table.createdAt),
    uniqueIndex('quote_extension_requests_one_pending')
      .on(table.quoteId)
      .where(sql`status = 'pending'`),
  ],
);
