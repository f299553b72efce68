import { ERASED } from '../../shared/privacy/privacy-contracts';
import { sql, type SQL } from 'drizzle-orm';
import type {
  PaymentsRegisterQuery,
  PaymentsRegisterRow,
  PaymentsRegisterTotal,
} from '../../shared/reporting/payments-register-contracts';
import { type Db, queryRows } from '../db/client';
import type { Address } from '../db/schema';
import { likeEscape } from '../db/list-sql';
import { csvDate, methodLabel, registerCustomer, signedMajor } from './accounting-export';

/**
 * The payments register (issue 36): every receipt and every refund, by the day the money moved, so a
 * finance clerk can match each line of the bank statement. Issue 51: a receipt on account (or
 * unidentified) is one line, the bank's, with what is still unallocated and the orders it went to
 * (its allocations are not lines of their own: they moved no money); a voided receipt stays listed
 * as 'voided', with who, when and why, and counts in no total. A receipt is a payment recorded completed
 * (or one marked refunded before partial refunds existed: the money did come in); its day is the day
 * it was received (processed_at, London). A refund is a row of the refunds table on its refunded_on,
 * negative; a payment marked refunded before the refunds table has no such row, so its refund is
 * listed on the day it was marked (refunded_at), keeping each currency's net true. The invoice is the
 * one the receipt was recorded against (a refund: its payment's); receipts recorded before receipts
 * named an invoice show none rather than a guess.
 */

const movements = sql`
  select p.id::text as id, 'receipt' as kind, (coalesce(p.processed_at, p.created_at) at time zone 'Europe/London')::date as day,
    coalesce(p.processed_at, p.created_at) as at, p.amount, p.currency, p.payment_method as method, p.reference,
    p.order_id, p.invoice_id, null::uuid as user_id, null::uuid as account_receipt_id,
    null::timestamptz as voided_at, null::uuid as voided_by, null::text as void_reason
  from payment_transactions p where p.status in ('completed', 'refunded') and p.account_receipt_id is null
  union all
  select p.id::text, 'voided', (coalesce(p.processed_at, p.created_at) at time zone 'Europe/London')::date,
    coalesce(p.processed_at, p.created_at), p.amount, p.currency, p.payment_method, p.reference,
    p.order_id, p.invoice_id, null, null, p.voided_at, p.voided_by, p.void_reason
  from payment_transactions p where p.status = 'voided' and p.account_receipt_id is null
  union all
  select r.id::text, 'refund', r.refunded_on, r.created_at, -r.amount, r.currency, r.method, r.reference,
    r.order_id, p.invoice_id, null, null, null, null, null
  from refunds r join payment_transactions p on p.id = r.payment_id
  union all
  select p.id::text, 'refund', (coalesce(p.refunded_at, p.processed_at, p.created_at) at time zone 'Europe/London')::date,
    coalesce(p.refunded_at, p.processed_at, p.created_at), -p.amount, p.currency, p.payment_method, null,
    p.order_id, p.invoice_id, null, null, null, null, null
  from payment_transactions p
  where p.status = 'refunded' and not exists (select 1 from refunds r where r.payment_id = p.id)
  union all
  select a.id::text, case when a.voided_at is null then 'receipt' else 'voided' end, a.received_on, a.created_at,
    a.amount, a.currency, a.method, a.reference, null, null, a.user_id, a.id, a.voided_at, a.voided_by, a.void_reason
  from account_receipts a`;

const from = sql`from (${movements}) t left join orders o on o.id = t.order_id left join invoices i on i.id = t.invoice_id
  left join profiles pr on pr.id = t.user_id left join users vu on vu.id = t.voided_by
  left join account_receipts ar on ar.id = t.account_receipt_id
  left join (select x.account_receipt_id, sum(x.amount) as allocated from payment_transactions x
    where x.account_receipt_id is not null and x.status = 'completed' group by x.account_receipt_id) al
    on al.account_receipt_id = t.account_receipt_id`;

/** A receipt on account's money not yet allocated (null for any other line; 0 once voided). */
const unallocatedSql = sql`case when t.account_receipt_id is null then null when t.kind = 'voided' then 0
  else t.amount - coalesce(al.allocated, 0) end`;

/**
 * A search term as an amount in minor units, or null: "1731", "1,731.00", "1731.5" and "£1,731.00"
 * are amounts; "1,73" or "17.315" are not (they still search the references).
 */
export function searchAmount(term: string): number | null {
  const text = term.replace(/^[£€$]\s*/, '').trim();
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.test(text)) return null;
  const [units = '0', pence = ''] = text.replaceAll(',', '').split('.');
  return Number(units) * 100 + Number(pence.padEnd(2, '0'));
}

