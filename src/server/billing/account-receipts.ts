import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  type AccountReceipt,
  type AccountReceiptListQuery,
  accountReceiptMessages,
} from '../../shared/orders/account-receipts';
import { formatMoney } from '../../shared/money';
import { type Db, queryRows } from '../db/client';
import { likeEscape } from '../db/list-sql';
import { accountReceipts, orders, paymentTransactions, refunds, users } from '../db/schema';
import { conflict, notFound } from '../http/http-error';
import { loadOrderLedger } from '../order-records/order-ledger';
import { recordPayment, voidPayment } from './record-payment';

/**
 * Receipts on account (issue 51, decision 0081). Money that matches no invoice is recorded as a
 * receipt on the customer's account, or unidentified with the bank reference; it is one line of the
 * payments register (the bank's) and counts on no order until staff allocate it. An allocation is an
 * ordinary payment of the order (record-payment.ts, so the ledger, the deposit rules, the customer's
 * e-mail and the timeline are the same as for a receipt keyed against the order) that names the
 * receipt; what no allocation takes is unallocated. A void takes a mis-keyed receipt back, with its
 * allocations.
 */

type ReceiptRow = typeof accountReceipts.$inferSelect;

const money = (minor: number, currency: string) => formatMoney(minor, currency, { decimals: 2 });

export async function recordAccountReceipt(
  tx: Db,
  input: {
    userId: string | null;
    /** Or the account's e-mail (lower case). */
    customerEmail?: string | null;
    amount: number;
    currency: string;
    receivedOn: string;
    method: string;
    reference: string | null;
    note: string | null;
    adminId: string;
    now: Date;
  },
) {
  let userId = input.userId;
  if (userId || input.customerEmail) {
    const [customer] = await tx
      .select({ id: users.id })
      .from(users)
      .where(userId ? eq(users.id, userId) : eq(users.email, input.customerEmail ?? ''));
    if (!customer)
      throw notFound(accountReceiptMessages.customerNotFound, {
        fields: { customerEmail: accountReceiptMessages.customerNotFound },
      });
    userId = customer.id;
  }
  const [receipt] = await tx
    .insert(accountReceipts)
    .values({
      userId,
      amount: input.amount,
      currency: input.currency,
      receivedOn: input.receivedOn,
      method: input.method,
      reference: input.reference,
      note: input.note,
      recordedBy: input.adminId,
      createdAt: input.now,
    })
    .returning();
  if (!receipt) throw new Error('Recording the receipt failed');
  return {
    receipt,
    before: null,
    after: {
      receiptId: receipt.id,
      userId: receipt.userId,
      amount: receipt.amount,
      currency: receipt.currency,
      receivedOn: receipt.receivedOn,
      reference: receipt.reference,
    },
  };
}

async function lockReceipt(tx: Db, id: string): Promise<ReceiptRow> {
  const [receipt] = await tx.select().from(accountReceipts).where(eq(accountReceipts.id, id)).for('update');
  if (!receipt) throw notFound(accountReceiptMessages.notFound);
  return receipt;
}

/** What the receipt's live (not voided) allocations hold. */
async function allocatedOf(tx: Db, receiptId: string): Promise<number> {
  const rows = await tx
    .select({ amount: paymentTransactions.amount })
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.accountReceiptId, receiptId), eq(paymentTransactions.status, 'completed')));
  return rows.reduce((sum, row) => sum + row.amount, 0);
}

/**
 * Allocates part or all of a receipt on account to one order or several, each within what the order
 * still owes on its ledger and all within what the receipt has left. Each allocation is recorded as
 * the order's payment received on the receipt's day, against the earliest invoice still asking, and
 * the customer is e-mailed as for any payment (with `publicUrl`). The receipt row is locked first, so
 * two clerks allocating the same money queue up and the second sees what is left.
 */
