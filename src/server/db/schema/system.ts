import type { Language } from '../../../shared/i18n/languages';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';

/** System settings, one row per key (see src/shared/settings.ts for keys and defaults). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * A counter per cached area ('catalogue', 'settings'), raised in the transaction of every write to
 * it. Each app process compares it with the version its cache was loaded at, so a change made
 * through one process is served by every other on the next request.
 */
export const changeVersions = pgTable('change_versions', {
  key: text('key').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** A document the mail sender renders when it sends the message (kept out of the request that queues it). */
export type AttachmentRender =
  | {
      document: 'quote';
      reference: string;
      /** The requester's own text (the organisation) may be printed: the address is a confirmed account's. */
      customerText?: boolean;
    }
  /** Issue 39: the supplier pack's letter of one version (decision 0067), in `language` (issue 40; English when none). */
  | { document: 'supplier_pack'; version: number; language?: Language };

/**
 * E-mail written in the same transaction as the event that causes it, then delivered. An attachment
 * is stored whole (an invoice, as issued) or named, to be rendered at sending (a quote's PDF).
 */
export type MailAttachment =
  | { filename: string; contentType: string; contentBase64: string }
  | { filename: string; contentType: string; render: AttachmentRender };

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    /** Issue 51: addresses in copy (a reminder's orderer beside accounts payable), comma-separated. */
    ccAddress: text('cc_address'),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** Files sent with the message (PDF documents), base64-encoded. */
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Deleted once sent (a closed account's final e-mail). */
    eraseWhenSent: boolean('erase_when_sent').notNull().default(false),
    /** Issue 53: the language the message is written in; the sender adds its privacy-policy line in it (null: English). */
    language: text('language').$type<Language>(),
    createdAt: createdAt(),
  },
  (table) => [index('mail_outbox_status_next_attempt_idx').on(table.status, table.nextAttemptAt)],
);
