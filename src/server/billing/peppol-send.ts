import { and, desc, eq } from 'drizzle-orm';
import { toUbl } from '../../shared/einvoice/ubl';
import { peppolSendMessages } from '../../shared/orders/invoice-schema';
import type { Db } from '../db/client';
import { invoices, orders, peppolTransmissions } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
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
  attempt: row.attempt,
  resendReason: row.resendReason,
  createdAt: row.createdAt.toISOString(),
});

/**
 * What "Send via Peppol" sends: the invoice's UBL (XRechnung for a buyer with a Leitweg-ID, else
 * Peppol BIS Billing 3.0) to the buyer's participant id. 404 for no such invoice; 409 when the buyer
 * has no participant id; 409 while no access point is configured. Whether it may go (once, unless
 * resent on purpose) is `claimTransmission`'s.
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

/** A send whose provider refused it or could not be reached: nothing went out, so sending again is no resend. */
const notTransmitted = new Set(['failed', 'refused']);

/**
 * Claims the invoice's next send before the provider is asked (security issue 48, F8): a row with
 * status 'sending' and the next attempt number, whose unique index (invoice, attempt) lets one of
 * any number of concurrent sends through and refuses the others with 409 `peppol_already_sent`.
 * An invoice already sent (or being sent) goes again only as a resend, with the staff member's reason.
 */
export async function claimTransmission(
  db: Db,
  input: {
    invoice: typeof invoices.$inferSelect;
    flavour: 'peppol' | 'xrechnung';
    resendReason: string | null;
    adminId: string;
    now: Date;
  },
) {
  const [latest] = await db
    .select({ attempt: peppolTransmissions.attempt, status: peppolTransmissions.status })
    .from(peppolTransmissions)
    .where(eq(peppolTransmissions.invoiceId, input.invoice.id))
    .orderBy(desc(peppolTransmissions.attempt))
    .limit(1);
  if (latest && !notTransmitted.has(latest.status) && input.resendReason === null) throw alreadySent();
  try {
    const [row] = await db
      .insert(peppolTransmissions)
      .values({
        invoiceId: input.invoice.id,
        orderId: input.invoice.orderId,
        flavour: input.flavour,
        status: 'sending',
        attempt: (latest?.attempt ?? 0) + 1,
        resendReason: input.resendReason,
        sentBy: input.adminId,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning();
    if (!row) throw new Error('Claiming the Peppol transmission failed');
    return row;
  } catch (error) {
    if (isUniqueViolation(error, 'peppol_transmissions_invoice_attempt_key')) throw alreadySent();
    throw error;
  }
}

const alreadySent = () => conflict(peppolSendMessages.alreadySent, { code: 'peppol_already_sent' });

/** Records the provider's answer on the claimed send (in the caller's transaction, beside its audit entry). */
export async function recordTransmission(
  tx: Db,
  input: { claimed: TransmissionRow; result: PeppolSendResult; now: Date },
) {
  const [row] = await tx
    .update(peppolTransmissions)
    .set({
      transmissionId: input.result.transmissionId,
      status: input.result.status,
      detail: input.result.detail,
      updatedAt: input.now,
    })
    .where(and(eq(peppolTransmissions.id, input.claimed.id), eq(peppolTransmissions.status, 'sending')))
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
    .orderBy(desc(peppolTransmissions.attempt));
