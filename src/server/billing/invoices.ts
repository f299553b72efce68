import { translator } from '../../shared/i18n/translator';
import { recipientLanguage } from '../accounts/recipient-language';
import { createHash } from 'node:crypto';
import { parseInstrumentPaperId } from '../../shared/instruments/instrument-papers';
import { instrumentPaperPdf } from '../instruments/instrument-papers';
import { and, eq, sql } from 'drizzle-orm';
import { orderMessages } from '../../shared/orders/order-admin-contracts';
import {
  type ConfirmationContext,
  acknowledgementDocument,
  confirmationDocument,
  type DocumentOrder,
  invoiceDocument,
  type SterlingVat,
} from '../../shared/documents/order-documents';
import { formatUkMonth } from '../../shared/dates';
import { taxPointMonth } from '../../shared/orders/gbp-figures';
import { einvoiceOf } from '../../shared/einvoice/einvoice-model';
import { formatMoney } from '../../shared/money';
import { balanceInvoiceVat, creditVat, depositInvoiceVat } from '../../shared/orders/invoice-vat';
import { lifecycleMessages, orderActions } from '../../shared/orders/lifecycle';
import type { Invoice } from '../../shared/orders/invoice-schema';
import { type Db, queryRows } from '../db/client';
import { invoices, orders, quotes } from '../db/schema';
import { conflict, notFound } from '../http/http-error';
import { enqueueMails, pdfAttachment } from '../mail/outbox';
import { invoiceMails } from './einvoice-mail';
import { configurationFacts, documentFacts } from '../terms/terms-service';
import { renderDocumentPdf } from '../documents/document-pdf';
import { lockOrder, orderRecipient } from '../order-records/order-admin-context';
import { gbpAtTaxPoint } from './gbp-at-tax-point';
import {
  COMMERCIAL_INVOICE_DOCUMENT_ID,
  commercialInvoiceFilename,
  hasCommercialInvoice,
  renderCommercialInvoicePdf,
} from '../customs/commercial-invoice';
import { cancellationFeeOf, fullyCreditedIds, latestLiveInvoice, loadOrderLedger } from '../order-records/order-ledger';
import { cancellationFeePercent } from '../../shared/terms';
import { paysInFull } from '../../shared/orders/order-kind';
import { ACKNOWLEDGEMENT_DOCUMENT_ID, CONFIRMATION_DOCUMENT_ID, confirmedAt } from '../order-records/order-documents';
import { loadOrderModel, modelLedger, storedCustomerInfo, toOwnerOrder } from '../order-records/order-read-model';
import { footer, greeting } from '../order-records/order-status-mail';
import { localTerms } from '../../shared/documents/document-language';
import { vatNumberInvoiceRefusal } from './vat-number-evidence';
import { documentFilename } from '../../shared/documents/document-filename';

type OrderRow = typeof orders.$inferSelect;
type InvoiceRow = typeof invoices.$inferSelect;

export const INVOICE_DUE_DAYS = 14;

export const invoiceMessages = {
  exists: 'An invoice of this kind was already issued for this order. Credit it first to issue another.',
  depositUnpaid: 'The balance invoice can be issued once the deposit is paid.',
  /** Decision 0062: a repair's first invoice asks for its whole total. */
  noBalanceForRepair: 'A repair is paid in full on one invoice: it has no balance invoice.',
  notFound: 'Invoice not found',
  alreadyCredited: 'This invoice has already been credited.',
  creditOfCredit: 'A credit note cannot be credited.',
  creditTooMuch: 'The credit is more than what is left of this invoice.',
  cancellationFeeDepositOnly: 'The cancellation fee is kept of a deposit invoice only.',
  noCancellationFee:
    'A repair order keeps no cancellation fee: cancelled before the repair starts, it is refunded in full.',
  cancellationFeeCredit: (credit: string) => `Keeping the cancellation fee, the credit is ${credit}.`,
  /** Issue 51: a VAT invoice in another currency states its UK VAT in sterling at HMRC's rate for its month. */
  rateMissing: (currency: string, month: string) =>
    `HMRC's ${currency} rate for ${month} is not entered yet. This document charges UK VAT, which it must state in sterling at that month's rate: enter the rate under Exchange rates, then issue it.`,
} as const;

