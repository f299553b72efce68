import { and, asc, eq, isNotNull, lt } from 'drizzle-orm';
import { formatUkDateTime } from '../../shared/dates';
import type { Db } from '../db/client';
import { orders, orderStatusHistory, productBatches } from '../db/schema';
import type { DailyJob } from '../jobs/scheduler';
import { enqueueMail } from '../mail/outbox';
import { documentFacts } from '../terms/terms-service';
import { releaseOrderPlaces } from './batch-places';

/**
 * Issue 38: an order holds its batch places from the moment it is placed, so "N places left" is
 * true when the buyer reads it. The hold lasts the batchHoldDays setting; staff confirming the order
 * keep the places for good (takeOrderPlaces), cancelling gives them back. A pending order whose hold
 * has run out gives its places back here, once a day, and staff are told at the profile's alert address:
 * the order stays pending, and confirming it later takes places again if the batch has room.
 */
export const PLACE_HOLDS_JOB = 'batch-place-holds';

/** When a hold made at `now` lapses. */
export const holdEnds = (now: Date, days: number) => new Date(now.getTime() + days * 24 * 60 * 60 * 1000);

export async function lapsePlaceHolds(tx: Db, now: Date, publicUrl: string): Promise<{ lapsed: number }> {
  const due = await tx
    .select({ order: orders, batchName: productBatches.name })
    .from(orders)
    .innerJoin(productBatches, eq(productBatches.id, orders.placesBatchId))
    .where(and(eq(orders.status, 'pending'), isNotNull(orders.placesHeldUntil), lt(orders.placesHeldUntil, now)))
    .orderBy(asc(orders.createdAt))
    .for('update', { of: orders });
  if (due.length === 0) return { lapsed: 0 };
  const lines: string[] = [];
  for (const { order, batchName } of due) {
    const places = order.placesTaken;
    const heldUntil = order.placesHeldUntil;
    await releaseOrderPlaces(tx, order);
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      oldStatus: order.status,
      newStatus: order.status,
      changedBy: null,
      staffOnly: true,
      notes: `Place hold lapsed: ${places} ${places === 1 ? 'place' : 'places'} in ${batchName} given back`,
      createdAt: now,
    });
    lines.push(
      `${order.orderNumber}: ${places} ${places === 1 ? 'place' : 'places'} in ${batchName}, held until ${heldUntil ? formatUkDateTime(heldUntil) : 'now'}`,
    );
  }
  const { profile } = await documentFacts(tx, publicUrl);
  const to = profile.mail.alertEmail.trim();
  if (to !== '') {
    await enqueueMail(tx, {
      kind: 'place_hold_lapsed',
      language: 'en',
      to,
      subject: `${due.length} unconfirmed ${due.length === 1 ? 'order has' : 'orders have'} given back batch places`,
      text: [
        'These orders were not confirmed within the hold period, so their batch places are free again:',
        '',
        ...lines,
        '',
        'Each order stays pending. Confirming it takes places again if its batch has room; otherwise move it to another batch first.',
        `Orders: ${publicUrl}/admin/orders`,
      ].join('\n'),
    });
  }
  return { lapsed: due.length };
}

export const placeHoldsJob = (publicUrl: string): DailyJob => ({
  name: PLACE_HOLDS_JOB,
  run: (tx, now) => lapsePlaceHolds(tx, now, publicUrl),
});
