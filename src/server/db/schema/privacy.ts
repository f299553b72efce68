import { bigint, date, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { bytea, createdAt, id } from './columns';

/**
 * One row per scheduled job and day (UTC): the process whose insert wins runs that day's job, in the
 * transaction that holds the claim, so the job runs once a day however many processes there are.
 * `result` holds counts only, never personal data.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    day: date('day').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    result: jsonb('result').$type<Record<string, number>>(),
  },
  (table) => [primaryKey({ columns: [table.job, table.day] })],
);

export type DataExportStatus = 'pending' | 'ready' | 'failed';

/**
 * A person's data export (a ZIP), built in the background. A customer's is linked from an e-mail by
 * a token (SHA-256 at rest) for 24 hours; staff download theirs in the admin. The subject is named
 * by account or by the SHA-256 of the e-mail, never by the address itself; expired rows are deleted.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The e-mail whose records are exported, held only until the export is built. */
    subjectEmail: text('subject_email'),
    subjectHash: text('subject_hash').notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<DataExportStatus>().notNull().default('pending'),
    tokenHash: text('token_hash').unique(),
    zip: bytea('zip'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('data_exports_status_idx').on(table.status, table.createdAt)],
);

export type PrivacyRequestType = 'access' | 'erasure';
export type PrivacyRequestOutcome = 'open' | 'export_produced' | 'erased' | 'refused' | 'no_data';

/**
 * The register of data-subject requests (access, erasure): when received, what was done, by whom.
 * The person is named by a masked address and the SHA-256 of the e-mail, so the register itself
 * holds no personal data once their records are erased.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: id(),
    type: text('type').$type<PrivacyRequestType>().notNull(),
    subjectHash: text('subject_hash').notNull(),
    subjectMasked: text('subject_masked').notNull(),
    receivedOn: date('received_on').notNull(),
    channel: text('channel').$type<'account' | 'email' | 'post'>().notNull(),
    outcome: text('outcome').$type<PrivacyRequestOutcome>().notNull().default('open'),
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledByEmail: text('handled_by_email'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The export produced for an access request (gone once its link expires). */
    exportId: uuid('export_id').references(() => dataExports.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('privacy_requests_received_idx').on(table.receivedOn)],
);