export async function allocateAccountReceipt(
  tx: Db,
  input: {
    receiptId: string;
    allocations: { orderId?: string | undefined; orderNumber?: string | undefined; amount: number }[];
    adminId: string;
    now: Date;
    publicUrl?: string;
  },
) {
  const receipt = await lockReceipt(tx, input.receiptId);
  if (receipt.voidedAt) throw conflict(accountReceiptMessages.voided, { code: 'receipt_voided' });
  // Orders named by number (the admin page) are found first.
  const named: { orderId: string; amount: number }[] = [];
  for (const entry of input.allocations) {
    if (entry.orderId) {
      named.push({ orderId: entry.orderId, amount: entry.amount });
      continue;
    }
    const number = entry.orderNumber ?? '';
    const [found] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, number));
    if (!found) {
      const message = accountReceiptMessages.orderNotFound(number);
      throw notFound(message, { fields: { orderNumber: message } });
    }
    named.push({ orderId: found.id, amount: entry.amount });
  }
  if (new Set(named.map((entry) => entry.orderId)).size !== named.length)
    throw conflict(accountReceiptMessages.orderTwice, { code: 'order_twice' });
  const allocatedBefore = await allocatedOf(tx, receipt.id);
  const left = receipt.amount - allocatedBefore;
  const asked = named.reduce((sum, entry) => sum + entry.amount, 0);
  if (asked > left) {
    const message = accountReceiptMessages.tooMuch(money(left, receipt.currency));
    throw conflict(message, { code: 'allocation_too_much', fields: { amount: message } });
  }
  const made: { orderId: string; orderNumber: string; paymentId: string; amount: number }[] = [];
  // In order id order, as the reminders job locks orders, so the two never deadlock.
  for (const entry of [...named].sort((a, b) => a.orderId.localeCompare(b.orderId))) {
    const [order] = await tx.select().from(orders).where(eq(orders.id, entry.orderId)).for('update');
    if (!order) throw notFound('Order not found');
    if (order.currency !== receipt.currency)
      throw conflict(accountReceiptMessages.currency, { code: 'allocation_currency' });
    if (order.status === 'cancelled')
      throw conflict(accountReceiptMessages.orderCancelled(order.orderNumber), { code: 'order_cancelled' });
    const ledger = await loadOrderLedger(tx, order);
    if (entry.amount > ledger.outstanding) {
      const message = accountReceiptMessages.orderTooMuch(order.orderNumber, money(ledger.outstanding, order.currency));
      throw conflict(message, { code: 'allocation_over_outstanding', fields: { amount: message } });
    }
    const [depositPaid] = await tx
      .select({ id: paymentTransactions.id })
      .from(paymentTransactions)
      .where(
        and(
          eq(paymentTransactions.orderId, order.id),
          eq(paymentTransactions.transactionType, 'deposit'),
          eq(paymentTransactions.status, 'completed'),
        ),
      )
      .limit(1);
    // The deposit while it is still asked for (a further instalment only within what it still asks).
    const towardsDeposit = ledger.depositOutstanding > 0 && (!depositPaid || entry.amount <= ledger.depositOutstanding);
    const { payment } = await recordPayment(tx, {
      orderId: order.id,
      transactionType: towardsDeposit ? 'deposit' : 'balance',
      amount: entry.amount,
      paymentMethod: receipt.method,
      reference: receipt.reference,
      receivedAt: receipt.receivedOn,
      adminId: input.adminId,
      now: input.now,
      accountReceiptId: receipt.id,
      ...(input.publicUrl ? { publicUrl: input.publicUrl } : {}),
    });
    made.push({ orderId: order.id, orderNumber: order.orderNumber, paymentId: payment.id, amount: entry.amount });
  }
  return {
    before: { currency: receipt.currency, unallocated: left },
    after: {
      currency: receipt.currency,
      unallocated: left - asked,
      allocations: made.map((entry) => `${entry.orderNumber} ${money(entry.amount, receipt.currency)}`).join('; '),
    },
  };
}

/**
 * Voids a mis-keyed receipt on account: its allocations are voided with it (each order's figures are
 * then its ledger's, as for any void), and the receipt stays listed in the register as voided with
 * who, when and why. Nobody is e-mailed. Refused when money was paid back from an allocation.
 */
