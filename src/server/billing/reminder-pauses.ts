import { and, desc, eq, gte, isNull, or, type SQL, sql } from 'drizzle-orm';
import { orderMessages } from '../../shared/orders/order-admin-contracts';
import { type ReminderPause, reminderPauseMessages } from '../../shared/orders/payment-reminders';
import type { Db } from '../db/client';
import { orders, orderStatusHistory, profiles, reminderPauses, users } from '../db/schema';
import { conflict, notFound } from '../http/http-error';
import { lockOrder } from '../order-records/order-admin-context';
import { todayOf } from './overdue';

/**
 * Issue 51 (decision 0081): Finance pauses payment reminders for one order, or for every order of a
 * customer, with a reason and the last day of the pause. The daily job sends nothing for an order
 * while a pause of it or of its customer holds (not ended, its last day today or later); the day
 * after, the latest stage reached goes as usual. Each pause and its early end is audited by the route
 * and written on the order's timeline (staff only).
 */

type OrderRow = typeof orders.$inferSelect;

/** True (as SQL) while a pause of the order `alias` or of its customer holds on `today`. */
export const pausedSql = (alias: SQL, today: string): SQL =>
  sql`exists (select 1 from reminder_pauses rp where rp.ended_at is null and rp.until >= ${today}::date
    and (rp.order_id = ${alias}.id or (rp.user_id is not null and rp.user_id = ${alias}.user_id)))`;

const holding = (order: Pick<OrderRow, 'id' | 'userId'>, today: string) =>
  and(
    isNull(reminderPauses.endedAt),
    gte(reminderPauses.until, today),
    order.userId
      ? or(eq(reminderPauses.orderId, order.id), eq(reminderPauses.userId, order.userId))
      : eq(reminderPauses.orderId, order.id),
  );

/** Whether a pause of the order or of its customer holds on `today` (read under the order's lock). */
export async function isPaused(db: Db, order: Pick<OrderRow, 'id' | 'userId'>, today: string): Promise<boolean> {
  const [row] = await db.select({ id: reminderPauses.id }).from(reminderPauses).where(holding(order, today)).limit(1);
  return row !== undefined;
}

const YEAR_DAYS = 366;

function checkUntil(until: string, now: Date) {
  const today = todayOf(now);
  if (until < today)
    throw conflict(reminderPauseMessages.untilRequired, {
      code: 'pause_in_past',
      fields: { until: reminderPauseMessages.untilRequired },
    });
  const latest = new Date(Date.parse(`${today}T00:00:00Z`) + YEAR_DAYS * 86_400_000).toISOString().slice(0, 10);
  if (until > latest)
    throw conflict(reminderPauseMessages.untilTooFar, {
      code: 'pause_too_long',
      fields: { until: reminderPauseMessages.untilTooFar },
    });
}

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

const pauseNote = (reason: string, until: string, scope: 'order' | 'customer') =>
  `Payment reminders paused${scope === 'customer' ? " (all the customer's orders)" : ''} until ${until}: ${reason}`;

/** Pauses the order's reminders until `until` (inclusive). */
export async function pauseOrderReminders(
  tx: Db,
  input: { orderId: string; reason: string; until: string; adminId: string; now: Date },
) {
  const order = await lockOrder(tx, orders, input.orderId);
  if (!order) throw notFound(orderMessages.orderNotFound);
  checkUntil(input.until, input.now);
  const [pause] = await tx
    .insert(reminderPauses)
    .values({
      orderId: order.id,
      reason: input.reason,
      until: input.until,
      createdBy: input.adminId,
      createdAt: input.now,
    })
    .returning();
  if (!pause) throw new Error('Recording the pause failed');
  await timelineNote(tx, order, input.adminId, pauseNote(input.reason, input.until, 'order'), input.now);
  return { before: null, after: { pauseId: pause.id, orderId: order.id, reason: input.reason, until: input.until } };
}

/** Pauses reminders of every order of the customer (account) until `until`, noted on each open order. */
export async function pauseCustomerReminders(
  tx: Db,
  input: { userId: string; reason: string; until: string; adminId: string; now: Date },
) {
  const [customer] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
  if (!customer) throw notFound('Customer not found');
  checkUntil(input.until, input.now);
  const [pause] = await tx
    .insert(reminderPauses)
    .values({
      userId: customer.id,
      reason: input.reason,
      until: input.until,
      createdBy: input.adminId,
      createdAt: input.now,
    })
    .returning();
  if (!pause) throw new Error('Recording the pause failed');
  const open = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.userId, customer.id), sql`${orders.status} <> 'cancelled'`));
  for (const order of open)
    await timelineNote(tx, order, input.adminId, pauseNote(input.reason, input.until, 'customer'), input.now);
  return { before: null, after: { pauseId: pause.id, userId: customer.id, reason: input.reason, until: input.until } };
}

/** Ends a pause early (reminders go from the next run). */
export async function endReminderPause(tx: Db, input: { pauseId: string; adminId: string; now: Date }) {
  const [pause] = await tx.select().from(reminderPauses).where(eq(reminderPauses.id, input.pauseId)).for('update');
  if (!pause || pause.endedAt !== null) throw notFound(reminderPauseMessages.notFound);
  await tx
    .update(reminderPauses)
    .set({ endedAt: input.now, endedBy: input.adminId })
    .where(eq(reminderPauses.id, pause.id));
  const affected = pause.orderId
    ? await tx.select().from(orders).where(eq(orders.id, pause.orderId))
    : await tx
        .select()
        .from(orders)
        .where(and(eq(orders.userId, pause.userId ?? ''), sql`${orders.status} <> 'cancelled'`));
  for (const order of affected)
    await timelineNote(
      tx,
      order,
      input.adminId,
      `Payment reminders pause ended early (was until ${pause.until})`,
      input.now,
    );
  return {
    before: {
      pauseId: pause.id,
      orderId: pause.orderId,
      userId: pause.userId,
      reason: pause.reason,
      until: pause.until,
    },
    after: { endedAt: input.now.toISOString() },
  };
}

/**
 * The order's pauses not ended early (its own and its customer's), latest end first, at most five,
 * for its admin page: the page says which still hold by their last day.
 */
export async function orderReminderPauses(db: Db, order: OrderRow): Promise<ReminderPause[]> {
  const rows = await db
    .select({
      id: reminderPauses.id,
      orderId: reminderPauses.orderId,
      reason: reminderPauses.reason,
      until: reminderPauses.until,
      createdAt: reminderPauses.createdAt,
      byId: users.id,
      byEmail: users.email,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
    })
    .from(reminderPauses)
    .leftJoin(users, eq(users.id, reminderPauses.createdBy))
    .leftJoin(profiles, eq(profiles.id, reminderPauses.createdBy))
    .where(
      and(
        isNull(reminderPauses.endedAt),
        order.userId
          ? or(eq(reminderPauses.orderId, order.id), eq(reminderPauses.userId, order.userId))
          : eq(reminderPauses.orderId, order.id),
      ),
    )
    .orderBy(desc(reminderPauses.until), desc(reminderPauses.createdAt))
    .limit(5);
  return rows.map((row) => ({
    id: row.id,
    scope: row.orderId ? 'order' : 'customer',
    reason: row.reason,
    until: row.until,
    at: row.createdAt.toISOString(),
    by: row.byId
      ? {
          id: row.byId,
          email: row.byEmail,
          name: [row.firstName, row.lastName].filter(Boolean).join(' ') || null,
        }
      : null,
  }));
}
