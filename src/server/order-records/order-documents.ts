import type { Instrument } from '../../shared/instruments/instrument-schemas';
import { einvoiceFormats, type OrderDocument } from '../../shared/orders/order-schema';
import { invoices, type orders, type orderStatusHistory } from '../db/schema';
import { fullyCreditedIds } from './order-ledger';
import { COMMERCIAL_INVOICE_DOCUMENT_ID, hasCommercialInvoice } from '../customs/commercial-invoice';

type OrderRow = typeof orders.$inferSelect;
type HistoryRow = typeof orderStatusHistory.$inferSelect;

/** The invoice columns an order's read model needs (never the PDF itself). */
export const invoiceSummaryColumns = {
  id: invoices.id,
  orderId: invoices.orderId,
  kind: invoices.kind,
  number: invoices.number,
  amount: invoices.amount,
  vatAmount: invoices.vatAmount,
  currency: invoices.currency,
  issuedAt: invoices.issuedAt,
  dueDate: invoices.dueDate,
  creditsInvoiceId: invoices.creditsInvoiceId,
  reason: invoices.reason,
  cancellationFee: invoices.cancellationFee,
};
export interface InvoiceSummary {
  id: string;
  orderId: string;
  kind: 'deposit' | 'balance' | 'credit';
  number: string;
  amount: number;
  vatAmount: number;
  currency: string;
  issuedAt: Date;
  dueDate: string;
  creditsInvoiceId: string | null;
  reason: string | null;
  /** A credit note issued on cancellation: the fee kept (0 otherwise). */
  cancellationFee: number;
}

export const CONFIRMATION_DOCUMENT_ID = 'confirmation';
/** The order acknowledgement, drawn at placement and downloadable from then on (issue 23). */
export const ACKNOWLEDGEMENT_DOCUMENT_ID = 'acknowledgement';
const confirmedStatuses = new Set(['confirmed', 'processing', 'shipped', 'delivered']);

/**
 * When the order was confirmed: its history's latest move into confirmed (from another status), if it
 * has reached it. A payment, a reminder or a staff note is recorded on the timeline with the status
 * unchanged (confirmed → confirmed): none of them moves the date (issue 51), so the confirmation prints
 * the same day forever. A cancelled order that was confirmed keeps its confirmation (the contract it cancels).
 */
export function confirmedAt(order: OrderRow, history: HistoryRow[]): Date | null {
  const moves = history.filter((entry) => entry.newStatus === 'confirmed' && entry.oldStatus !== 'confirmed');
  if (order.status === 'cancelled') return moves.at(-1)?.createdAt ?? null;
  if (!confirmedStatuses.has(order.status)) return null;
  // An order with no recorded move (made confirmed outright): its first entry at confirmed, else its creation.
  return (
    moves.at(-1)?.createdAt ?? history.find((entry) => entry.newStatus === 'confirmed')?.createdAt ?? order.createdAt
  );
}

export const documentUrl = (orderId: string, documentId: string) => `/api/orders/${orderId}/documents/${documentId}`;

/** An invoice's or credit note's e-invoice downloads (issue 40), beside its PDF. */
export const einvoiceLinks = (orderId: string, documentId: string) =>
  einvoiceFormats.map((format) => ({ format, url: `${documentUrl(orderId, documentId)}/einvoice/${format}` }));

/**
 * The order's documents: its acknowledgement, its written confirmation once confirmed, then each
 * invoice and credit note, and, for goods delivered outside the UK once shipped, the commercial invoice
 * (drawn when downloaded; listed under the day it was shipped), then each instrument's papers.
 */
export function documentsOf(
  order: OrderRow,
  history: HistoryRow[],
  issued: InvoiceSummary[],
  /** Issue 41: the order's instruments, whose papers (certificate, declaration, IQ/OQ) follow its documents. */
  instruments: Instrument[] = [],
): OrderDocument[] {
  const documents: OrderDocument[] = [
    {
      id: ACKNOWLEDGEMENT_DOCUMENT_ID,
      kind: 'acknowledgement',
      number: order.orderNumber,
      issuedAt: order.createdAt.toISOString(),
      url: documentUrl(order.id, ACKNOWLEDGEMENT_DOCUMENT_ID),
      amount: null,
      dueDate: null,
      credited: false,
    },
  ];
  const confirmed = confirmedAt(order, history);
  if (confirmed) {
    documents.push({
      id: CONFIRMATION_DOCUMENT_ID,
      kind: 'confirmation',
      number: order.orderNumber,
      issuedAt: confirmed.toISOString(),
      url: documentUrl(order.id, CONFIRMATION_DOCUMENT_ID),
      amount: null,
      dueDate: null,
      credited: false,
    });
  }
  const creditedIds = fullyCreditedIds(issued);
  for (const invoice of issued) {
    documents.push({
      id: invoice.id,
      kind: invoice.kind,
      number: invoice.number,
      issuedAt: invoice.issuedAt.toISOString(),
      url: documentUrl(order.id, invoice.id),
      amount: invoice.amount,
      dueDate: invoice.dueDate,
      credited: creditedIds.has(invoice.id),
      reason: invoice.reason,
      creditsId: invoice.creditsInvoiceId,
      cancellationFee: invoice.kind === 'credit' && invoice.cancellationFee > 0 ? invoice.cancellationFee : null,
      einvoices: einvoiceLinks(order.id, invoice.id),
    });
  }
  if (hasCommercialInvoice(order, 'customer')) {
    const shipped = history.filter((entry) => entry.newStatus === 'shipped').at(-1)?.createdAt ?? order.updatedAt;
    const latest = issued.filter((invoice) => invoice.kind !== 'credit').at(-1);
    documents.push({
      id: COMMERCIAL_INVOICE_DOCUMENT_ID,
      kind: 'commercial_invoice',
      number: latest?.number ?? order.orderNumber,
      issuedAt: shipped.toISOString(),
      url: documentUrl(order.id, COMMERCIAL_INVOICE_DOCUMENT_ID),
      amount: null,
      dueDate: null,
      credited: false,
    });
  }
  for (const instrument of instruments)
    for (const paper of instrument.papers ?? [])
      documents.push({
        id: paper.id,
        kind: paper.kind,
        number: instrument.serialNumber,
        issuedAt: paper.issuedAt,
        url: paper.url,
        amount: null,
        dueDate: null,
        credited: false,
      });
  return documents;
}
