import { eq, inArray } from 'drizzle-orm';
import { type PoDocument, PO_DOCUMENT_BYTES, poDocumentMessages, poDocumentUrl } from '../../shared/orders/po-document';
import type { Db } from '../db/client';
import { readPdfUpload } from '../documents/pdf-upload';
import { orderPoDocuments, orders } from '../db/schema';
import { notFound } from '../http/http-error';
import { orderMessages } from '../../shared/orders/order-admin-contracts';
import { organisationOf } from '../organisations/organisation-access';
import { getCachedSettings } from '../settings/settings-service';

type PoRow = Omit<typeof orderPoDocuments.$inferSelect, 'bytes'>;

/**
 * A purchase order as uploaded (issue 39): a PDF by its bytes, at most 10 MB (`readPdfUpload`).
 * 400 beside the `file` field otherwise, with the codes `po_too_large` and `po_not_pdf`.
 */
export const readPoUpload = (upload: { filename: string; dataBase64: string }) =>
  readPdfUpload(upload, {
    maxBytes: PO_DOCUMENT_BYTES,
    messages: poDocumentMessages,
    codes: { tooLarge: 'po_too_large', notPdf: 'po_not_pdf' },
    fallbackName: 'purchase-order',
  });

/**
 * Attaches (or replaces) the order's PO document inside the caller's transaction and, when one is
 * given, sets its PO number; returns what the audit entry keeps (never the bytes).
 */
export async function attachPoDocument(
  tx: Db,
  input: {
    orderId: string;
    file: ReturnType<typeof readPoUpload>;
    poNumber?: string | undefined;
    source: 'customer' | 'staff';
    userId: string | null;
    now: Date;
  },
) {
  const { file } = input;
  const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId));
  if (!order) throw notFound(orderMessages.orderNotFound);
  const values = {
    filename: file.filename,
    size: file.bytes.length,
    sha256: file.sha256,
    bytes: file.bytes,
    source: input.source,
    uploadedBy: input.userId,
    createdAt: input.now,
  };
  await tx
    .insert(orderPoDocuments)
    .values({ orderId: order.id, ...values })
    .onConflictDoUpdate({ target: orderPoDocuments.orderId, set: values });
  const poNumber = input.poNumber ? input.poNumber : order.poNumber;
  if (poNumber !== order.poNumber)
    await tx.update(orders).set({ poNumber, updatedAt: input.now }).where(eq(orders.id, order.id));
  return {
    before: { poNumber: order.poNumber },
    poNumber,
    poDocument: { filename: file.filename, size: file.bytes.length, sha256: file.sha256, source: input.source },
  };
}

const metaColumns = {
  id: orderPoDocuments.id,
  orderId: orderPoDocuments.orderId,
  filename: orderPoDocuments.filename,
  size: orderPoDocuments.size,
  sha256: orderPoDocuments.sha256,
  source: orderPoDocuments.source,
  uploadedBy: orderPoDocuments.uploadedBy,
  createdAt: orderPoDocuments.createdAt,
};

/** The PO documents of some orders, without their bytes. */
export async function poDocumentsOf(db: Db, orderIds: string[]): Promise<PoRow[]> {
  if (orderIds.length === 0) return [];
  return db.select(metaColumns).from(orderPoDocuments).where(inArray(orderPoDocuments.orderId, orderIds));
}

/** The order's PO document with its bytes, or null. */
export async function storedPoDocument(db: Db, orderId: string) {
  const [row] = await db.select().from(orderPoDocuments).where(eq(orderPoDocuments.orderId, orderId));
  return row ?? null;
}

/** The PO document as the order answers show it. */
export const toPoDocument = (row: PoRow): PoDocument => ({
  filename: row.filename,
  size: row.size,
  source: row.source,
  uploadedAt: row.createdAt.toISOString(),
  url: poDocumentUrl(row.orderId),
});

/**
 * Whether this buyer's order needs a PO number (issue 39): the shop's "Orders require a PO number",
 * or their organisation's own. The order flow says so before its last step; placing refuses it.
 */
export async function poNumberRequired(db: Db, userId: string | null): Promise<boolean> {
  if ((await getCachedSettings(db)).requirePoNumber) return true;
  return (await organisationOf(db, userId))?.ordersRequirePoNumber ?? false;
}