export async function voidAccountReceipt(
  tx: Db,
  input: { receiptId: string; reason: string; adminId: string; now: Date },
) {
  const receipt = await lockReceipt(tx, input.receiptId);
  if (receipt.voidedAt) throw conflict(accountReceiptMessages.voided, { code: 'receipt_voided' });
  const live = await tx
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.accountReceiptId, receipt.id), eq(paymentTransactions.status, 'completed')))
    .orderBy(asc(paymentTransactions.orderId));
  if (live.length > 0) {
    const paidBack = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(
        inArray(
          refunds.paymentId,
          live.map((row) => row.id),
        ),
      )
      .limit(1);
    if (paidBack.length > 0) throw conflict(accountReceiptMessages.refunded, { code: 'payment_refunded' });
  }
  for (const payment of live)
    await voidPayment(tx, {
      orderId: payment.orderId,
      paymentId: payment.id,
      reason: input.reason,
      adminId: input.adminId,
      now: input.now,
    });
  await tx
    .update(accountReceipts)
    .set({ voidedAt: input.now, voidedBy: input.adminId, voidReason: input.reason })
    .where(eq(accountReceipts.id, receipt.id));
  return {
    before: { currency: receipt.currency, amount: receipt.amount, reference: receipt.reference, voided: false },
    after: {
      currency: receipt.currency,
      amount: receipt.amount,
      reference: receipt.reference,
      voided: true,
      reason: input.reason,
      allocationsVoided: live.length,
    },
  };
}

