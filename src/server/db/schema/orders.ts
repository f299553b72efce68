import type { LineNames } from '../../../shared/catalogue/option-translations';
import type { Language } from '../../../shared/i18n/languages';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { productBatches } from './catalogue';
import { bytea, createdAt, id, money, updatedAt } from './columns';
import { quotes } from './quotes';

import type { OrderStatus, PaymentStatus, PaymentTransactionType } from '../../../shared/orders/order-status';
import type { OrderKind } from '../../../shared/orders/order-kind';
import type { VatCheckStatus, VatRegistry } from '../../../shared/tax/vat-number-check';
import type { SupplyKind, VatTreatment } from '../../../shared/tax/line-vat';
import type { EInvoice } from '../../../shared/einvoice/einvoice-model';
import type { PaymentReminderStage } from '../../../shared/orders/payment-reminders';

export type { OrderStatus, PaymentStatus } from '../../../shared/orders/order-status';
export type OrderItemType =
  'base_configuration' | 'power_adaptor' | 'accessory' | 'adaptor' | 'syringe_holder' | 'shipping' | 'servicing';

export interface Address {
  street: string;
  city: string;
  state: string | null;
  postal_code: string;
  country: string;
  /** Who receives at this address (orders placed before the delivery block have none). */
  name?: string | null;
  company?: string | null;
  phone?: string | null;
}

