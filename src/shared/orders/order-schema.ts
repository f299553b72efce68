import { lineNamesSchema } from '../catalogue/option-translations-schema';
import { TITLES } from '../accounts/title';
import { z } from 'zod';
import { messageValuesSchema } from '../i18n/message-values-schema';
import { poDocumentSchema } from './po-document';
import { LANGUAGES } from '../i18n/languages';
import { batchHistorySchema, orderBatchPanelSchema } from '../batches/batch-places';
import { batchShipSchema } from '../batches/batch-ship-schema';
import { instrumentSchema } from '../instruments/instrument-schemas';
import { orderStatuses, paymentStatuses, paymentTransactionTypes } from './order-status';
import { orderKinds } from './order-kind';
import { paymentReminderSentSchema, reminderPauseSchema, remindersExclusionSchema } from './payment-reminders';
import { exportPapersSchema } from './export-proof';

/**
 * The one shape of an order on the wire, per audience: the guest summary (anyone holding a guest
 * order's id), the owner's order (the customer, and the storefront's own calls), and the admin's
 * order (plus internal notes, the customer and who changed what). Routes answer with these schemas
 * and the browser's fetchers parse with them.
 */

export const orderStatusSchema = z.enum(orderStatuses);
export const paymentStatusSchema = z.enum(paymentStatuses);

export const addressSchema = z.object({
  street: z.string(),
  city: z.string(),
  state: z.string().nullable(),
  postal_code: z.string(),
  country: z.string(),
  /** Who receives at this address (orders placed before the delivery block have none). */
  name: z.string().nullable().optional(),
  company: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
});
export type OrderAddress = z.infer<typeof addressSchema>;

export const orderItemSchema = z.object({
  id: z.string(),
  itemType: z.string(),
  itemId: z.string(),
  itemName: z.string(),
  /** Issue 53: the line's German and French names as ordered (absent: English only). */
  itemNames: lineNamesSchema.optional(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  totalPrice: z.number().int(),
  /** The line's VAT as placed (issue 37); null on orders placed before, whose one rate covers every line. */
  supply: z.enum(['goods', 'services']).nullable().optional(),
  vatTreatment: z.enum(['standard', 'zero_rated_export', 'reverse_charge']).nullable().optional(),
  vatRate: z.number().nullable().optional(),
  vatAmount: z.number().int().nullable().optional(),
});

export const orderPaymentSchema = z.object({
  id: z.string(),
  transactionType: z.enum(paymentTransactionTypes),
  status: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  paymentMethod: z.string().nullable(),
  processedAt: z.string().nullable(),
  createdAt: z.string(),
});

export const orderHistoryEntrySchema = z.object({
  id: z.string(),
  oldStatus: z.string().nullable(),
  newStatus: z.string(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  /**
   * The customer's view only (issue 53): what `notes` says, by message id and values, for the page to say
   * in its language; `values.amount` is in minor units of the order's currency.
   */
  messageId: z.string().optional(),
  values: messageValuesSchema.optional(),
});

/** The e-invoices beside an invoice's or credit note's PDF (issue 40). */
export const einvoiceFormats = ['xrechnung', 'peppol', 'cii'] as const;
export type EInvoiceFormat = (typeof einvoiceFormats)[number];
export const einvoiceFormatLabels: Record<EInvoiceFormat, string> = {
  xrechnung: 'XRechnung (UBL)',
  peppol: 'Peppol UBL',
  cii: 'CII (Factur-X)',
};

/** A PDF of the order: its written confirmation, an invoice or a credit note (owner and admins only). */
export const orderDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum([
    'acknowledgement',
    'confirmation',
    'deposit',
    'balance',
    'credit',
    'commercial_invoice',
    // Issue 41: an instrument's papers; `number` is its serial number.
    'test_certificate',
    'declaration_of_conformity',
    'iq_oq_protocol',
  ]),
  number: z.string(),
  issuedAt: z.string(),
  url: z.string(),
  /** Invoices: the amount (negative for a credit note) and due date; null for the confirmation. */
  amount: z.number().int().nullable(),
  dueDate: z.string().nullable(),
  /** An invoice its credit notes have cancelled in full. */
  credited: z.boolean(),
  /** A credit note's reason, and the invoice it credits. */
  reason: z.string().nullable().optional(),
  creditsId: z.string().nullable().optional(),
  /** A credit note issued on cancellation: the cancellation fee it kept. */
  cancellationFee: z.number().int().nullable().optional(),
  /** An invoice's or credit note's e-invoices (XRechnung, Peppol UBL, CII), beside its PDF (issue 40). */
  einvoices: z.array(z.object({ format: z.enum(einvoiceFormats), url: z.string() })).optional(),
});
export type OrderDocument = z.infer<typeof orderDocumentSchema>;

/** The order's figures from its ledger (minor units): the same on every screen and in the CSV. */
export const orderLedgerSchema = z.object({
  /** Completed payments less refunds. */
  paid: z.number().int(),
  received: z.number().int(),
  refunded: z.number().int(),
  invoiced: z.number().int(),
  credited: z.number().int(),
  /** The total less credits; for a cancelled order, what was invoiced less credits. */
  owed: z.number().int(),
  outstanding: z.number().int(),
  refundDue: z.number().int(),
  /** The deposit invoices less their credits, and what is still to pay on them. */
  depositInvoiced: z.number().int(),
  depositOutstanding: z.number().int(),
  /** Money the customer has with us that no invoice has asked for yet (deducted by the next invoice). */
  creditHeld: z.number().int(),
  /** The cancellation fee the credit notes name as kept (terms §8). */
  cancellationFee: z.number().int(),
});
export type OrderLedgerFigures = z.infer<typeof orderLedgerSchema>;