interface ListRow extends Record<string, unknown> {
  id: string;
  user_id: string | null;
  amount: number | string;
  currency: string;
  received_on: string;
  method: string;
  reference: string | null;
  note: string | null;
  voided_at: Date | string | null;
  voided_by_email: string | null;
  void_reason: string | null;
  created_at: Date | string;
  allocated: number | string;
  email: string | null;
  customer_name: string | null;
  customer_erased_at: Date | string | null;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

const receiptsFrom = sql`from account_receipts a
  left join profiles p on p.id = a.user_id left join users u on u.id = a.user_id left join users vu on vu.id = a.voided_by
  left join (select account_receipt_id, sum(amount) as allocated from payment_transactions
    where account_receipt_id is not null and status = 'completed' group by account_receipt_id) al on al.account_receipt_id = a.id`;

function listFilter(query: Pick<AccountReceiptListQuery, 'show' | 'search'>) {
  const filters = [sql`true`];
  if (query.show === 'open') filters.push(sql`a.voided_at is null and a.amount > coalesce(al.allocated, 0)`);
  if (query.search) {
    const contains = `%${likeEscape(query.search.toLowerCase())}%`;
    filters.push(sql`(lower(coalesce(a.reference, '')) like ${contains} or lower(coalesce(u.email, '')) like ${contains}
      or lower(coalesce(p.company, '')) like ${contains}
      or lower(concat_ws(' ', p.first_name, p.last_name)) like ${contains})`);
  }
  return sql.join(filters, sql` and `);
}

/** GET /api/admin/account-receipts: newest first, with what each has allocated and to which orders. */
export async function listAccountReceipts(db: Db, query: AccountReceiptListQuery) {
  const where = listFilter(query);
  const [rows, counted, open] = await Promise.all([
    queryRows<ListRow>(
      db,
      sql`select a.id, a.user_id, a.amount, a.currency, to_char(a.received_on, 'YYYY-MM-DD') as received_on, a.method,
          a.reference, a.note, a.voided_at, vu.email as voided_by_email, a.void_reason, a.created_at, a.customer_erased_at,
          coalesce(al.allocated, 0) as allocated, u.email,
          coalesce(nullif(p.company, ''), nullif(trim(concat_ws(' ', p.first_name, p.last_name)), '')) as customer_name
        ${receiptsFrom} where ${where}
        order by a.received_on desc, a.created_at desc, a.id
        limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    ),
    queryRows<{ total: number | string }>(db, sql`select count(*) as total ${receiptsFrom} where ${where}`),
    queryRows<{ currency: string; amount: number | string; receipts: number | string }>(
      db,
      sql`select a.currency, sum(a.amount - coalesce(al.allocated, 0)) as amount, count(*) as receipts
        ${receiptsFrom} where a.voided_at is null and a.amount > coalesce(al.allocated, 0)
        group by a.currency order by a.currency`,
    ),
  ]);
  return {
    items: await withAllocations(db, rows),
    total: Number(counted[0]?.total ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    unallocated: open.map((row) => ({
      currency: row.currency,
      amount: Number(row.amount),
      receipts: Number(row.receipts),
    })),
  };
}

async function withAllocations(db: Db, rows: ListRow[]): Promise<AccountReceipt[]> {
  const ids = rows.map((row) => row.id);
  const allocations =
    ids.length === 0
      ? []
      : await db
          .select({
            paymentId: paymentTransactions.id,
            receiptId: paymentTransactions.accountReceiptId,
            orderId: paymentTransactions.orderId,
            orderNumber: orders.orderNumber,
            amount: paymentTransactions.amount,
          })
          .from(paymentTransactions)
          .innerJoin(orders, eq(orders.id, paymentTransactions.orderId))
          .where(and(inArray(paymentTransactions.accountReceiptId, ids), eq(paymentTransactions.status, 'completed')))
          .orderBy(asc(orders.orderNumber));
  return rows.map((row) => {
    const amount = Number(row.amount);
    const allocated = Number(row.allocated);
    return {
      id: row.id,
      customer: row.user_id ? { id: row.user_id, name: row.customer_name, email: row.email } : null,
      customerErased: row.customer_erased_at !== null,
      amount,
      currency: row.currency,
      receivedOn: row.received_on,
      method: row.method,
      reference: row.reference,
      note: row.note,
      allocated,
      unallocated: row.voided_at ? 0 : amount - allocated,
      allocations: allocations
        .filter((entry) => entry.receiptId === row.id)
        .map(({ paymentId, orderId, orderNumber, amount: part }) => ({
          paymentId,
          orderId,
          orderNumber,
          amount: part,
        })),
      voided: row.voided_at ? { at: iso(row.voided_at), by: row.voided_by_email, reason: row.void_reason ?? '' } : null,
      createdAt: iso(row.created_at),
    };
  });
}

/** One receipt on account, as the list shows it. */
export async function accountReceiptOf(db: Db, id: string): Promise<AccountReceipt> {
  const rows = await queryRows<ListRow>(
    db,
    sql`select a.id, a.user_id, a.amount, a.currency, to_char(a.received_on, 'YYYY-MM-DD') as received_on, a.method,
        a.reference, a.note, a.voided_at, vu.email as voided_by_email, a.void_reason, a.created_at, a.customer_erased_at,
        coalesce(al.allocated, 0) as allocated, u.email,
        coalesce(nullif(p.company, ''), nullif(trim(concat_ws(' ', p.first_name, p.last_name)), '')) as customer_name
      ${receiptsFrom} where a.id = ${id}::uuid`,
  );
  const [receipt] = await withAllocations(db, rows);
  if (!receipt) throw notFound(accountReceiptMessages.notFound);
  return receipt;
}

/**
 * The customers' receipts on account with money not yet allocated, oldest first (their statement
 * shows each, aged debt sums them beside what they owe). Voided receipts count nothing.
 */
export async function unallocatedReceipts(
  db: Db,
  userIds: readonly string[],
): Promise<
  {
    id: string;
    userId: string;
    currency: string;
    receivedOn: string;
    reference: string | null;
    createdAt: Date;
    unallocated: number;
  }[]
> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select()
    .from(accountReceipts)
    .where(and(inArray(accountReceipts.userId, [...userIds]), isNull(accountReceipts.voidedAt)))
    .orderBy(asc(accountReceipts.receivedOn), asc(accountReceipts.createdAt));
  if (rows.length === 0) return [];
  const allocated = await db
    .select({ receiptId: paymentTransactions.accountReceiptId, amount: paymentTransactions.amount })
    .from(paymentTransactions)
    .where(
      and(
        inArray(
          paymentTransactions.accountReceiptId,
          rows.map((row) => row.id),
        ),
        eq(paymentTransactions.status, 'completed'),
      ),
    );
  return rows.flatMap((row) => {
    const taken = allocated.filter((entry) => entry.receiptId === row.id).reduce((sum, entry) => sum + entry.amount, 0);
    const unallocated = row.amount - taken;
    if (unallocated <= 0 || !row.userId) return [];
    return [
      {
        id: row.id,
        userId: row.userId,
        currency: row.currency,
        receivedOn: row.receivedOn,
        reference: row.reference,
        createdAt: row.createdAt,
        unallocated,
      },
    ];
  });
}
