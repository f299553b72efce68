import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { productBatches } from './catalogue';
import { bytea, createdAt, id, updatedAt } from './columns';
import { orders } from './orders';
import { quotes } from './quotes';

/**
 * Issue 26: production batches that fill up, each instrument after it ships, and service requests.
 * Capacity and places taken live on product_batches (capacity, taken) and orders (places_batch_id,
 * places_taken); the tables here are the history and the instruments' life.
 */

/** A batch's date moved: the old and new dates, and when the holders were e-mailed (after staff confirmed). */
export const batchDateChanges = pgTable(
  'batch_date_changes',
  {
    id: id(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => productBatches.id, { onDelete: 'cascade' }),
    oldDate: date('old_date'),
    newDate: date('new_date'),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    /** Set when the holders were e-mailed (each holder once); null until staff confirm the e-mails. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    notifiedCount: integer('notified_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [index('batch_date_changes_batch_id_idx').on(table.batchId)],
);

/** An order moved from one batch to another (option ids and names as they were), with who and why. */
export const orderBatchChanges = pgTable(
  'order_batch_changes',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromBatch: text('from_batch'),
    fromName: text('from_name'),
    toBatch: text('to_batch').notNull(),
    toName: text('to_name').notNull(),
    reason: text('reason'),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('order_batch_changes_order_id_idx').on(table.orderId)],
);

/** One shipped unit of an order: its serial number (unique across the shop), warranty and servicing. */
export const instruments = pgTable(
  'instruments',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 1..the order's quantity. */
    unitIndex: integer('unit_index').notNull(),
    serialNumber: text('serial_number').notNull().unique(),
    /** The configuration's name as ordered (e.g. "Dropwise Pro"). */
    model: text('model').notNull(),
    /** Years of cover: 1 (the standard warranty) or the servicing plan bought (2 or 3, as the terms say). */
    warrantyYears: integer('warranty_years').notNull().default(1),
    deliveredOn: date('delivered_on'),
    warrantyEndsOn: date('warranty_ends_on'),
    /** The end of a servicing plan bought later (a renewal quote ordered); null when none. */
    servicePlanEndsOn: date('service_plan_ends_on'),
    nextServiceOn: date('next_service_on'),
    /** Issue 41: the model's software version when it shipped (null when none was set). */
    softwareVersion: text('software_version'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('instruments_order_unit_key').on(table.orderId, table.unitIndex)],
);

export type InstrumentReminderKind = 'warranty_end' | 'service_plan_end';

/** A reminder e-mail sent before cover ends: one per instrument, kind and end date, never twice. */
export const instrumentReminders = pgTable(
  'instrument_reminders',
  {
    id: id(),
    instrumentId: uuid('instrument_id')
      .notNull()
      .references(() => instruments.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<InstrumentReminderKind>().notNull(),
    /** The end date the reminder is about. */
    dueOn: date('due_on').notNull(),
    /** The servicing-renewal quote the e-mail offers. */
    quoteId: uuid('quote_id').references(() => quotes.id, { onDelete: 'set null' }),
    sentAt: createdAt(),
  },
  (table) => [uniqueIndex('instrument_reminders_once_key').on(table.instrumentId, table.kind, table.dueOn)],
);

export type ServiceRequestStatus =
  'requested' | 'authorised' | 'received' | 'repaired' | 'replaced' | 'returned' | 'declined';

export type NotCoveredReason = 'accidental_damage' | 'misuse' | 'wear' | 'consumables';

/** SR{YYYY}-{NNNNN} numbers for service requests; RMA numbers use rma_number_seq. */
export const serviceRequestNumberSeq = pgSequence('service_request_number_seq');
export const rmaNumberSeq = pgSequence('rma_number_seq');

/** A customer's request for help with one instrument (an RMA once authorised). */
export const serviceRequests = pgTable(
  'service_requests',
  {
    id: id(),
    requestNumber: text('request_number').notNull().unique(),
    instrumentId: uuid('instrument_id')
      .notNull()
      .references(() => instruments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<ServiceRequestStatus>().notNull().default('requested'),
    /** What happened, in the customer's words (rendered as text everywhere). */
    description: text('description').notNull(),
    underWarranty: boolean('under_warranty').notNull(),
    rmaNumber: text('rma_number').unique(),
    returnInstructions: text('return_instructions'),
    declineReason: text('decline_reason'),
    /**
     * Issue 41: staff found the fault outside the warranty (terms §11): accidental damage, misuse, wear or
     * consumables; null while covered or undecided. A request not covered gets a repair quote.
     */
    notCoveredReason: text('not_covered_reason').$type<NotCoveredReason>(),
    notCoveredNote: text('not_covered_note'),
    /**
     * Issue 41: the key e-mailed when the customer's account closed with this request open; it opens this
     * request's page (and nothing else) until the request is closed.
     */
    closureKey: text('closure_key').unique(),
    /** Out of warranty: the repair quote made through the quote engine. */
    repairQuoteId: uuid('repair_quote_id').references(() => quotes.id, { onDelete: 'set null' }),
    /**
     * Issue 54: an Owner let the repair be marked repaired before its quote was accepted and paid in
     * full: why, when and by whom (audited too). Null: the repair waited for its payment.
     */
    repairOverrideReason: text('repair_override_reason'),
    repairOverrideAt: timestamp('repair_override_at', { withTimezone: true }),
    repairOverrideBy: uuid('repair_override_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('service_requests_instrument_id_idx').on(table.instrumentId),
    index('service_requests_status_created_at_idx').on(table.status, table.createdAt),
  ],
);

/** Each step of a service request: the customer sees these on their page (staffOnly excepted). */
export const serviceRequestHistory = pgTable(
  'service_request_history',
  {
    id: id(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    oldStatus: text('old_status'),
    newStatus: text('new_status').notNull(),
    note: text('note'),
    staffOnly: boolean('staff_only').notNull().default(false),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
  },
  (table) => [index('service_request_history_request_id_idx').on(table.requestId)],
);

/** A photo attached to a request: images only, size-limited, stored privately, served only to its owner and staff. */
export const serviceRequestPhotos = pgTable(
  'service_request_photos',
  {
    id: id(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
    /** When the stored bytes were re-encoded without metadata (issue 34, F7); null for a photo stored before that. */
    cleanedAt: timestamp('cleaned_at', { withTimezone: true }),
  },
  (table) => [index('service_request_photos_request_id_idx').on(table.requestId)],
);

/**
 * Issue 41: the customer's decontamination declaration for a return (one per request): what the
 * instrument handled, how it was cleaned, and who signed (a typed name and a tick). Staff authorise
 * receipt only once it exists; its PDF travels with the instrument.
 */
export const decontaminationDeclarations = pgTable('decontamination_declarations', {
  id: id(),
  requestId: uuid('request_id')
    .notNull()
    .unique()
    .references(() => serviceRequests.id, { onDelete: 'cascade' }),
  substances: text('substances').notNull(),
  cleaningMethod: text('cleaning_method').notNull(),
  signatoryName: text('signatory_name').notNull(),
  /** The day the signatory gave (YYYY-MM-DD). */
  signedOn: date('signed_on').notNull(),
  createdAt: createdAt(),
});

/**
 * Issue 41, decision 0059: each instrument's factory test at dispatch. The measured rate accuracy
 * (%) and volume delivered (mL), the acceptance limits in force then (from the settings), whether
 * it passed (decided by the server), who tested it and when. An instrument ships only with a pass.
 */
/**
 * A factory test record uploaded at dispatch (issue 41): a PDF read by its bytes, kept with its order
 * for staff; the certificate of the instrument it was shipped with names it and its fingerprint.
 */
export const instrumentTestRecords = pgTable('instrument_test_records', {
  id: id(),
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  filename: text('filename').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  bytes: bytea('bytes').notNull(),
  uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const instrumentTestCertificates = pgTable('instrument_test_certificates', {
  id: id(),
  instrumentId: uuid('instrument_id')
    .notNull()
    .unique()
    .references(() => instruments.id, { onDelete: 'cascade' }),
  /** The results typed at dispatch; null when staff uploaded the test record instead. */
  rateAccuracyPercent: doublePrecision('rate_accuracy_percent'),
  volumeDeliveredMl: doublePrecision('volume_delivered_ml'),
  /** The uploaded test record the test comes from, if any (one record per instrument). */
  testRecordId: uuid('test_record_id')
    .unique()
    .references(() => instrumentTestRecords.id, { onDelete: 'set null' }),
  /** The limits it was judged against: rate within ±this %, volume within ±this % of the nominal volume. */
  rateLimitPercent: doublePrecision('rate_limit_percent').notNull(),
  nominalVolumeMl: doublePrecision('nominal_volume_ml').notNull(),
  volumeLimitPercent: doublePrecision('volume_limit_percent').notNull(),
  passed: boolean('passed').notNull(),
  testedBy: text('tested_by').notNull(),
  testedOn: date('tested_on').notNull(),
  recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});
