import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { OrganisationRole } from '../../../shared/accounts/organisation-schemas';
import type { EInvoiceDelivery } from '../../../shared/einvoice/einvoice-delivery';
import { users } from './accounts';
import { createdAt, id, updatedAt } from './columns';

/**
 * A customer's organisation (issue 39): a laboratory or company whose colleagues share its quotes,
 * orders, instruments and documents. The customer who creates it owns it and manages its members.
 * Staff never merge customers by organisation name on their own: they add one (decision 0068).
 */
export const organisations = pgTable(
  'organisations',
  {
    id: id(),
    name: text('name').notNull(),
    /** The customer who created it; one organisation per owner. */
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * "Orders need an accepted quote" for this organisation's members' quotes (staff set it; decision
     * 0065): an order from a quote nobody accepted is refused. Off, the shop-wide setting still holds.
     */
    ordersRequireAcceptedQuote: boolean('orders_require_accepted_quote').notNull().default(false),
    /** "Orders require a PO number" for this organisation's members (issue 39), on top of the shop's setting. */
    ordersRequirePoNumber: boolean('orders_require_po_number').notNull().default(false),
    /** How its members receive invoices by e-mail (issue 52): the PDF, or the PDF with the XRechnung or Factur-X XML. */
    einvoiceDelivery: text('einvoice_delivery').$type<EInvoiceDelivery>().notNull().default('pdf'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      'organisations_einvoice_delivery_check',
      sql`${table.einvoiceDelivery} in ('pdf', 'pdf_xrechnung', 'pdf_facturx')`,
    ),
  ],
);

/**
 * A customer's place in an organisation, the owner's included: one organisation per customer, so
 * what a customer may read is never ambiguous. The role says what they do beyond reading:
 * an approver accepts quotes, accounts payable receives the invoices and statements by e-mail.
 */
export const organisationMembers = pgTable(
  'organisation_members',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    role: text('role').$type<OrganisationRole>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('organisation_members_organisation_id_idx').on(table.organisationId),
    check('organisation_members_role_check', sql`${table.role} in ('buyer', 'approver', 'accounts_payable')`),
  ],
);

/**
 * The owner's invitation of a colleague by e-mail: the link's token is kept only as a SHA-256 hash,
 * works once (accepted_at) and until expires_at (7 days), unless revoked; the invitee accepts signed
 * in with the invited address, or by creating the account the link's mailbox proves.
 */
export const organisationInvitations = pgTable(
  'organisation_invitations',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** Stored trimmed and lower-cased. */
    email: text('email').notNull(),
    role: text('role').$type<OrganisationRole>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('organisation_invitations_organisation_id_idx').on(table.organisationId),
    check('organisation_invitations_role_check', sql`${table.role} in ('buyer', 'approver', 'accounts_payable')`),
  ],
);

/**
 * The monthly statement to an organisation's accounts payable (decision 0068), one row per
 * organisation and month (`YYYY-MM`): the unique pair is claimed before anything is queued, so each
 * month's statement goes once whatever the number of processes or runs (customers/organisation-statements.ts).
 * `recipients` 0: nothing was open that month, so nothing was sent.
 */
export const organisationStatements = pgTable(
  'organisation_statements',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    /** How many accounts-payable addresses it was e-mailed to (0: nothing open, none sent). */
    recipients: integer('recipients').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('organisation_statements_organisation_period_key').on(table.organisationId, table.period)],
);
