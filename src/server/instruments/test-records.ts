import { eq } from 'drizzle-orm';
import { orderMessages } from '../../shared/orders/order-admin-contracts';
import type { TestRecord } from '../../shared/instruments/instrument-papers';
import { readModelDocument } from '../catalogue/model-documents';
import type { Db } from '../db/client';
import { instrumentTestRecords, orders } from '../db/schema';
import { notFound } from '../http/http-error';

/**
 * Stores a factory test record uploaded at dispatch (issue 41): a PDF read by its bytes (`%PDF-`, at
 * most 10 MB, as the model documents), kept with its order. The move to shipped names it in an
 * instrument's factory test, and that instrument's certificate names it with its SHA-256.
 */
export async function storeTestRecord(
  tx: Db,
  input: { orderId: string; upload: { filename: string; dataBase64: string }; adminId: string; now: Date },
): Promise<TestRecord> {
  const file = readModelDocument(input.upload);
  const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, input.orderId));
  if (!order) throw notFound(orderMessages.orderNotFound);
  const [row] = await tx
    .insert(instrumentTestRecords)
    .values({
      orderId: order.id,
      filename: file.filename,
      size: file.bytes.length,
      sha256: file.sha256,
      bytes: file.bytes,
      uploadedBy: input.adminId,
      createdAt: input.now,
    })
    .returning({
      id: instrumentTestRecords.id,
      filename: instrumentTestRecords.filename,
      size: instrumentTestRecords.size,
      sha256: instrumentTestRecords.sha256,
    });
  if (!row) throw new Error('Storing the test record failed');
  return row;
}
