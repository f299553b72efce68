import { and, eq, ne } from 'drizzle-orm';
import {
  type RepairPayment,
  repairPaymentLabels,
  type RepairPaymentState,
} from '../../shared/service-requests/repair-payment';
import { chargeable } from '../../shared/service-requests/service-lifecycle';
import type { Db } from '../db/client';
import { orders, profiles, type serviceRequests } from '../db/schema';

type RequestRow = typeof serviceRequests.$inferSelect;

/**
 * Issue 54: where a request's repair stands with its payment. The order is the one the customer placed
 * from the repair quote (not cancelled); paid in full is its payment status `fully_paid`.
 */
export async function repairPaymentOf(db: Db, row: RequestRow): Promise<RepairPayment> {
  const [order] = row.repairQuoteId
    ? await db
        .select({ id: orders.id, orderNumber: orders.orderNumber, paymentStatus: orders.paymentStatus })
        .from(orders)
        .where(and(eq(orders.quoteId, row.repairQuoteId), ne(orders.status, 'cancelled')))
    : [];
  const [by] = row.repairOverrideBy
    ? await db.select({ email: profiles.email }).from(profiles).where(eq(profiles.id, row.repairOverrideBy))
    : [];
  const state: RepairPaymentState = !chargeable(row)
    ? 'not_charged'
    : row.repairOverrideReason
      ? 'overridden'
      : !row.repairQuoteId
        ? 'no_quote'
        : !order
          ? 'quote_open'
          : order.paymentStatus === 'fully_paid'
            ? 'paid'
            : order.paymentStatus === 'deposit_part_paid' || order.paymentStatus === 'deposit_paid'
              ? 'part_paid'
              : 'accepted_unpaid';
  return {
    state,
    label: repairPaymentLabels[state],
    order: order ? { id: order.id, orderNumber: order.orderNumber } : null,
    override:
      row.repairOverrideReason && row.repairOverrideAt
        ? { reason: row.repairOverrideReason, at: row.repairOverrideAt.toISOString(), by: by?.email ?? null }
        : null,
  };
}