/**
 * Issue 51 (VAT Notice 700, 16.3): a VAT invoice or credit note in another currency that charges UK
 * VAT states the VAT in sterling and the rate used, HMRC's monthly rate for its tax point's month: the
 * same GBP columns the register stores. Refused (409 `exchange_rate_missing`) while that month's rate
 * is not entered, before a number is taken. Null for a pound document or one charging no VAT.
 */
async function gbpOfDocument(
  tx: Db,
  document: { currency: string; amount: number; vatAmount: number; issuedAt: Date },
): Promise<{ columns: Awaited<ReturnType<typeof gbpAtTaxPoint>>; sterlingVat: SterlingVat | null }> {
  const columns = await gbpAtTaxPoint(tx, document);
  if (document.currency === 'GBP' || document.vatAmount === 0) return { columns, sterlingVat: null };
  if (columns.gbpRate === null || columns.gbpRateMonth === null || columns.gbpVatAmount === null) {
    const month = taxPointMonth(document.issuedAt);
    throw conflict(invoiceMessages.rateMissing(document.currency, formatUkMonth(`${month}-01`)), {
      code: 'exchange_rate_missing',
    });
  }
  return {
    columns,
    sterlingVat: { pence: columns.gbpVatAmount, rate: columns.gbpRate, month: columns.gbpRateMonth },
  };
}

const addDays = (date: Date, days: number) =>
  new Date(date.getTime() + days * 24 * 3600 * 1000).toISOString().slice(0, 10);

/** The order as its documents read it (the owner's view, with the e-mail stored with the order). */
export async function documentOrder(
  db: Db,
  row: OrderRow,
): Promise<{ order: DocumentOrder; model: Awaited<ReturnType<typeof loadOrderModel>> }> {
  const model = await loadOrderModel(db, row);
  const owner = toOwnerOrder(model);
  // Issue 39: every invoice and credit note quotes the quote the order was made from.
  const [quote] = row.quoteId
    ? await db.select({ quoteNumber: quotes.quoteNumber }).from(quotes).where(eq(quotes.id, row.quoteId))
    : [];
  return {
    order: {
      ...owner,
      customerEmail: storedCustomerInfo(row.configuration ?? null).email,
      quoteNumber: quote?.quoteNumber ?? null,
    },
    model,
  };
}

/** The written confirmation's facts: when, the deposit's due date and the batch with its ship date. */
async function confirmationContext(
  db: Db,
  row: OrderRow,
  model: Awaited<ReturnType<typeof loadOrderModel>>,
  now: Date,
  publicUrl: string,
): Promise<ConfirmationContext> {
  const when = confirmedAt(row, model.history) ?? now;
  const deposit = model.invoices.find((invoice) => invoice.kind === 'deposit');
  const facts = await documentFacts(db, publicUrl);
  return {
    ...facts,
    ...(await configurationFacts(db, facts.terms, row.configuration, now)),
    confirmedAt: when,
    depositDueDate: deposit?.dueDate ?? addDays(when, INVOICE_DUE_DAYS),
  };
}

/** The written order confirmation as a PDF (drawn from the order as it stands). */
export async function renderConfirmationPdf(db: Db, row: OrderRow, now: Date, publicUrl: string): Promise<Buffer> {
  const { order, model } = await documentOrder(db, row);
  return renderDocumentPdf(confirmationDocument(order, await confirmationContext(db, row, model, now, publicUrl)));
}

/** The order acknowledgement as a PDF: the order as placed, the account for its currency, binding only on confirmation. */
export async function renderAcknowledgementPdf(db: Db, row: OrderRow, now: Date, publicUrl: string): Promise<Buffer> {
  const { order } = await documentOrder(db, row);
  const facts = await documentFacts(db, publicUrl);
  return renderDocumentPdf(
    acknowledgementDocument(order, {
      ...facts,
      ...(await configurationFacts(db, facts.terms, row.configuration, now)),
    }),
  );
}

/** The e-mail carrying the written confirmation as a PDF, queued when an admin confirms the order. */
export async function confirmationAttachment(db: Db, row: OrderRow, now: Date, publicUrl: string) {
  return pdfAttachment(
    documentFilename('confirmation', recipientLanguage(row), { orderNumber: row.orderNumber }),
    await renderConfirmationPdf(db, row, now, publicUrl),
  );
}