export const orders = pgTable(
  'orders',
  {
    id: id(),
    orderNumber: text('order_number').notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    quoteId: uuid('quote_id').references(() => quotes.id, { onDelete: 'set null' }),
    /**
     * The kind of the quote it was made from (decision 0062): a 'repair' is paid in full, one invoice,
     * no batch. Orders placed before it read 'instrument' and keep the terms they were told.
     */
    kind: text('kind').$type<OrderKind>().notNull().default('instrument'),
    configuration: jsonb('configuration').$type<Record<string, unknown>>(),
    totalAmount: money('total_amount').notNull(),
    depositAmount: money('deposit_amount').notNull(),
    remainingAmount: money('remaining_amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<OrderStatus>().notNull().default('pending'),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull().default('pending'),
    paymentMethod: text('payment_method'),
    notes: text('notes'),
    internalNotes: text('internal_notes'),
    trackingNumber: text('tracking_number'),
    /** The carrier's id from the settings' carriers list (the shipping e-mail links its tracking page). */
    carrier: text('carrier'),
    /** Staff's message to the customer (shown on their order page); `notes` stays the buyer's checkout note. */
    customerMessage: text('customer_message'),
    invoiceNumber: text('invoice_number'),
    invoiceDueDate: date('invoice_due_date'),
    estimatedDeliveryDate: date('estimated_delivery_date'),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    billingAddress: jsonb('billing_address').$type<Address>(),
    shippingAddress: jsonb('shipping_address').$type<Address>(),
    /** The buyer's purchase-order number and VAT number (optional fields of the order form). */
    poNumber: text('po_number'),
    vatNumber: text('vat_number'),
    /**
     * The buyer's routing reference (a German public body's Leitweg-ID), asked in the order flow and
     * editable by staff: an XRechnung's buyer reference (BT-10), which it is refused without (issue 40).
     */
    buyerRoutingReference: text('buyer_routing_reference'),
    /**
     * A French public body's references for Chorus Pro (issue 52): its SIRET (the Factur-X buyer
     * identifier, scheme 0009), its service code (BT-10) and its engagement number (BT-13).
     */
    publicBuyerSiret: text('public_buyer_siret'),
    publicBuyerServiceCode: text('public_buyer_service_code'),
    publicBuyerEngagementNumber: text('public_buyer_engagement_number'),
    /** The buyer's EORI number (customs), asked for on a delivery outside the UK. */
    eoriNumber: text('eori_number'),
    /** The language of every document and customer e-mail of the order (issue 40); staff can change it. */
    language: text('language').$type<Language>().notNull().default('en'),
    /** The terms of sale the buyer accepted, and when. */
    termsVersion: text('terms_version'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    /** Stored when placed: the items' sum, the VAT and its rate (subtotal + VAT = total). Null on older orders. */
    subtotalAmount: money('subtotal_amount'),
    vatAmount: money('vat_amount'),
    vatRate: numeric('vat_rate', { precision: 5, scale: 2, mode: 'number' }),
    /**
     * The secret of a guest order's page link (/order-details/{id}?key=…): 256 random bits, URL-safe.
     * Only a guest order's e-mails carry it; an account's order needs its owner signed in.
     */
    accessKey: text('access_key'),
    /** A client-chosen key: the same key again returns the same order. */
    idempotencyKey: text('idempotency_key').unique(),
    /**
     * Kept under legal hold after its customer's erasure, until this day (7 years after the end of the
     * financial year of its last invoice or payment, src/shared/privacy/retention.ts); then purged.
     */
    legalHoldUntil: date('legal_hold_until'),
    /** When the retention job purged its personal fields (its amounts and lines stay for the figures). */
    personalDataPurgedAt: timestamp('personal_data_purged_at', { withTimezone: true }),
    /**
     * The batch row whose places this order holds, and how many (its quantity), once confirmed
     * (issue 26); null and 0 before confirmation and after cancellation releases them.
     */
    placesBatchId: uuid('places_batch_id').references(() => productBatches.id, { onDelete: 'set null' }),
    placesTaken: integer('places_taken').notNull().default(0),
    /**
     * The batch ship date the customer was last told by e-mail (a date change or a move, issue 38):
     * the "Before" of the next change. Null until told (the batch's change row then gives it).
     */
    shipDateTold: date('ship_date_told'),
    /**
     * A pending order holds its places from placement until this moment (issue 38: the batchHoldDays
     * setting); null once confirmed (held for good), cancelled, lapsed, or for an order that holds none.
     */
    placesHeldUntil: timestamp('places_held_until', { withTimezone: true }),
    /** Payment reminders are not sent for this order: why, when and by whom (null: they are). */
    remindersExcludedReason: text('reminders_excluded_reason'),
    remindersExcludedAt: timestamp('reminders_excluded_at', { withTimezone: true }),
    remindersExcludedBy: uuid('reminders_excluded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The admin lists: newest first, filtered by status or payment status (the e-mail and name
  // search indexes are expressions over the configuration: drizzle/ custom migration admin_indexes).
  (table) => [
    index('orders_user_id_idx').on(table.userId),
    index('orders_created_at_idx').on(table.createdAt),
    index('orders_status_created_at_idx').on(table.status, table.createdAt),
    index('orders_payment_status_created_at_idx').on(table.paymentStatus, table.createdAt),
    // A quote is ordered once: two orders from one quote cannot both be written, however they race.
    uniqueIndex('orders_quote_id_key').on(table.quoteId),
  ],
);

const orderId = () =>
  uuid('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' });

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: orderId(),
    itemType: text('item_type').$type<OrderItemType>().notNull(),
    itemId: text('item_id').notNull(),
    itemName: text('item_name').notNull(),
    /** Issue 53: the line's German and French names as the catalogue had them when ordered (null: English only). */
    itemNames: jsonb('item_names').$type<LineNames>(),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    totalPrice: money('total_price').notNull(),
    /**
     * The line's VAT as placed (src/shared/tax/line-vat.ts): goods or services, its treatment, rate in
     * percent and VAT (minor units, half-up on the line). Null on lines placed before issue 37: their
     * order's single vat_rate and vat_amount hold for the whole order.
     */
    supply: text('supply').$type<SupplyKind>(),
    vatTreatment: text('vat_treatment').$type<VatTreatment>(),
    vatRate: numeric('vat_rate', { precision: 5, scale: 2, mode: 'number' }),
    vatAmount: money('vat_amount'),
    createdAt: createdAt(),
  },
  (table) => [index('order_items_order_id_idx').on(table.orderId)],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: id(),
    orderId: orderId(),
    oldStatus: text('old_status'),
    newStatus: text('new_status').notNull(),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    notes: text('notes'),
    /** A staff comment on the timeline: never shown to the customer. */
    staffOnly: boolean('staff_only').notNull().default(false),
    createdAt: createdAt(),
    /** Insertion order: the timeline's tie-breaker for entries with the same created_at (one transaction's now()). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
  },
  (table) => [index('order_status_history_order_id_idx').on(table.orderId)],
);

export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: id(),
    orderId: orderId(),
    transactionType: text('transaction_type').$type<PaymentTransactionType>().notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    paymentMethod: text('payment_method'),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    stripeInvoiceId: text('stripe_invoice_id'),
    /** 'voided': a mis-keyed receipt taken back (issue 51): it counts nowhere, and keeps who, when and why. */
    status: text('status').$type<'completed' | 'refunded' | 'failed' | 'voided'>().notNull().default('completed'),
    /** The payer's reference (bank transfer reference, cheque number). */
    reference: text('reference'),
    /** The admin who recorded it (null for payments from the card processor). */
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundedBy: uuid('refunded_by').references(() => users.id, { onDelete: 'set null' }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /**
     * The invoice the money was received against (the receipt names it); null for payments recorded
     * before receipts were matched to invoices. Which invoice a sum covers is still the ledger's
     * allocation (order-ledger.ts), so an old payment and a new one count alike.
     */
    invoiceId: uuid('invoice_id'),
    /** Issue 51: the receipt on account this sum was allocated from (the bank line is that receipt's). */
    accountReceiptId: uuid('account_receipt_id').references(() => accountReceipts.id, { onDelete: 'restrict' }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: uuid('voided_by').references(() => users.id, { onDelete: 'set null' }),
    voidReason: text('void_reason'),
    createdAt: createdAt(),
  },
  (table) => [
    index('payment_transactions_order_id_idx').on(table.orderId),
    index('payment_transactions_account_receipt_id_idx').on(table.accountReceiptId),
    index('payment_transactions_invoice_id_idx').on(table.invoiceId),
  ],
);

export type InvoiceKind = 'deposit' | 'balance' | 'credit';

/**
 * Invoices and credit notes: numbered INV{YYYY}-{NNNNN} from the invoice_number_seq sequence in the
 * transaction that writes the row (custom migration invoice_number_sequence), never edited once
 * issued. A credit note is a negative invoice referencing the one it corrects. The PDF sent to the
 * customer is kept with its SHA-256 fingerprint. The order id is not a foreign key on purpose:
 * an invoice outlives a deleted order (its number is never reused).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    orderId: uuid('order_id').notNull(),
    orderNumber: text('order_number').notNull(),
    kind: text('kind').$type<InvoiceKind>().notNull(),
    number: text('number').notNull().unique(),
    /** Gross amount due (negative for a credit note) and its VAT share, in minor units. */
    amount: money('amount').notNull(),
    vatAmount: money('vat_amount').notNull(),
    /**
     * Money the customer already had with us when the invoice was issued (an overpaid deposit): the
     * invoice deducts it, so its amount due is amount less this. The amount itself stays the gross.
     */
    paidOnAccount: money('paid_on_account').notNull().default(0),
    currency: text('currency').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    dueDate: date('due_date').notNull(),
    /** The invoice a credit note corrects. */
    creditsInvoiceId: uuid('credits_invoice_id'),
    /** Why a credit note was issued (e.g. "Cancelled; 5% cancellation fee kept"). */
    reason: text('reason'),
    /**
     * On a credit note that cancels an order: the cancellation fee kept (gross, positive minor units),
     * named as a figure on the note and the order page. 0 for everything else.
     */
    cancellationFee: money('cancellation_fee').notNull().default(0),
    /**
     * The GBP equivalent at the tax point (the issue date) for a document in another currency: the
     * monthly rate used (units of the currency per £1, as HMRC publishes them), its month (YYYY-MM),
     * and the gross and VAT in pence. Null when no rate for that month was in the table at issue;
     * the register then converts with the table's rate for the month once staff enter it. A GBP
     * document has rate 1 and its own figures.
     */
    gbpRate: numeric('gbp_rate', { precision: 14, scale: 6, mode: 'number' }),
    gbpRateMonth: text('gbp_rate_month'),
    gbpAmount: money('gbp_amount'),
    gbpVatAmount: money('gbp_vat_amount'),
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
    pdf: bytea('pdf').notNull(),
    pdfSha256: text('pdf_sha256').notNull(),
    /**
     * The EN 16931 model of the invoice as issued (issue 40): the CII embedded in the PDF as
     * factur-x.xml and the XRechnung and Peppol UBL downloads are written from it, so they say what
     * the PDF says. Null on invoices issued before, drawn from the order when downloaded.
     */
    einvoice: jsonb('einvoice').$type<EInvoice>(),
    createdAt: createdAt(),
  },
  (table) => [
    index('invoices_order_id_idx').on(table.orderId),
    index('invoices_credits_invoice_id_idx').on(table.creditsInvoiceId),
    index('invoices_issued_at_idx').on(table.issuedAt),
  ],
);

