import { eq } from 'drizzle-orm';
import { orderMessages } from '../../shared/orders/order-admin-contracts';
import { deliveryNoteDocument } from '../../shared/documents/delivery-note';
import type { Db } from '../db/client';
import { orders } from '../db/schema';
import { renderDocumentPdf } from '../documents/document-pdf';
import { notFound } from '../http/http-error';
import { getCachedSettings } from '../settings/settings-service';
import { documentFacts } from '../terms/terms-service';
import { documentOrder } from '../billing/invoices';
import {
  commercialInvoiceFilename,
  hasCommercialInvoice,
  renderCommercialInvoicePdf,
} from '../customs/commercial-invoice';
import { trackingOf } from '../order-records/order-notice-mail';

/** The order's packing slip as a PDF, drawn now (carrier and tracking as set today); never stored. */
export async function deliveryNotePdf(db: Db, orderId: string, now: Date, publicUrl: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw notFound(orderMessages.orderNotFound);
  const [{ order, model }, { profile, termsUrl }, settings] = await Promise.all([
    documentOrder(db, row),
    documentFacts(db, publicUrl),
    getCachedSettings(db),
  ]);
  const tracking = { ...trackingOf(row, settings.carriers), number: row.trackingNumber };
  const pdf = await renderDocumentPdf(
    deliveryNoteDocument(order, {
      profile,
      termsUrl,
      tracking,
      printedAt: now,
      instruments: (model.instruments ?? []).map((unit) => ({ model: unit.model, serialNumber: unit.serialNumber })),
    }),
  );
  return { pdf, orderNumber: row.orderNumber };
}

/**
 * The commercial invoice staff print with the delivery note (issue 37): an order delivered outside
 * the UK, from confirmation on; 404 for a UK delivery or an order not (or no longer) going out.
 */
export async function commercialInvoicePdf(db: Db, orderId: string, now: Date) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw notFound(orderMessages.orderNotFound);
  if (!hasCommercialInvoice(row, 'staff')) throw notFound('No commercial invoice: the order is not an export');
  const { order } = await documentOrder(db, row);
  return { pdf: await renderCommercialInvoicePdf(db, row, order, now), filename: commercialInvoiceFilename(row) };
}