/** The order's latest live invoice on the order row (its number and due date), or none, and the ledger's payment status. */
async function syncOrderInvoice(tx: Db, row: OrderRow, now: Date) {
  const latest = latestLiveInvoice(await tx.select().from(invoices).where(eq(invoices.orderId, row.id)));
  const ledger = await loadOrderLedger(tx, row);
  await tx
    .update(orders)
    .set({
      invoiceNumber: latest?.number ?? null,
      invoiceDueDate: latest?.dueDate ?? null,
      paymentStatus: ledger.paymentStatus,
      updatedAt: now,
    })
    .where(eq(orders.id, row.id));
}

async function nextInvoiceNumber(tx: Db, now: Date): Promise<string> {
  const [row] = await queryRows<{ n: string | number }>(tx, sql`select nextval('invoice_number_seq') as n`);
  if (!row) throw new Error('Failed to number the invoice');
  return `INV${now.getUTCFullYear()}-${String(row.n).padStart(5, '0')}`;
}

/** Credit notes have their own series, CN{YYYY}-{NNNNN} (sequence credit_note_number_seq). */
async function nextCreditNoteNumber(tx: Db, now: Date): Promise<string> {
  const [row] = await queryRows<{ n: string | number }>(tx, sql`select nextval('credit_note_number_seq') as n`);
  if (!row) throw new Error('Failed to number the credit note');
  return `CN${now.getUTCFullYear()}-${String(row.n).padStart(5, '0')}`;
}

/** The invoice or credit note as the admin's answer shows it. */
export const toInvoice = (row: InvoiceRow): Invoice => ({
  id: row.id,
  number: row.number,
  kind: row.kind,
  amount: row.amount,
  vatAmount: row.vatAmount,
  paidOnAccount: row.paidOnAccount,
  amountDue: row.amount - row.paidOnAccount,
  currency: row.currency,
  issuedAt: row.issuedAt.toISOString(),
  dueDate: row.dueDate,
  creditsInvoiceId: row.creditsInvoiceId,
});

const auditedInvoice = (row: InvoiceRow) => ({
  ...toInvoice(row),
  orderId: row.orderId,
  orderNumber: row.orderNumber,
  pdfSha256: row.pdfSha256,
});

export interface IssueInvoiceInput {
  orderId: string;
  kind: 'deposit' | 'balance';
  /** Staff confirmed invoicing although the VAT number the reverse charge rests on is unconfirmed or invalid. */
  acknowledgeVatNumber?: boolean;
  adminId: string;
  now: Date;
  publicUrl: string;
}

/**
 * Issues a deposit or balance invoice inside the caller's transaction: the order row is locked, the
 * number comes from the sequence, the PDF is rendered, stored with its fingerprint and e-mailed to the
 * customer, and the order shows it as its latest invoice. 409 for a second live invoice of a kind,
 * a balance invoice before the deposit is paid, or an order whose reverse charge rests on an
 * unconfirmed VAT number unless staff confirm it (`vat_number_unconfirmed`).
 */
