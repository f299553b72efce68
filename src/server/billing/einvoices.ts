import { and, eq } from 'drizzle-orm';
import type { InvoiceFacts } from '../../shared/documents/order-documents';
import { toCii } from '../../shared/einvoice/cii';
import { type EInvoice, einvoiceOf } from '../../shared/einvoice/einvoice-model';
import { einvoiceFilename, withRoutingReference } from './einvoice-mail';
import { toUbl } from '../../shared/einvoice/ubl';
import type { EInvoiceFormat } from '../../shared/orders/order-schema';
import { CANCELLATION_FEE_PERCENT } from '../../shared/terms';
import type { Db } from '../db/client';
import { invoices, orders } from '../db/schema';
import { conflict, notFound } from '../http/http-error';
import { orderMessages } from '../../shared/orders/order-admin-contracts';
import { documentFacts } from '../terms/terms-service';
import { documentOrder } from './invoices';

type OrderRow = typeof orders.$inferSelect;
type InvoiceRow = typeof invoices.$inferSelect;

export const einvoiceMessages = {
  xrechnungNeedsBuyerReference:
    'An XRechnung needs the buyer reference (BT-10): the buyer’s Leitweg-ID, or a PO number. Add it to the order first.',
} as const;

/** The invoice's facts as issued, from its stored row (for an invoice issued before its e-invoice was stored). */
async function invoiceFactsOf(
  db: Db,
  invoice: InvoiceRow,
): Promise<{ facts: InvoiceFacts; preceding: InvoiceRow | null }> {
  let preceding: InvoiceRow | null = null;
  if (invoice.creditsInvoiceId) {
    [preceding = null] = await db.select().from(invoices).where(eq(invoices.id, invoice.creditsInvoiceId));
  } else if (invoice.kind === 'balance') {
    [preceding = null] = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, invoice.orderId), eq(invoices.kind, 'deposit')));
  }
  return {
    facts: {
      kind: invoice.kind,
      number: invoice.number,
      amount: invoice.amount,
      vatAmount: invoice.vatAmount,
      issuedAt: invoice.issuedAt,
      dueDate: invoice.dueDate,
      creditsNumber: invoice.kind === 'credit' ? (preceding?.number ?? null) : null,
      reason: invoice.reason,
      paidOnAccount: invoice.paidOnAccount,
      // A stored fee was kept under the sale's terms: a repair's keep none (terms.ts cancellationFeePercent).
      cancellationFee:
        invoice.cancellationFee > 0 ? { amount: invoice.cancellationFee, percent: CANCELLATION_FEE_PERCENT } : null,
    },
    preceding,
  };
}

/**
 * An issued invoice's EN 16931 model: the one stored at issue (what its PDF embeds), else, for an
 * invoice issued before e-invoices, drawn now from the order and the invoice's stored figures.
 */
export async function issuedEInvoice(db: Db, row: OrderRow, invoice: InvoiceRow, publicUrl: string): Promise<EInvoice> {
  if (invoice.einvoice) return invoice.einvoice;
  const { order } = await documentOrder(db, row);
  const { facts, preceding } = await invoiceFactsOf(db, invoice);
  return einvoiceOf(order, facts, await documentFacts(db, publicUrl), {
    buyerRoutingReference: row.buyerRoutingReference,
    preceding: preceding ? { number: preceding.number, issuedAt: preceding.issuedAt } : null,
  });
}

// Issue 52: the invoice e-mails attach the same XML, so the two live beside those mails (einvoice-mail.ts).
export { einvoiceFilename, withRoutingReference } from './einvoice-mail';

/**
 * An invoice's or credit note's e-invoice for GET …/documents/{id}/einvoice/{format}: the XRechnung
 * or Peppol BIS Billing 3.0 UBL, or the CII (Factur-X EN 16931). Null when the document is not an
 * invoice or credit note of the order; 409 for an XRechnung while the buyer reference (BT-10) is empty.
 */
export async function einvoiceFile(
  db: Db,
  row: OrderRow,
  documentId: string,
  format: EInvoiceFormat,
  publicUrl: string,
): Promise<{ filename: string; xml: string } | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(documentId)) return null;
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, documentId), eq(invoices.orderId, row.id)));
  if (!invoice) return null;
  const issued = await issuedEInvoice(db, row, invoice, publicUrl);
  if (format === 'cii') return { filename: einvoiceFilename(invoice.number, format), xml: toCii(issued) };
  const model = withRoutingReference(issued, row.buyerRoutingReference);
  if (format === 'xrechnung' && !model.buyerReference)
    throw conflict(einvoiceMessages.xrechnungNeedsBuyerReference, { code: 'buyer_reference_missing' });
  return { filename: einvoiceFilename(invoice.number, format), xml: toUbl(model, format) };
}

/** Staff set or clear the order's buyer routing reference (Leitweg-ID); the audit entry keeps before and after. */
export async function updateBuyerRoutingReference(tx: Db, orderId: string, value: string | null, now: Date) {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!row) throw notFound(orderMessages.orderNotFound);
  await tx.update(orders).set({ buyerRoutingReference: value, updatedAt: now }).where(eq(orders.id, orderId));
  return {
    before: { buyerRoutingReference: row.buyerRoutingReference },
    after: { buyerRoutingReference: value },
  };
}
