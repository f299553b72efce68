import { desc, eq } from 'drizzle-orm';
import { toUbl } from '../../shared/einvoice/ubl';
import type { Db } from '../db/client';
import { invoices, orders, peppolTransmissions } from '../db/schema';
import { conflict, notFound } from '../http/http-error';
import type { PeppolAccessPoint, PeppolSendResult } from '../peppol/peppol-access-point';
import { issuedEInvoice, withRoutingReference } from './einvoices';
import { invoiceMessages } from './invoices';

export const peppolMessages = {
  off: 'Sending via Peppol is off: set PEPPOL_AP_URL to the access-point provider’s address.',
  noReceiver:
    'The buyer has no Peppol participant id: add its Leitweg-ID to the order, or it needs a VAT number with its country code.',
} as const;

type TransmissionRow = typeof peppolTransmissions.$inferSelect;

export const toTransmission = (row: TransmissionRow) => ({
  id: row.id,
  invoiceId: row.invoiceId,
  flavour: row.flavour,
  transmissionId: row.transmissionId,
  status: row.status,
  detail: row.detail,
  createdAt: row.createdAt.toISOString(),
});

/**
 * What "Send via Peppol" sends: the invoice's UBL (XRechnung for a buyer with a Leitweg-ID, else
 * Peppol BIS Billing 3.0) to the buyer's participant id. 404 for no such invoice; 409 when the buyer
 * has no participant id; 409 while no access point is configured.
 */
export async function peppolDocument(
  db: Db,
  invoiceId: string,
  accessPoint: PeppolAccessPoint | null,
  publicUrl: string,
) {
  if (!accessPoint) throw conflict(peppolMessages.off, { code: 'peppol_off' });
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!invoice) throw notFound(invoiceMessages.notFound);
  const [row] = await db.select().from(orders).where(eq(orders.id, invoice.orderId));
  if (!row) throw notFound(invoiceMessages.notFound);
  const model = withRoutingReference(await issuedEInvoice(db, row, invoice, publicUrl), row.buyerRoutingReference);
  const receiver = model.buyer.peppolId;
  if (!receiver) throw conflict(peppolMessages.noReceiver, { code: 'peppol_no_receiver' });
  const flavour = model.buyerReferenceIsRouting ? ('xrechnung' as const) : ('peppol' as const);
  return {
    invoice,
    flavour,
    document: { xml: toUbl(model, flavour), kind: model.kind, receiver: `${receiver.scheme}:${receiver.id}` },
  };
}

/** Records the provider's answer to a send (in the caller's transaction, beside its audit entry). */
export async function recordTransmission(
  tx: Db,
  input: {
    invoice: typeof invoices.$inferSelect;
    flavour: 'peppol' | 'xrechnung';
    result: PeppolSendResult;
    adminId: string;
    now: Date;
  },
) {
  const [row] = await tx
    .insert(peppolTransmissions)
    .values({
      invoiceId: input.invoice.id,
      orderId: input.invoice.orderId,
      flavour: input.flavour,
      transmissionId: input.result.transmissionId,
      status: input.result.status,
      detail: input.result.detail,
      sentBy: input.adminId,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning();
  if (!row) throw new Error('Recording the Peppol transmission failed');
  return row;
}

/** An invoice's transmissions, newest first. */
export const invoiceTransmissions = (db: Db, invoiceId: string) =>
  db
    .select()
    .from(peppolTransmissions)
    .where(eq(peppolTransmissions.invoiceId, invoiceId))
    .orderBy(desc(peppolTransmissions.createdAt));