export async function issueInvoice(tx: Db, input: IssueInvoiceInput) {
  const row = await lockOrder(tx, orders, input.orderId);
  if (!row) throw notFound(orderMessages.orderNotFound);
  if (!orderActions({ status: row.status, outstanding: 0, currency: row.currency }).issueInvoice)
    throw conflict(lifecycleMessages.cancelledNoInvoice, { code: 'order_cancelled' });
  await vatNumberInvoiceRefusal(tx, row, input.acknowledgeVatNumber === true);
  const { order, model } = await documentOrder(tx, row);
  const credited = fullyCreditedIds(model.invoices);
  const live = model.invoices.filter((invoice) => invoice.kind !== 'credit' && !credited.has(invoice.id));
  if (live.some((invoice) => invoice.kind === input.kind))
    throw conflict(invoiceMessages.exists, { code: 'invoice_exists' });
  if (input.kind === 'balance' && paysInFull(row))
    throw conflict(invoiceMessages.noBalanceForRepair, { code: 'paid_in_full_order' });
  const ledger = modelLedger(model);
  if (input.kind === 'balance' && ledger.paid < row.depositAmount)
    throw conflict(invoiceMessages.depositUnpaid, { code: 'deposit_not_paid' });

  const amount = input.kind === 'deposit' ? row.depositAmount : row.totalAmount - row.depositAmount;
  // The balance invoice takes the rounding: deposit VAT + balance VAT is the order's VAT exactly.
  const depositInvoice = live.find((invoice) => invoice.kind === 'deposit');
  const vatAmount =
    input.kind === 'deposit'
      ? depositInvoiceVat(row)
      : balanceInvoiceVat(row, depositInvoice ? depositInvoice.vatAmount : depositInvoiceVat(row));
  // Money received beyond what the deposit asked (an overpaid deposit) is the customer's on account:
  // the balance invoice deducts it, never more than its own amount, so nothing asks for it again.
  const depositAsked = model.invoices.some((invoice) => invoice.kind === 'deposit')
    ? ledger.depositInvoiced
    : row.depositAmount;
  const paidOnAccount = input.kind === 'balance' ? Math.min(Math.max(ledger.paid - depositAsked, 0), amount) : 0;
  const gbp = await gbpOfDocument(tx, { currency: row.currency, amount, vatAmount, issuedAt: input.now });
  const number = await nextInvoiceNumber(tx, input.now);
  const dueDate = addDays(input.now, INVOICE_DUE_DAYS);
  const facts = await documentFacts(tx, input.publicUrl);
  // The balance invoice deducts what was invoiced in advance: the live deposit invoice, else the agreed deposit.
  const advance =
    input.kind === 'balance'
      ? depositInvoice
        ? { number: depositInvoice.number, amount: depositInvoice.amount, vatAmount: depositInvoice.vatAmount }
        : { number: null, amount: row.depositAmount, vatAmount: depositInvoiceVat(row) }
      : null;
  const invoiceFacts = {
    kind: input.kind,
    number,
    amount,
    vatAmount,
    issuedAt: input.now,
    dueDate,
    paidOnAccount,
    advance,
    sterlingVat: gbp.sterlingVat,
  };
  // Issue 40: the EN 16931 model of the invoice, stored with it, embedded in its PDF (Factur-X).
  const einvoice = einvoiceOf(order, invoiceFacts, facts, {
    buyerRoutingReference: row.buyerRoutingReference,
    preceding:
      input.kind === 'balance' && depositInvoice
        ? { number: depositInvoice.number, issuedAt: depositInvoice.issuedAt }
        : null,
  });
  const pdf = await renderDocumentPdf(invoiceDocument(order, invoiceFacts, facts), { einvoice });
  const [invoice] = await tx
    .insert(invoices)
    .values({
      orderId: row.id,
      orderNumber: row.orderNumber,
      kind: input.kind,
      number,
      amount,
      vatAmount,
      paidOnAccount,
      currency: row.currency,
      issuedAt: input.now,
      dueDate,
      ...gbp.columns,
      issuedBy: input.adminId,
      pdf,
      pdfSha256: createHash('sha256').update(pdf).digest('hex'),
      einvoice,
      createdAt: input.now,
    })
    .returning();
  if (!invoice) throw new Error('Issuing the invoice failed');
  await syncOrderInvoice(tx, row, input.now);
  const recipient = await orderRecipient(tx, row, input.publicUrl);
  if (recipient) {
    const tr = translator(recipientLanguage(row));
    const values = {
      number,
      order: row.orderNumber,
      amount: tr.money(amount - paidOnAccount, row.currency),
      onAccount: tr.money(paidOnAccount, row.currency),
      date: tr.date(dueDate),
    };
    // A repair's one invoice asks for payment in full (decision 0062).
    const what = input.kind === 'balance' ? 'balance' : paysInFull(row) ? 'fullPayment' : 'deposit';
    // The organisation's accounts payable receive it too (decision 0068).
    await enqueueMails(
      tx,
      await invoiceMails(tx, {
        ownerId: row.userId,
        einvoice,
        routing: row.buyerRoutingReference,
        tr,
        mail: {
          kind: `invoice_${input.kind}`,
          language: tr.language,
          to: recipient.to,
          subject: tr.t('mail.invoice.subject', values),
          text: [
            greeting(recipient, tr),
            '',
            tr.t(`mail.invoice.${what}${paidOnAccount > 0 ? 'OnAccount' : ''}`, values),
            tr.t('mail.invoice.reference', values),
            '',
            tr.t('mail.yourOrder', { url: recipient.orderUrl }),
            '',
            localTerms(tr).currency(row.currency),
            '',
            ...footer(facts, row, tr),
          ].join('\n'),
          attachments: [pdfAttachment(`${number}.pdf`, pdf)],
        },
      }),
    );
  }
  return { invoice, after: auditedInvoice(invoice) };
}