/** What anyone holding a guest order's id may read: what the confirmation page needs. */
export const orderSummarySchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: orderStatusSchema,
  paymentStatus: paymentStatusSchema,
  createdAt: z.string(),
  totalAmount: z.number().int(),
  depositAmount: z.number().int(),
  currency: z.string(),
  /** The quote's kind it was made from (decision 0062): a repair is paid in full, without batch or balance. */
  kind: z.enum(orderKinds),
  /**
   * The production batch with the ship date the shop states today (`shipDate` null: "date to be
   * confirmed"); given by `GET /api/orders/{id}` and `POST /api/orders`.
   */
  batch: batchShipSchema.nullable().optional(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** The owner's order: no internal notes, no payment-processor ids. */
export const orderSchema = orderSummarySchema.extend({
  quoteId: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  remainingAmount: z.number().int(),
  ledger: orderLedgerSchema,
  trackingNumber: z.string().nullable(),
  carrier: z.string().nullable(),
  /** Staff's message to the customer; `notes` is the buyer's own checkout note. */
  customerMessage: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  invoiceDueDate: z.string().nullable(),
  estimatedDeliveryDate: z.string().nullable(),
  notes: z.string().nullable(),
  updatedAt: z.string(),
  configuration: z.record(z.string(), z.unknown()).nullable(),
  billingAddress: addressSchema.nullable(),
  shippingAddress: addressSchema.nullable(),
  poNumber: z.string().nullable(),
  /** The buyer's routing reference (a Leitweg-ID): an XRechnung's BT-10 (issue 40). */
  buyerRoutingReference: z.string().nullable().optional(),
  /** A French public body's Chorus Pro references (issue 52): its SIRET, service code and engagement number. */
  publicBuyer: z
    .object({ siret: z.string(), serviceCode: z.string().nullable(), engagementNumber: z.string().nullable() })
    .nullable()
    .optional(),
  /** Issue 39: the buyer's purchase-order PDF, when attached (its owner and staff download it). */
  poDocument: poDocumentSchema.nullable().optional(),
  vatNumber: z.string().nullable(),
  /** The buyer's EORI number (customs), given for a delivery outside the UK. */
  eoriNumber: z.string().nullable(),
  /** The language of the order's documents and customer e-mails (issue 40). */
  language: z.enum(LANGUAGES).optional(),
  termsVersion: z.string().nullable(),
  termsAcceptedAt: z.string().nullable(),
  /** Stored when the order is placed (null for older orders): items sum to subtotalAmount, plus vatAmount is totalAmount. */
  subtotalAmount: z.number().int().nullable(),
  vatAmount: z.number().int().nullable(),
  vatRate: z.number().nullable(),
  documents: z.array(orderDocumentSchema),
  /** The instruments the order shipped, with serial number, warranty end and next service (issue 26). */
  instruments: z.array(instrumentSchema).optional(),
  items: z.array(orderItemSchema),
  payments: z.array(orderPaymentSchema),
  statusHistory: z.array(orderHistoryEntrySchema),
  /** Moves to another batch and the batch's date changes (issue 26). */
  batchHistory: batchHistorySchema.optional(),
});
export type Order = z.infer<typeof orderSchema>;

const personSchema = z.object({ id: z.string(), email: z.string().nullable(), name: z.string().nullable() }).nullable();

/** The admin's order: everything, with the customer, the amounts paid and who made each change. */
export const adminOrderSchema = orderSchema.extend({
  internalNotes: z.string().nullable(),
  /** The quote the order came from (its admin page is /admin/quotes/{quoteNumber}). */
  quote: z.object({ id: z.string(), quoteNumber: z.string() }).nullable(),
  userId: z.string().nullable(),
  customer: z.object({
    name: z.string().nullable(),
    /** Issue 53: the customer's title ('mr', 'ms'), null for none; the admin shows it before the name. */
    title: z.enum(TITLES).nullable().optional(),
    email: z.string().nullable(),
    company: z.string().nullable(),
    phone: z.string().nullable(),
    country: z.string().nullable(),
    isGuest: z.boolean(),
  }),
  paidAmount: z.number().int(),
  outstandingAmount: z.number().int(),
  payments: z.array(
    orderPaymentSchema.extend({
      reference: z.string().nullable(),
      refundedAt: z.string().nullable(),
      recordedBy: personSchema,
      /** Issue 51: a mis-keyed receipt taken back: who, when and why (it counts nowhere). */
      voided: z.object({ at: z.string(), by: personSchema, reason: z.string() }).nullable().optional(),
      /** Allocated from a receipt on account (its void is the receipt's, in the register). */
      fromAccountReceipt: z.boolean().optional(),
    }),
  ),
  statusHistory: z.array(orderHistoryEntrySchema.extend({ changedBy: personSchema, staffOnly: z.boolean() })),
  refunds: z.array(
    z.object({
      id: z.string(),
      paymentId: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      refundedOn: z.string(),
      method: z.string(),
      reference: z.string().nullable(),
      reason: z.string().nullable(),
      recordedBy: personSchema,
    }),
  ),
  batchPanel: orderBatchPanelSchema.optional(),
  /** Payment reminders sent for the order's invoices, oldest first, and its exclusion from them (issue 36). */
  reminders: z.array(paymentReminderSentSchema).optional(),
  remindersExclusion: remindersExclusionSchema.nullable().optional(),
  /** Issue 51: Finance's pauses in force (the order's own and its customer's), soonest end first. */
  reminderPauses: z.array(reminderPauseSchema).optional(),
  /** An order delivered outside the UK: its commercial invoice and proof of export (issue 37); null for the UK. */
  exportPapers: exportPapersSchema.nullable().optional(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;
