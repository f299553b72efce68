import { asc, eq } from 'drizzle-orm';
import { orderMessages } from '../../shared/orders/order-admin-contracts';
import type { PaymentReminderSent, ReminderPause, RemindersExclusion } from '../../shared/orders/payment-reminders';
import type { Db } from '../db/client';
import { invoices, orders, orderStatusHistory, paymentReminders, profiles, users } from '../db/schema';
import { notFound } from '../http/http-error';
import { lockOrder } from '../order-records/order-admin-context';
import { orderReminderPauses } from './reminder-pauses';

type OrderRow = typeof orders.$inferSelect;

const exclusionOf = (row: OrderRow) => ({
  reason: row.remindersExcludedReason,
  at: row.remindersExcludedAt?.toISOString() ?? null,
  by: row.remindersExcludedBy,
});

/** A staff-only line on the order's timeline, by the staff member who made the change. */
async function timelineNote(tx: Db, order: OrderRow, adminId: string, notes: string, now: Date) {
  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    oldStatus: order.status,
    newStatus: order.status,
    changedBy: adminId,
    notes,
    staffOnly: true,
    createdAt: now,
  });
}

/**
 * Stops payment reminders for the order, with the reason, who and when (a second call replaces the
 * reason). The daily job leaves the order out from then on; what was sent stays listed.
 */
export async function excludeFromReminders(
  tx: Db,
  input: { orderId: string; reason: string; adminId: string; now: Date },
) {
  const order = await lockOrder(tx, orders, input.orderId);
  if (!order) throw notFound(orderMessages.orderNotFound);
  await tx
    .update(orders)
    .set({
      remindersExcludedReason: input.reason,
      remindersExcludedAt: input.now,
      remindersExcludedBy: input.adminId,
      updatedAt: input.now,
    })
    .where(eq(orders.id, order.id));
  await timelineNote(tx, order, input.adminId, `Payment reminders stopped: ${input.reason}`, input.now);
  return {
    before: exclusionOf(order),
    after: { reason: input.reason, at: input.now.toISOString(), by: input.adminId },
  };
}

/**
 * Resumes payment reminders: the next daily run sends the latest stage each unpaid invoice has
 * reached, if it was not sent. Null when the order was not excluded (nothing to record).
 */
export async function includeInReminders(tx: Db, input: { orderId: string; adminId: string; now: Date }) {
  const order = await lockOrder(tx, orders, input.orderId);
  if (!order) throw notFound(orderMessages.orderNotFound);
  if (order.remindersExcludedReason === null) return null;
  await tx
    .update(orders)
    .set({ remindersExcludedReason: null, remindersExcludedAt: null, remindersExcludedBy: null, updatedAt: input.now })
    .where(eq(orders.id, order.id));
  await timelineNote(tx, order, input.adminId, 'Payment reminders resumed', input.now);
  return { before: exclusionOf(order), after: null };
}

/** The admin order page's reminders: those sent, oldest first, and the exclusion with who made it. */
export async function orderReminders(
  db: Db,
  order: OrderRow,
): Promise<{
  reminders: PaymentReminderSent[];
  remindersExclusion: RemindersExclusion | null;
  reminderPauses: ReminderPause[];
}> {
  const sent = await db
    .select({
      id: paymentReminders.id,
      invoiceNumber: invoices.number,
      stage: paymentReminders.stage,
      outstanding: paymentReminders.outstanding,
      currency: invoices.currency,
      sentAt: paymentReminders.sentAt,
    })
    .from(paymentReminders)
    .innerJoin(invoices, eq(invoices.id, paymentReminders.invoiceId))
    .where(eq(paymentReminders.orderId, order.id))
    .orderBy(asc(paymentReminders.sentAt), asc(invoices.number));
  let by: RemindersExclusion['by'] = null;
  if (order.remindersExcludedBy) {
    const [person] = await db
      .select({ id: users.id, email: users.email, firstName: profiles.firstName, lastName: profiles.lastName })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(eq(users.id, order.remindersExcludedBy));
    if (person)
      by = {
        id: person.id,
        email: person.email,
        name: [person.firstName, person.lastName].filter(Boolean).join(' ') || null,
      };
  }
  return {
    reminderPauses: await orderReminderPauses(db, order),
    reminders: sent.map((row) => ({ ...row, sentAt: row.sentAt.toISOString() })),
    remindersExclusion:
      order.remindersExcludedReason === null
        ? null
        : { reason: order.remindersExcludedReason, at: order.remindersExcludedAt?.toISOString() ?? null, by },
  };
}
