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
 * finance clerk can match each line of the bank statement. A receipt is a payment recorded completed
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
    p.order_id, p.invoice_id
  from payment_transactions p where p.status in ('completed', 'refunded')
  union all
  select r.id::text, 'refund', r.refunded_on, r.created_at, -r.amount, r.currency, r.method, r.reference,
    r.order_id, p.invoice_id
  from refunds r join payment_transactions p on p.id = r.payment_id
  union all
  select p.id::text, 'refund', (coalesce(p.refunded_at, p.processed_at, p.created_at) at time zone 'Europe/London')::date,
    coalesce(p.refunded_at, p.processed_at, p.created_at), -p.amount, p.currency, p.payment_method, null,
    p.order_id, p.invoice_id
  from payment_transactions p
  where p.status = 'refunded' and not exists (select 1 from refunds r where r.payment_id = p.id)`;

const from = sql`from (${movements}) t join orders o on o.id = t.order_id left join invoices i on i.id = t.invoice_id`;

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
      or lower(o.order_number) like ${contains}
      or lower(coalesce(i.number, '')) like ${contains}
      ${amount === null ? sql`` : sql`or abs(t.amount) = ${amount}`})`);
  }
  return sql.join(filters, sql` and `);
}

interface MovementRow extends Record<string, unknown> {
  id: string;
  kind: 'receipt' | 'refund';
  day_text: string;
  order_id: string;
  order_number: string;
  invoice_number: string | null;
  customer_info: Record<string, unknown> | null;
  billing_address: Address | null;
  amount: number | string;
  currency: string;
  method: string | null;
  reference: string | null;
}

const toRow = (row: MovementRow): PaymentsRegisterRow => ({
  id: row.id,
  kind: row.kind,
  date: row.day_text,
  orderId: row.order_id,
  orderNumber: row.order_number,
  invoiceNumber: row.invoice_number,
  customer: registerCustomer({
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
      t.amount, t.currency, t.method, t.reference
    ${from} where ${filtersOf(query)}
    order by t.day, t.at, t.kind, t.id limit ${limit} offset ${offset}`,
  );
  return rows.map(toRow);
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
      coalesce(sum(t.amount) filter (where t.kind = 'receipt'), 0) as received,
      -coalesce(sum(t.amount) filter (where t.kind = 'refund'), 0) as refunded,
      coalesce(sum(t.amount), 0) as net
    ${from} where ${filtersOf(query)} group by t.currency order by t.currency`,
  );
  return rows.map((row) => ({
    currency: String(row.currency),
    receipts: Number(row.receipts),
    refunds: Number(row.refunds),
    received: Number(row.received),
    refunded: Number(row.refunded),
    net: Number(row.net),
  }));
}

/** GET /api/admin/payments: one page of the filter, its size and its totals per currency. */
export async function loadPaymentsRegister(db: Db, query: PaymentsRegisterQuery) {
  const [items, totals] = await Promise.all([
    loadRows(db, query, query.pageSize, (query.page - 1) * query.pageSize),
    paymentsRegisterTotals(db, query),
  ]);
  const total = totals.reduce((sum, row) => sum + row.receipts + row.refunds, 0);
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
];

type Cells = (string | number | null)[];

const rowCells = (row: PaymentsRegisterRow): Cells => [
  csvDate(row.date),
  row.kind === 'receipt' ? 'Receipt' : 'Refund',
  row.orderNumber,
  row.invoiceNumber,
  row.customer,
  signedMajor(row.amount),
  row.currency,
  row.method,
  row.reference,
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
  ],
  ['', `Net ${total.currency}`, '', '', '', signedMajor(total.net), total.currency, '', ''],
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
