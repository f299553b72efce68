import { type SQL, sql } from 'drizzle-orm';

export const overdueKinds = ['deposit', 'balance'] as const;
export type OverdueKind = (typeof overdueKinds)[number];

/**
 * An order whose deposit (or balance) invoice is unpaid past its due date: a live invoice of that kind
 * (not credited) due before today, while the order still waits for that payment (a part-paid deposit
 * still waits for the rest) and is not cancelled.
 * `alias` is the orders table's alias in the caller's query.
 */
export function overdueFilter(kind: OverdueKind, today: string, alias: 't' | 'o' = 't'): SQL {
  const order = sql.raw(alias);
  const waiting =
    kind === 'deposit'
      ? sql`${order}.payment_status in ('pending', 'deposit_part_paid')`
      : sql`${order}.payment_status = 'deposit_paid'`;
  return sql`(${waiting} and ${order}.status <> 'cancelled' and exists (
    select 1 from invoices i where i.order_id = ${order}.id and i.kind = ${kind} and i.due_date < ${today}::date
    and not exists (select 1 from invoices c where c.credits_invoice_id = i.id)))`;
}

export const todayOf = (now: Date) => now.toISOString().slice(0, 10);
