import { eq } from 'drizzle-orm';
import { orderMessages, type UpdateOrderChanges } from '../../shared/orders/order-admin-contracts';
import type { Db } from '../db/client';
import type { Language } from '../../shared/i18n/languages';
import { orders, orderStatusHistory } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/http-error';
import { enqueueMail } from '../mail/outbox';
import { auditedOrderFields, lockOrder, orderRecipient } from '../order-records/order-admin-context';
import { confirmationAttachment } from '../billing/invoices';
import { cancellationTerms, ledgerEditRefusals, loadOrderLedger } from '../order-records/order-ledger';
import { orderConfirmedMail, orderShippedMail } from '../order-records/order-status-mail';
import { documentFacts } from '../terms/terms-service';
import { orderCancelledMail, orderDeliveredMail, trackingOf } from '../order-records/order-notice-mail';
import { cancellationWarning, depositDue, statusMoveRefusal } from '../../shared/orders/lifecycle';
import { estimatedDeliveryRefusal } from '../../shared/orders/estimated-delivery';
import { formatMoney } from '../../shared/money';
import { getCachedSettings } from '../settings/settings-service';
import { releaseOrderPlaces, takeOrderPlaces } from './batch-places';

export interface UpdateOrderInput {
  orderId: string;
  changes: UpdateOrderChanges;
  adminId: string;
  now: Date;
  publicUrl: string;
  /** Called with the locked order before anything changes; throws to refuse (e.g. a field the caller's role may not change). */
  check?: (before: typeof orders.$inferSelect) => void;
  /**
   * An owner's recorded reason to ship before the balance is paid (POST …/ship-override), or to start
   * production before the deposit is paid (POST …/processing-override).
   */
  override?: { reason: string };
}

export const orderNoteKept = "The buyer's checkout note is kept as written: use the message to the customer instead.";

/**
 * The admin's edit of an order, inside the caller's transaction. A status move must be one the
 * lifecycle allows (shared/orders/lifecycle.ts): 409 with the `status` field otherwise. A move writes
 * a history row (old, new, the admin, "Status updated via admin panel") and queues the customer's
 * e-mail for confirmed, shipped, delivered and cancelled; re-saving the same status writes neither.
 * Confirming takes the batch's places (409 `batch_full` when they do not fit: the order stays
 * pending); cancelling or deleting gives them back. Cancelling an order that holds money needs
 * `acknowledgeHeld` equal to the amount held (409 `money_held` with the warning otherwise).
 * Payment status and invoice number follow the ledger: 400 with the field's message when the edit
 * contradicts it. The buyer's checkout note is not edited (400 `notes`).
 */