/**
 * Money paid back to the customer, in part or whole, against a recorded payment (never edited). The
 * order's paid amount is its completed payments less these (order-ledger.ts).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    orderId: orderId(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => paymentTransactions.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    /** The day the money left (YYYY-MM-DD). */
    refundedOn: date('refunded_on').notNull(),
    method: text('method').notNull(),
    reference: text('reference'),
    reason: text('reason'),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('refunds_order_id_idx').on(table.orderId), index('refunds_payment_id_idx').on(table.paymentId)],
);

/** The stages of an overdue-payment reminder, relative to the invoice's due date. */
export type { PaymentReminderStage };

/**
 * Issue 51: money received that matches no invoice: on a customer's account (user_id), or
 * unidentified with only the bank reference (user_id null). Allocations are payment_transactions rows
 * naming it; what they do not take is unallocated. A voided one (mis-keyed) counts nowhere.
 */
export const accountReceipts = pgTable(
  'account_receipts',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    /** The day the money arrived (YYYY-MM-DD). */
    receivedOn: date('received_on').notNull(),
    method: text('method').notNull(),
    /** The bank statement's reference. */
    reference: text('reference'),
    note: text('note'),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: uuid('voided_by').references(() => users.id, { onDelete: 'set null' }),
    voidReason: text('void_reason'),
    /**
     * Issue 51: the customer was erased. The receipt is the shop's bank record, kept for the financial
     * hold like the payments; this tells it from an unidentified one once its user_id is gone.
     */
    customerErasedAt: timestamp('customer_erased_at', { withTimezone: true }),
    /** The retention job cleared its reference, note and void reason: past the financial hold. */
    personalDataPurgedAt: timestamp('personal_data_purged_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('account_receipts_user_id_idx').on(table.userId)],
);

/**
 * Issue 51: Finance's pause of payment reminders for one order or for every order of a customer,
 * with a reason, until a day (inclusive). Ended early: ended_at. The job sends nothing while one holds.
 */
export const reminderPauses = pgTable(
  'reminder_pauses',
  {
    id: id(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    /** The last day of the pause (YYYY-MM-DD): reminders go again the day after. */
    until: date('until').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedBy: uuid('ended_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('reminder_pauses_order_id_idx').on(table.orderId),
    index('reminder_pauses_user_id_idx').on(table.userId),
  ],
);

/**
 * Payment reminders sent, one row per invoice and stage: the unique pair is what makes each reminder
 * go once, whatever the number of processes or runs (billing/payment-reminders.ts).
 */
export const paymentReminders = pgTable(
  'payment_reminders',
  {
    id: id(),
    orderId: orderId(),
    invoiceId: uuid('invoice_id').notNull(),
    stage: text('stage').$type<PaymentReminderStage>().notNull(),
    /** What the invoice still asked when the reminder went (minor units, its currency). */
    outstanding: money('outstanding').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('payment_reminders_invoice_stage_key').on(table.invoiceId, table.stage),
    index('payment_reminders_order_id_idx').on(table.orderId),
  ],
);

/**
 * Monthly exchange rates for GBP equivalents: units of `currency` per £1 for a calendar month
 * (HMRC's monthly rates, imported or entered by staff). One rate per (month, currency).
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: id(),
    /** YYYY-MM. */
    month: text('month').notNull(),
    currency: text('currency').notNull(),
    rate: numeric('rate', { precision: 14, scale: 6, mode: 'number' }).notNull(),
    /** Where it came from: 'hmrc' (an imported HMRC file) or 'manual'. */
    source: text('source').notNull(),
    enteredBy: uuid('entered_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('exchange_rates_month_currency_key').on(table.month, table.currency)],
);

/**
 * The proof of export of an order delivered outside the UK (issue 37, HMRC VAT Notice 703): the zero
 * rate of its goods rests on it. Entered at dispatch (carrier, tracking number, dispatch day and the
 * export declaration's MRN where there is one) and completed at delivery (delivery day and the
 * carrier's proof-of-delivery reference). One per order (an order ships once). It is kept as long as
 * the order's invoices: the retention job deletes it with them when the order's legal hold ends.
 */
export const exportProofs = pgTable(
  'export_proofs',
  {
    id: id(),
    orderId: orderId(),
    /** The carrier's name as staff entered it (or the settings' carrier name at dispatch). */
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    dispatchDate: date('dispatch_date'),
    /** The export declaration's Movement Reference Number: 18 letters and digits; null where there is none. */
    exportMrn: text('export_mrn'),
    deliveryDate: date('delivery_date'),
    /** The carrier's proof-of-delivery reference (signature record, POD number). */
    proofReference: text('proof_reference'),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('export_proofs_order_id_key').on(table.orderId)],
);

/**
 * The registry checks of an order's VAT number (issue 37), kept with the order as the evidence for its
 * VAT treatment: VIES for EU and XI numbers, HMRC for GB ones. A row is one check: `pending` until the
 * background job asks the registry, then its answer; while the registry is unavailable or rate-limited
 * it is retried at `next_attempt_at` with back-off. "Check again" adds a new row, so earlier answers stay.
 */
export const vatNumberChecks = pgTable(
  'vat_number_checks',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The VAT prefix (EL for Greece, XI, GB) and the number without it, as sent to the registry. */
    countryCode: text('country_code').notNull(),
    vatNumber: text('vat_number').notNull(),
    registry: text('registry').$type<VatRegistry>().notNull(),
    status: text('status').$type<VatCheckStatus>().notNull().default('pending'),
    /** What the registry holds for the number (null where it does not say). */
    registeredName: text('registered_name'),
    registeredAddress: text('registered_address'),
    /** VIES's request identifier or HMRC's consultation number: the proof that this check was made. */
    consultationNumber: text('consultation_number'),
    /** When the registry last answered (its own date where it gives one). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** When the job tries next (null once answered, or given up on). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** The staff member who asked for the check ("Check again"); null for the check after placement. */
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Security issue 48, F9: the billing name (company, else the person) staff accepted against this
     * check's differing registered name, by whom and when; a different billing name needs it again.
     */
    nameAcceptedFor: text('name_accepted_for'),
    nameAcceptedBy: uuid('name_accepted_by').references(() => users.id, { onDelete: 'set null' }),
    nameAcceptedAt: timestamp('name_accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('vat_number_checks_order_id_idx').on(table.orderId, table.createdAt),
    index('vat_number_checks_next_attempt_at_idx').on(table.nextAttemptAt),
  ],
);

/**
 * Invoices and credit notes sent over the Peppol network through the configured access-point provider
 * (issue 40, src/server/peppol): the provider's transmission id and the status it last reported.
 */
export const peppolTransmissions = pgTable(
  'peppol_transmissions',
  {
    id: id(),
    invoiceId: uuid('invoice_id').notNull(),
    orderId: uuid('order_id').notNull(),
    /** The document sent: 'peppol' (BIS Billing 3.0) or 'xrechnung' UBL. */
    flavour: text('flavour').$type<'peppol' | 'xrechnung'>().notNull(),
    /** The provider's id of the transmission; null when the provider refused it. */
    transmissionId: text('transmission_id'),
    /** 'accepted', 'delivered', 'failed' or 'refused' as the provider reports it. */
    status: text('status').notNull(),
    /** The provider's reason for a refusal or failure. */
    detail: text('detail'),
    /**
     * Security issue 48, F8: the invoice's 1st, 2nd… send. A send claims its number before the provider
     * is asked (status 'sending' until it answers), so of concurrent sends one claims it and the rest
     * are refused; a next number is claimed only after a refusal or failure, or by a resend with a reason.
     */
    attempt: integer('attempt').notNull().default(1),
    /** Why staff sent the invoice again (a resend); null for a first send or a retry after a refusal. */
    resendReason: text('resend_reason'),
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('peppol_transmissions_invoice_id_idx').on(table.invoiceId),
    uniqueIndex('peppol_transmissions_invoice_attempt_key').on(table.invoiceId, table.attempt),
  ],
);
/**
 * Issue 39: the buyer's purchase-order document (a PDF, read by its bytes, at most 10 MB), one per
 * order: attached by the buyer at checkout or on the order page, or by staff for a PO that arrived by
 * e-mail; a new one replaces it. Served only to the order's owner (or a guest with its key) and staff.
 */
export const orderPoDocuments = pgTable('order_po_documents', {
  id: id(),
  orderId: uuid('order_id')
    .notNull()
    .unique()
    .references(() => orders.id, { onDelete: 'cascade' }),
  /** The file's name as uploaded, cleaned to letters, digits, dots, dashes and underscores. */
  filename: text('filename').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  bytes: bytea('bytes').notNull(),
  /** 'customer' (the buyer) or 'staff' (attached from the admin). */
  source: text('source').$type<'customer' | 'staff'>().notNull(),
  uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});
