import { eq, type SQL, sql } from 'drizzle-orm';
import { isExportDelivery } from '../../shared/customs';
import { deliveryCountry } from '../../shared/documents/order-documents';
import {
  type ExportPapers,
  type ExportProofChanges,
  exportProofMessages,
  isExportProofComplete,
} from '../../shared/orders/export-proof';
import type { Db } from '../db/client';
import { orderMessages } from '../../shared/orders/order-admin-contracts';
import { exportProofs, orders } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/http-error';
import { hasCommercialInvoice } from './commercial-invoice';

type OrderRow = typeof orders.$inferSelect;
type ProofRow = typeof exportProofs.$inferSelect;

export const exportProofOf = async (db: Db, orderId: string, lock = false): Promise<ProofRow | null> => {
  const query = db.select().from(exportProofs).where(eq(exportProofs.orderId, orderId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
};

/** What the audit entry and the admin's order page show of a record. */
export const toExportProof = (row: ProofRow) => ({
  carrier: row.carrier,
  trackingNumber: row.trackingNumber,
  dispatchDate: row.dispatchDate,
  exportMrn: row.exportMrn,
  deliveryDate: row.deliveryDate,
  proofReference: row.proofReference,
  updatedAt: row.updatedAt.toISOString(),
});

/** The admin order's export papers: the commercial invoice's link and the proof of export; null for a UK delivery. */
export async function exportPapersOf(db: Db, row: OrderRow): Promise<ExportPapers | null> {
  if (!isExportDelivery(deliveryCountry(row))) return null;
  const proof = await exportProofOf(db, row.id);
  const complete = isExportProofComplete(proof);
  return {
    commercialInvoiceUrl: hasCommercialInvoice(row, 'staff') ? `/api/admin/orders/${row.id}/commercial-invoice` : null,
    proof: proof ? toExportProof(proof) : null,
    complete,
    missing: row.status === 'delivered' && !complete,
  };
}

/**
 * Writes the record's fields that are set in `changes` (absent ones kept), creating it on the first
 * write. Refused for an order delivered in the UK, and where the delivery would come before the dispatch.
 */
export async function saveExportProof(
  tx: Db,
  row: OrderRow,
  changes: ExportProofChanges,
  input: { adminId: string | null; now: Date },
): Promise<{ before: ProofRow | null; after: ProofRow }> {
  if (!isExportDelivery(deliveryCountry(row))) throw conflict(exportProofMessages.notExport, { code: 'not_export' });
  const before = await exportProofOf(tx, row.id, true);
  const set: Partial<ProofRow> = {};
  for (const key of [
    'carrier',
    'trackingNumber',
    'dispatchDate',
    'exportMrn',
    'deliveryDate',
    'proofReference',
  ] as const)
    if (changes[key] !== undefined) set[key] = changes[key];
  const dispatch = set.dispatchDate !== undefined ? set.dispatchDate : (before?.dispatchDate ?? null);
  const delivery = set.deliveryDate !== undefined ? set.deliveryDate : (before?.deliveryDate ?? null);
  if (dispatch && delivery && delivery < dispatch)
    throw badRequest(exportProofMessages.deliveryBeforeDispatch, {
      fields: { deliveryDate: exportProofMessages.deliveryBeforeDispatch },
    });
  const values = { ...set, updatedBy: input.adminId, updatedAt: input.now };
  const [after] = await tx
    .insert(exportProofs)
    .values({ orderId: row.id, ...values, createdAt: input.now })
    .onConflictDoUpdate({ target: exportProofs.orderId, set: values })
    .returning();
  if (!after) throw new Error('Saving the proof of export returned no row');
  return { before, after };
}

/** `PUT /api/admin/orders/{id}/export-proof`: the order locked, its record written; before and after for the audit. */
export async function updateExportProof(
  tx: Db,
  orderId: string,
  changes: ExportProofChanges,
  input: { adminId: string; now: Date },
) {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!row) throw notFound(orderMessages.orderNotFound);
  const { before, after } = await saveExportProof(tx, row, changes, input);
  return { before: before ? toExportProof(before) : null, after: toExportProof(after) };
}

/**
 * At dispatch (the order moves to shipped) an export's record takes the carrier, the tracking number,
 * the day and the MRN where given; what staff entered before is kept where this has nothing.
 */
export async function recordDispatch(
  tx: Db,
  row: OrderRow,
  input: { carrierName: string | null; exportMrn: string | null | undefined; adminId: string; now: Date },
) {
  if (!isExportDelivery(deliveryCountry(row))) return null;
  const before = await exportProofOf(tx, row.id, true);
  const { after } = await saveExportProof(
    tx,
    row,
    {
      carrier: input.carrierName ?? before?.carrier ?? null,
      trackingNumber: row.trackingNumber ?? before?.trackingNumber ?? null,
      dispatchDate: before?.dispatchDate ?? input.now.toISOString().slice(0, 10),
      ...(input.exportMrn !== undefined && input.exportMrn !== null ? { exportMrn: input.exportMrn } : {}),
    },
    { adminId: input.adminId, now: input.now },
  );
  return toExportProof(after);
}

/**
 * Orders delivered outside the UK whose proof of export is not complete: the dashboard's count, the
 * orders list's `exportProof=missing` filter and the order page's flag say the same (`isExportProofComplete`).
 */
export function exportProofMissingFilter(alias: 't' | 'o' = 't'): SQL {
  const order = sql.raw(alias);
  return sql`(${order}.status = 'delivered'
    and coalesce(${order}.shipping_address ->> 'country', ${order}.billing_address ->> 'country') <> 'GB'
    and not exists (
      select 1 from export_proofs p where p.order_id = ${order}.id
        and p.carrier is not null and p.tracking_number is not null and p.dispatch_date is not null
        and p.delivery_date is not null and p.proof_reference is not null))`;
}

export const exportProofMissingSql = sql`select count(*) as n from orders t where ${exportProofMissingFilter('t')}`;
