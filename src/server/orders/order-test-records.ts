import { and, asc, eq } from 'drizzle-orm';
import { type AdminTestRecord, testRecordUrl } from '../../shared/instruments/instrument-papers';
import type { Db } from '../db/client';
import { instrumentTestCertificates, instrumentTestRecords } from '../db/schema';

/*
 * Issue 41: the factory test records staff uploaded for an order (stored by
 * src/server/instruments/test-records.ts), read back for staff only: the admin's order page lists them
 * and GET /api/admin/orders/{id}/test-records/{recordId} sends the bytes. Never the customer's.
 */

/** The order's uploaded test records, oldest first, each with its download link and the instrument it certifies. */
export async function orderTestRecords(db: Db, orderId: string): Promise<AdminTestRecord[]> {
  const rows = await db
    .select({
      id: instrumentTestRecords.id,
      filename: instrumentTestRecords.filename,
      size: instrumentTestRecords.size,
      sha256: instrumentTestRecords.sha256,
      instrumentId: instrumentTestCertificates.instrumentId,
    })
    .from(instrumentTestRecords)
    .leftJoin(instrumentTestCertificates, eq(instrumentTestCertificates.testRecordId, instrumentTestRecords.id))
    .where(eq(instrumentTestRecords.orderId, orderId))
    .orderBy(asc(instrumentTestRecords.createdAt), asc(instrumentTestRecords.id));
  return rows.map((row) => ({ ...row, url: testRecordUrl(orderId, row.id) }));
}

/**
 * A test record's bytes as uploaded, for staff (GET /api/admin/orders/{id}/test-records/{recordId}); null
 * when the order holds no record of that id (another order's record included).
 */
export async function readTestRecord(db: Db, orderId: string, recordId: string) {
  const [row] = await db
    .select({
      filename: instrumentTestRecords.filename,
      sha256: instrumentTestRecords.sha256,
      bytes: instrumentTestRecords.bytes,
    })
    .from(instrumentTestRecords)
    .where(and(eq(instrumentTestRecords.orderId, orderId), eq(instrumentTestRecords.id, recordId)));
  return row ?? null;
}