function filtersOf(query: Pick<PaymentsRegisterQuery, 'from' | 'to' | 'search'>): SQL {
  const filters = [sql`t.day >= ${query.from}::date`, sql`t.day <= ${query.to}::date`];
  if (query.search) {
    const contains = `%${likeEscape(query.search.toLowerCase())}%`;
    const amount = searchAmount(query.search);
    filters.push(sql`(lower(coalesce(t.reference, '')) like ${contains}
      or lower(coalesce(o.order_number, '')) like ${contains}
      or lower(coalesce(pr.email, '')) like ${contains} or lower(coalesce(pr.company, '')) like ${contains}
      or lower(coalesce(i.number, '')) like ${contains}
      ${amount === null ? sql`` : sql`or abs(t.amount) = ${amount}`})`);
  }
  return sql.join(filters, sql` and `);
}

interface MovementRow extends Record<string, unknown> {
  id: string;
  kind: 'receipt' | 'refund' | 'voided';
  day_text: string;
  order_id: string | null;
  order_number: string | null;
  account_receipt_id: string | null;
  unallocated: number | string | null;
  voided_at: Date | string | null;
  voided_by_email: string | null;
  void_reason: string | null;
  profile_name: string | null;
  profile_company: string | null;
  profile_email: string | null;
  /** Issue 51: the receipt's customer was erased (kept for the financial hold, not unidentified). */
  customer_erased_at: Date | string | null;
  invoice_number: string | null;
  customer_info: Record<string, unknown> | null;
  billing_address: Address | null;
  amount: number | string;
  currency: string;
  method: string | null;
  reference: string | null;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** A receipt on account's customer: the account's company or name; an erased one's; none given: unidentified. */
const accountCustomer = (row: MovementRow) =>
  row.profile_company ||
  row.profile_name ||
  row.profile_email ||
  (row.customer_erased_at ? `${ERASED} (on account)` : 'Unidentified (on account)');

const toRow = (
  row: MovementRow,
  allocations: Map<string, PaymentsRegisterRow['allocatedTo']>,
): PaymentsRegisterRow => ({
  id: row.id,
  kind: row.kind,
  date: row.day_text,
  orderId: row.order_id,
  orderNumber: row.order_number,
  accountReceiptId: row.account_receipt_id,
  unallocated: row.unallocated === null ? null : Number(row.unallocated),
  allocatedTo: row.account_receipt_id ? (allocations.get(row.account_receipt_id) ?? []) : [],
  voided: row.voided_at ? { at: iso(row.voided_at), by: row.voided_by_email, reason: row.void_reason ?? '' } : null,
  invoiceNumber: row.invoice_number,
  customer: row.account_receipt_id
    ? accountCustomer(row)
    : registerCustomer({
        configuration: row.customer_info ? { customerInfo: row.customer_info } : null,
        billingAddress: row.billing_address,
      }),
  amount: Number(row.amount),
  currency: row.currency,
  method: methodLabel(row.method),
  reference: row.reference,
});

/** Oldest first, by day, then the moment recorded (a refund after the receipt it pays back). */
async function loadRows(
  db: Db,
  query: Pick<PaymentsRegisterQuery, 'from' | 'to' | 'search'>,
  limit: number,
  offset: number,
) {
  const rows = await queryRows<MovementRow>(
    db,
    sql`select t.id, t.kind, to_char(t.day, 'YYYY-MM-DD') as day_text, t.order_id, o.order_number,
      i.number as invoice_number, o.configuration->'customerInfo' as customer_info, o.billing_address,
      t.amount, t.currency, t.method, t.reference, t.account_receipt_id, ${unallocatedSql} as unallocated,
      t.voided_at, vu.email as voided_by_email, t.void_reason,
      nullif(trim(concat_ws(' ', pr.first_name, pr.last_name)), '') as profile_name, pr.company as profile_company,
      pr.email as profile_email, ar.customer_erased_at
    ${from} where ${filtersOf(query)}
    order by t.day, t.at, t.kind, t.id limit ${limit} offset ${offset}`,
  );
  const receiptIds = rows.flatMap((row) => (row.account_receipt_id ? [row.account_receipt_id] : []));
  const allocations = new Map<string, PaymentsRegisterRow['allocatedTo']>();
  if (receiptIds.length > 0) {
    const allocated = await queryRows<{
      account_receipt_id: string;
      order_id: string;
      order_number: string;
      amount: string | number;
    }>(
      db,
      sql`select x.account_receipt_id, x.order_id, o.order_number, sum(x.amount) as amount
        from payment_transactions x join orders o on o.id = x.order_id
        where x.status = 'completed' and x.account_receipt_id in (${sql.join(
          receiptIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        group by x.account_receipt_id, x.order_id, o.order_number order by o.order_number`,
    );
    for (const row of allocated) {
      const list = allocations.get(row.account_receipt_id) ?? [];
      list.push({ orderId: row.order_id, orderNumber: row.order_number, amount: Number(row.amount) });
      allocations.set(row.account_receipt_id, list);
    }
  }
  return rows.map((row) => toRow(row, allocations));
}

/** The totals per currency of the filter: received, refunded (positive) and net. */
export async function paymentsRegisterTotals(
  db: Db,
  query: Pick<PaymentsRegisterQuery, 'from' | 'to' | 'search'>,
): Promise<PaymentsRegisterTotal[]> {
  const rows = await queryRows<Record<string, string | number>>(
    db,
    sql`select t.currency, count(*) filter (where t.kind = 'receipt') as receipts,
      count(*) filter (where t.kind = 'refund') as refunds,
      count(*) filter (where t.kind = 'voided') as voided,
      coalesce(sum(t.amount) filter (where t.kind = 'receipt'), 0) as received,
      -coalesce(sum(t.amount) filter (where t.kind = 'refund'), 0) as refunded,
      coalesce(sum(t.amount) filter (where t.kind <> 'voided'), 0) as net,
      coalesce(sum(${unallocatedSql}), 0) as unallocated
    ${from} where ${filtersOf(query)} group by t.currency order by t.currency`,
  );
  return rows.map((row) => ({
    currency: String(row.currency),
    receipts: Number(row.receipts),
    refunds: Number(row.refunds),
    received: Number(row.received),
    refunded: Number(row.refunded),
    net: Number(row.net),
    unallocated: Number(row.unallocated),
    voided: Number(row.voided),
  }));
}

/** GET /api/admin/payments: one page of the filter, its size and its totals per currency. */
export async function loadPaymentsRegister(db: Db, query: PaymentsRegisterQuery) {
  const [items, totals] = await Promise.all([
    loadRows(db, query, query.pageSize, (query.page - 1) * query.pageSize),
    paymentsRegisterTotals(db, query),
  ]);
  const total = totals.reduce((sum, row) => sum + row.receipts + row.refunds + row.voided, 0);
  return { from: query.from, to: query.to, items, total, page: query.page, pageSize: query.pageSize, totals };
}

export const paymentsRegisterHeader = [
  'Date',
  'Type',
  'Order',
  'Invoice',
  'Customer',
  'Amount',
  'Currency',
  'Method',
  'Reference',
  'Unallocated',
  'Note',
];

type Cells = (string | number | null)[];

const kindLabels = { receipt: 'Receipt', refund: 'Refund', voided: 'Voided receipt' } as const;

/**
 * A line's note: a receipt on account names the orders it was allocated to; a voided receipt what
 * was keyed, who voided it, when and why (its Amount cell is 0: it counts in no sum).
 */
function noteOf(row: PaymentsRegisterRow): string {
  if (row.voided)
    return `Voided ${(row.amount / 100).toFixed(2)} ${row.currency} on ${row.voided.at.slice(0, 10)}${row.voided.by ? ` by ${row.voided.by}` : ''}: ${row.voided.reason}`;
  if (row.accountReceiptId)
    return row.allocatedTo.length === 0
      ? 'On account, not allocated'
      : `Allocated to ${row.allocatedTo.map((entry) => `${entry.orderNumber} ${(entry.amount / 100).toFixed(2)}`).join('; ')}`;
  return '';
}

const rowCells = (row: PaymentsRegisterRow): Cells => [
  csvDate(row.date),
  kindLabels[row.kind],
  row.orderNumber,
  row.invoiceNumber,
  row.customer,
  signedMajor(row.kind === 'voided' ? 0 : row.amount),
  row.currency,
  row.method,
  row.reference,
  row.unallocated === null ? null : signedMajor(row.unallocated),
  noteOf(row),
];

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Three lines per currency under the rows: received, refunded (negative, as the rows) and net. */
const totalCells = (total: PaymentsRegisterTotal): Cells[] => [
  [
    '',
    `Total received ${total.currency}`,
    '',
    '',
    plural(total.receipts, 'receipt'),
    signedMajor(total.received),
    total.currency,
    '',
    '',
    '',
    '',
  ],
  [
    '',
    `Total refunded ${total.currency}`,
    '',
    '',
    plural(total.refunds, 'refund'),
    signedMajor(-total.refunded),
    total.currency,
    '',
    '',
    '',
    '',
  ],
  ['', `Net ${total.currency}`, '', '', '', signedMajor(total.net), total.currency, '', '', '', ''],
  [
    '',
    `Unallocated ${total.currency}`,
    '',
    '',
    'On account, not yet allocated to an invoice',
    '',
    total.currency,
    '',
    '',
    signedMajor(total.unallocated),
    '',
  ],
];

/** GET /api/admin/payments.csv: the filter's rows in batches (never the whole range in memory), then the totals. */
export async function* paymentsRegisterCsv(
  db: Db,
  query: Pick<PaymentsRegisterQuery, 'from' | 'to' | 'search'>,
  batchSize = 1000,
): AsyncGenerator<Cells[]> {
  for (let offset = 0; ; offset += batchSize) {
    const rows = await loadRows(db, query, batchSize, offset);
    if (rows.length > 0) yield rows.map(rowCells);
    if (rows.length < batchSize) break;
  }
  yield (await paymentsRegisterTotals(db, query)).flatMap(totalCells);
}
