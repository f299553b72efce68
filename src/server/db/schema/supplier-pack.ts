import { bigserial, date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { BankAccounts } from '../../../shared/business-profile';
import { bytea, createdAt, id, updatedAt } from './columns';

/**
 * Issue 39, decision 0067: the certificates staff upload for the supplier pack (insurance, ISO 9001,
 * UKCA/CE declarations), PDFs read by their bytes, each with its kind, title and expiry date.
 */
export const supplierCertificates = pgTable('supplier_certificates', {
  id: id(),
  /** 'insurance', 'iso_9001', 'ukca_ce_declaration' or 'other' (src/shared/supplier-pack.ts). */
  kind: text('kind').notNull(),
  title: text('title').notNull(),
  /** The day it expires (YYYY-MM-DD); after it the pack leaves it out. */
  expiresOn: date('expires_on', { mode: 'string' }).notNull(),
  filename: text('filename').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The supplier pack's versions, one per set of bank details ever printed in it, keyed by the hash
 * of those details: the version changes when (and only when) the bank details change.
 */
export const supplierPackVersions = pgTable('supplier_pack_versions', {
  version: integer('version').primaryKey(),
  bankHash: text('bank_hash').notNull().unique(),
  bank: jsonb('bank').$type<BankAccounts>().notNull(),
  createdAt: createdAt(),
});

/**
 * Who received which version of the pack: a download (with the signed-in customer's address when
 * known), the pack e-mailed at a buyer's or staff's request, or the notice of a bank change. The
 * newest row per address is the version that address holds.
 */
export const supplierPackDownloads = pgTable(
  'supplier_pack_downloads',
  {
    /** In the order written: the highest per address is what that address holds. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    version: integer('version')
      .notNull()
      .references(() => supplierPackVersions.version),
    /** Lower-case; null for an anonymous download. */
    email: text('email'),
    /** 'download', 'email' (asked by the buyer), 'staff' (sent from the admin) or 'change_notice'. */
    via: text('via').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('supplier_pack_downloads_email_at_idx').on(table.email, table.at)],
);

/**
 * Security issue 48, F13: the pack's PDF as rendered, one row per set of inputs (the bank details'
 * version, the profile, the certificates in force and the letter's language, hashed as `key`), so a
 * download serves stored bytes rather than merging every certificate again. A change of any input
 * gives a new key; the rows of earlier inputs are deleted when a new one is stored.
 */
export const supplierPackRenders = pgTable('supplier_pack_renders', {
  key: text('key').primaryKey(),
  version: integer('version')
    .notNull()
    .references(() => supplierPackVersions.version),
  language: text('language').notNull(),
  pdf: bytea('pdf').notNull(),
  createdAt: createdAt(),
});

/**
 * Security issue 48, F13: a download link e-mailed to an address that asked for the pack. Only
 * following it records the address (the bank-change notice list), so nobody can put another's
 * address on that list. The token is kept as its SHA-256; the row goes when it expires.
 */
export const supplierPackLinks = pgTable(
  'supplier_pack_links',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    /** Lower-case. */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('supplier_pack_links_email_idx').on(table.email)],
);