export async function updateOrder(tx: Db, input: UpdateOrderInput) {
  const before = await lockOrder(tx, orders, input.orderId);
  if (!before) throw notFound(orderMessages.orderNotFound);
  input.check?.(before);
  const ledger = await loadOrderLedger(tx, before);
  if (input.changes.paymentStatus !== undefined || input.changes.invoiceNumber !== undefined) {
    const refusals = ledgerEditRefusals(before, ledger, input.changes);
    if (refusals) throw badRequest(Object.values(refusals)[0] ?? orderMessages.orderUpdateFailed, { fields: refusals });
  }
  if (input.changes.notes !== undefined && (input.changes.notes ?? null) !== (before.notes ?? null))
    throw badRequest(orderNoteKept, { fields: { notes: orderNoteKept } });
  // A new estimate must not be in the past; the form re-sends an old one unchanged, and that stays.
  const estimate = input.changes.estimatedDeliveryDate;
  if (estimate && estimate !== before.estimatedDeliveryDate) {
    const refusal = estimatedDeliveryRefusal(estimate, input.now);
    if (refusal)
      throw badRequest(refusal, { code: 'estimated_delivery_past', fields: { estimatedDeliveryDate: refusal } });
  }
  if (input.changes.status !== undefined) {
    const refusal = statusMoveRefusal(
      {
        status: before.status,
        outstanding: ledger.outstanding,
        currency: before.currency,
        depositDue: depositDue(before, ledger),
      },
      input.changes.status,
      { override: input.override !== undefined },
    );
    if (refusal) throw conflict(refusal.message, { code: refusal.code, fields: { status: refusal.message } });
  }
  // Cancelling an order that holds money: only with the amount held acknowledged, so a stale page cannot cancel blind.
  const held =
    input.changes.status === 'cancelled' && before.status !== 'cancelled' && cancellationTerms(before, ledger);
  if (held && input.changes.acknowledgeHeld !== held.held) {
    const message = cancellationWarning(held, before.currency);
    throw conflict(message, { code: 'money_held', fields: { status: message } });
  }
  // A confirmed order holds its batch's places; a cancelled one gives them back (batch-places.ts).
  if (input.changes.status === 'confirmed' && before.status !== 'confirmed') await takeOrderPlaces(tx, before);
  if (input.changes.status === 'cancelled' && before.status !== 'cancelled') await releaseOrderPlaces(tx, before);
  const set: Partial<typeof orders.$inferInsert> = { updatedAt: input.now };
  const { changes } = input;
  if (changes.status !== undefined) set.status = changes.status;
  if (changes.paymentStatus !== undefined) set.paymentStatus = changes.paymentStatus;
  if (changes.paymentMethod !== undefined) set.paymentMethod = changes.paymentMethod;
  if (changes.trackingNumber !== undefined) set.trackingNumber = changes.trackingNumber;
  if (changes.invoiceNumber !== undefined) set.invoiceNumber = changes.invoiceNumber;
  if (changes.estimatedDeliveryDate !== undefined) set.estimatedDeliveryDate = changes.estimatedDeliveryDate;
  if (changes.internalNotes !== undefined) set.internalNotes = changes.internalNotes;
  if (changes.carrier !== undefined) set.carrier = changes.carrier;
  if (changes.customerMessage !== undefined) set.customerMessage = changes.customerMessage;
  const [after] = await tx.update(orders).set(set).where(eq(orders.id, before.id)).returning();
  if (!after) throw notFound(orderMessages.orderNotFound);

  if (after.status !== before.status) {
    // A cancelled order owes only what was invoiced: its payment status is the ledger's again.
    const paymentStatus = (await loadOrderLedger(tx, after)).paymentStatus;
    if (paymentStatus !== after.paymentStatus) {
      await tx.update(orders).set({ paymentStatus }).where(eq(orders.id, after.id));
      after.paymentStatus = paymentStatus;
    }
    await tx.insert(orderStatusHistory).values({
      orderId: after.id,
      oldStatus: before.status,
      newStatus: after.status,
      changedBy: input.adminId,
      notes: !input.override
        ? orderMessages.statusNote
        : after.status === 'processing'
          ? `${orderMessages.statusNote}. Production started before the deposit was paid (${formatMoney(depositDue(before, ledger), before.currency, { decimals: 2 })} of the deposit outstanding), owner's override: ${input.override.reason}`
          : `${orderMessages.statusNote}. Shipped before the balance was paid (${formatMoney(ledger.outstanding, before.currency, { decimals: 2 })} outstanding), owner's override: ${input.override.reason}`,
      createdAt: input.now,
    });
    const recipient = await orderRecipient(tx, after, input.publicUrl);
    if (recipient) {
      const context = { order: after, ...recipient, facts: await documentFacts(tx, input.publicUrl) };
      if (after.status === 'confirmed') {
        // The written order confirmation goes with the e-mail as a PDF (the contract forms on it).
        await enqueueMail(tx, {
          ...orderConfirmedMail(context),
          attachments: [await confirmationAttachment(tx, after, input.now, input.publicUrl)],
        });
      } else if (after.status === 'shipped') {
        const settings = await getCachedSettings(tx);
        await enqueueMail(tx, orderShippedMail({ ...context, tracking: trackingOf(after, settings.carriers) }));
      } else if (after.status === 'delivered') {
        await enqueueMail(tx, orderDeliveredMail(context));
      } else if (after.status === 'cancelled') {
        await enqueueMail(tx, orderCancelledMail({ ...context, ledger: await loadOrderLedger(tx, after) }));
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
  if (!before) throw notFound(orderMessages.orderNotFound);
  if ((await loadOrderLedger(tx, before)).hasEntries)
    throw conflict(orderMessages.orderOnTheBooks, { code: 'order_has_ledger' });
  await releaseOrderPlaces(tx, before);
  await tx.delete(orders).where(eq(orders.id, orderId));
  return { before: auditedOrderFields(before) };
}

/** A staff-only comment on the order's timeline (the customer never sees it). */
export async function addStaffComment(tx: Db, input: { orderId: string; text: string; adminId: string; now: Date }) {
  const order = await lockOrder(tx, orders, input.orderId);
  if (!order) throw notFound(orderMessages.orderNotFound);
  const [row] = await tx
    .insert(orderStatusHistory)
    .values({
      orderId: order.id,
      oldStatus: order.status,
      newStatus: order.status,
      changedBy: input.adminId,
      notes: input.text,
      staffOnly: true,
      createdAt: input.now,
    })
    .returning();
  return { id: row?.id ?? null, text: input.text };
}

/**
 * Staff set the language of the order's documents and e-mails (issue 40): the documents drawn from now
 * on and every later e-mail follow it. Returns the audit's before and after.
 */
export async function setOrderLanguage(tx: Db, orderId: string, language: Language, now: Date) {
  const before = await lockOrder(tx, orders, orderId);
  if (!before) throw notFound(orderMessages.orderNotFound);
  await tx.update(orders).set({ language, updatedAt: now }).where(eq(orders.id, orderId));
  return { before: { language: before.language }, after: { language } };
}