/**
 * Credits an invoice, in part (`amount`) or in whole, with a credit note: a negative invoice naming
 * it, numbered CN{YYYY}-{NNNNN}, with its reason (e.g. "Cancelled; 5% cancellation fee kept"). The
 * original is never changed; its credit notes never add up to more than it. A cancelled order's deposit
 * invoice credited less the terms' cancellation fee (`keepCancellationFee`, or an amount that is exactly
 * the remainder less the fee) records the fee on the credit note (`cancellation_fee`) and its PDF names it.
 */
export async function creditInvoice(
  tx: Db,
  input: {
    invoiceId: string;
    /** Minor units, positive; the invoice's remainder when null. */
    amount?: number | null;
    reason?: string | null;
    /** Credit less the terms' cancellation fee (a deposit invoice only). */
    keepCancellationFee?: boolean;
    adminId: string;
    now: Date;
    publicUrl: string;
  },
) {
  const [original] = await tx.select().from(invoices).where(eq(invoices.id, input.invoiceId));
  if (!original) throw notFound(invoiceMessages.notFound);
  const row = await lockOrder(tx, orders, original.orderId);
  if (!row) throw notFound(orderMessages.orderNotFound);
  if (original.kind === 'credit') throw conflict(invoiceMessages.creditOfCredit, { code: 'credit_of_credit' });
  const earlier = await tx
    .select({ amount: invoices.amount, vatAmount: invoices.vatAmount })
    .from(invoices)
    .where(and(eq(invoices.creditsInvoiceId, original.id)));
  const already = {
    amount: -earlier.reduce((sum, credit) => sum + credit.amount, 0),
    vatAmount: -earlier.reduce((sum, credit) => sum + credit.vatAmount, 0),
  };
  const left = original.amount - already.amount;
  if (left <= 0) throw conflict(invoiceMessages.alreadyCredited, { code: 'already_credited' });
  // The order's terms' fee: the sale keeps 5% of the deposit, a repair nothing (terms.ts cancellationFeePercent).
  const feeKept = cancellationFeeOf(row, left);
  if (input.keepCancellationFee && cancellationFeePercent(row) === 0)
    throw conflict(invoiceMessages.noCancellationFee, { code: 'no_cancellation_fee' });
  if (input.keepCancellationFee && (original.kind !== 'deposit' || feeKept <= 0 || feeKept >= left))
    throw conflict(invoiceMessages.cancellationFeeDepositOnly, { code: 'cancellation_fee_deposit_only' });
  if (input.keepCancellationFee && input.amount != null && input.amount !== left - feeKept) {
    const message = invoiceMessages.cancellationFeeCredit(
      formatMoney(left - feeKept, original.currency, { decimals: 2 }),
    );
    throw conflict(message, { code: 'cancellation_fee_mismatch', fields: { amount: message } });
  }
  const credit = input.amount ?? (input.keepCancellationFee ? left - feeKept : left);
  const cancellationFee =
    original.kind === 'deposit' &&
    feeKept > 0 &&
    credit === left - feeKept &&
    (input.keepCancellationFee || row.status === 'cancelled')
      ? feeKept
      : 0;
  if (credit > left)
    throw conflict(invoiceMessages.creditTooMuch, {
      code: 'credit_too_much',
      fields: { amount: invoiceMessages.creditTooMuch },
    });
  const { order } = await documentOrder(tx, row);
  const creditedVat = -creditVat(original, already, credit);
  const gbp = await gbpOfDocument(tx, {
    currency: original.currency,
    amount: -credit,
    vatAmount: creditedVat,
    issuedAt: input.now,
  });
  const number = await nextCreditNoteNumber(tx, input.now);
  const issuedOn = input.now.toISOString().slice(0, 10);
  const facts = {
    kind: 'credit' as const,
    number,
    amount: -credit,
    vatAmount: creditedVat,
    sterlingVat: gbp.sterlingVat,
    issuedAt: input.now,
    dueDate: issuedOn,
    creditsNumber: original.number,
    reason: input.reason ?? null,
    cancellationFee: cancellationFee > 0 ? { amount: cancellationFee, percent: cancellationFeePercent(row) } : null,
  };
  const documentFactsNow = await documentFacts(tx, input.publicUrl);
  const einvoice = einvoiceOf(order, facts, documentFactsNow, {
    buyerRoutingReference: row.buyerRoutingReference,
    preceding: { number: original.number, issuedAt: original.issuedAt },
  });
  const pdf = await renderDocumentPdf(invoiceDocument(order, facts, documentFactsNow), { einvoice });
  const [note] = await tx
    .insert(invoices)
    .values({
      orderId: row.id,
      orderNumber: row.orderNumber,
      kind: 'credit',
      number,
      amount: facts.amount,
      vatAmount: facts.vatAmount,
      currency: original.currency,
      issuedAt: input.now,
      dueDate: issuedOn,
      creditsInvoiceId: original.id,
      reason: input.reason ?? null,
      ...gbp.columns,
      cancellationFee,
      issuedBy: input.adminId,
      pdf,
      pdfSha256: createHash('sha256').update(pdf).digest('hex'),
      einvoice,
      createdAt: input.now,
    })
    .returning();
  if (!note) throw new Error('Issuing the credit note failed');
  await syncOrderInvoice(tx, row, input.now);
  const recipient = await orderRecipient(tx, row, input.publicUrl);
  if (recipient) {
    const tr = translator(recipientLanguage(row));
    const values = {
      number,
      invoice: original.number,
      order: row.orderNumber,
      amount: tr.money(credit, original.currency),
    };
    await enqueueMails(
      tx,
      await invoiceMails(tx, {
        ownerId: row.userId,
        einvoice,
        routing: row.buyerRoutingReference,
        tr,
        mail: {
          kind: 'invoice_credit',
          language: tr.language,
          to: recipient.to,
          subject: tr.t('mail.credit.subject', values),
          text: [
            greeting(recipient, tr),
            '',
            tr.t(credit === original.amount ? 'mail.credit.cancels' : 'mail.credit.part', values),
            // The staff's reason as they wrote it, never translated.
            ...(input.reason ? [tr.t('doc.creditNote.reason', { reason: input.reason })] : []),
            '',
            tr.t('mail.yourOrder', { url: recipient.orderUrl }),
            '',
            documentFactsNow.profile.legalName,
          ].join('\n'),
          attachments: [pdfAttachment(`${number}.pdf`, pdf)],
        },
      }),
    );
  }
  return {
    invoice: note,
    before: auditedInvoice(original),
    after: { ...auditedInvoice(note), reason: note.reason, cancellationFee: note.cancellationFee },
  };
}

