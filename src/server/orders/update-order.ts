import { eq } from 'drizzle-orm';
import { adminMessages, type UpdateOrderChanges } from '../../shared/admin/admin-schemas';
import type { Db } from '../db/client';
import { orders, orderStatusHistory } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/http-error';
import { enqueueMail } from '../mail/outbox';
import { auditedOrderFields, lockOrder, orderRecipient } from './order-admin-context';
import { confirmationAttachment } from './invoices';
import { ledgerEditRefusals, loadOrderLedger } from './order-ledger';
import { orderConfirmedMail, orderShippedMail } from './order-status-mail';
import { documentFacts } from '../terms/terms-service';

export interface UpdateOrderInput {
  orderId: string;
  changes: UpdateOrderChanges;
  adminId: string;
  now: Date;
  publicUrl: string;
  /** Called with the locked order before anything changes; throws to refuse (e.g. a field the caller's role may not change). */
  check?: (before: typeof orders.$inferSelect) => void;
}

/**
 * The admin's edit of an order, inside the caller's transaction: any status may follow any other
 * (spec section 4). A status change writes a history row (old, new, the admin, "Status updated via
 * admin panel"); becoming confirmed or shipped queues the customer's e-mail. Payment status and
 * invoice number follow the ledger: 400 with the field's message when the edit contradicts it.
 */
export async function updateOrder(tx: Db, input: UpdateOrderInput) {
  const before = await lockOrder(tx, orders, input.orderId);
  if (!before) throw notFound(adminMessages.orderNotFound);
  input.check?.(before);
  if (input.changes.paymentStatus !== undefined || input.changes.invoiceNumber !== undefined) {
    const refusals = ledgerEditRefusals(before, await loadOrderLedger(tx, before), input.changes);
    if (refusals) throw badRequest(Object.values(refusals)[0] ?? adminMessages.orderUpdateFailed, { fields: refusals });
  }
  const set: Partial<typeof orders.$inferInsert> = { updatedAt: input.now };
  const { changes } = input;
  if (changes.status !== undefined) set.status = changes.status;
  if (changes.paymentStatus !== undefined) set.paymentStatus = changes.paymentStatus;
  if (changes.paymentMethod !== undefined) set.paymentMethod = changes.paymentMethod;
  if (changes.trackingNumber !== undefined) set.trackingNumber = changes.trackingNumber;
  if (changes.invoiceNumber !== undefined) set.invoiceNumber = changes.invoiceNumber;
  if (changes.estimatedDeliveryDate !== undefined) set.estimatedDeliveryDate = changes.estimatedDeliveryDate;
  if (changes.notes !== undefined) set.notes = changes.notes;
  if (changes.internalNotes !== undefined) set.internalNotes = changes.internalNotes;
  const [after] = await tx.update(orders).set(set).where(eq(orders.id, before.id)).returning();
  if (!after) throw notFound(adminMessages.orderNotFound);

  if (after.status !== before.status) {
    await tx.insert(orderStatusHistory).values({
      orderId: after.id,
      oldStatus: before.status,
      newStatus: after.status,
      changedBy: input.adminId,
      notes: adminMessages.statusNote,
      createdAt: input.now,
    });
    if (after.status === 'confirmed' || after.status === 'shipped') {
      const recipient = await orderRecipient(tx, after, input.publicUrl);
      if (recipient) {
        const context = { order: after, ...recipient, facts: await documentFacts(tx) };
        if (after.status === 'confirmed') {
          // The written order confirmation goes with the e-mail as a PDF (the contract forms on it).
          await enqueueMail(tx, {
            ...orderConfirmedMail(context),
            attachments: [await confirmationAttachment(tx, after, input.now)],
          });
        } else {
          await enqueueMail(tx, orderShippedMail(context));
        }
      }
    }
  }
  return { before: auditedOrderFields(before), after: auditedOrderFields(after), row: after };
}

/**
 * Deletes an order with its items and history (the audit log keeps its entries). An order with
 * payments or invoices is on the books and is cancelled instead: 409 `order_has_ledger`.
 */
export async function deleteOrder(tx: Db, orderId: string) {
  const before = await lockOrder(tx, orders, orderId);
  if (!before) throw notFound(adminMessages.orderNotFound);
  if ((await loadOrderLedger(tx, before)).hasEntries)
    throw conflict(adminMessages.orderOnTheBooks, { code: 'order_has_ledger' });
  await tx.delete(orders).where(eq(orders.id, orderId));
  return { before: auditedOrderFields(before) };
}