/**
 * A document's PDF for GET …/documents/{id}: the confirmation (drawn now, so without a fingerprint)
 * or a stored invoice with its SHA-256; null when it does not exist.
 */
export async function documentPdf(
  db: Db,
  row: OrderRow,
  documentId: string,
  now: Date,
  publicUrl: string,
  /** Staff may print the commercial invoice from confirmation; the customer once the goods are shipped. */
  audience: 'staff' | 'customer' = 'customer',
): Promise<{ filename: string; pdf: Buffer; pdfSha256: string | null } | null> {
  if (documentId === ACKNOWLEDGEMENT_DOCUMENT_ID) {
    return {
      filename: documentFilename('acknowledgement', recipientLanguage(row), { orderNumber: row.orderNumber }),
      pdf: await renderAcknowledgementPdf(db, row, now, publicUrl),
      pdfSha256: null,
    };
  }
  if (documentId === CONFIRMATION_DOCUMENT_ID) {
    const model = await loadOrderModel(db, row);
    if (!confirmedAt(row, model.history)) return null;
    return {
      filename: documentFilename('confirmation', recipientLanguage(row), { orderNumber: row.orderNumber }),
      pdf: await renderConfirmationPdf(db, row, now, publicUrl),
      pdfSha256: null,
    };
  }
  if (documentId === COMMERCIAL_INVOICE_DOCUMENT_ID) {
    if (!hasCommercialInvoice(row, audience)) return null;
    const { order } = await documentOrder(db, row);
    return {
      filename: commercialInvoiceFilename(row),
      pdf: await renderCommercialInvoicePdf(db, row, order, now),
      pdfSha256: null,
    };
  }
  // Issue 41: an instrument's papers (test certificate, declaration of conformity, IQ/OQ protocol).
  const paper = parseInstrumentPaperId(documentId);
  if (paper) return instrumentPaperPdf(db, row, paper);
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(documentId)) return null;
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, documentId), eq(invoices.orderId, row.id)));
  return invoice ? { filename: `${invoice.number}.pdf`, pdf: invoice.pdf, pdfSha256: invoice.pdfSha256 } : null;
}
