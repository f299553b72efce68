import { inArray, sql } from 'drizzle-orm';
import {
  type AgedDebtAnswer,
  type AgedDebtBucket,
  agedDebtBucketLabels,
  agedDebtBucketOf,
  agedDebtBuckets,
  type AgedDebtCurrency,
  type AgedDebtCustomer,
  type AgedDebtInvoice,
  type AgedDebtQuery,
  type BucketAmounts,
} from '../../shared/reporting/receivables-schemas';
import { csvMoney } from '../../shared/csv';
import { customerFallbacks } from '../../shared/lists';
import { ERASED } from '../../shared/privacy/privacy-contracts';
import { type Db, queryRows } from '../db/client';
import { fallback, nameOf } from '../db/list-sql';
import { invoices, paymentTransactions, refunds } from '../db/schema';
import {
  type LedgerInvoice,
  type LedgerPayment,
  orderLedgerSql,
  receivableInvoices,
} from '../order-records/order-ledger';
import { todayOf } from '../billing/overdue';

/**
 * The aged-debt report (issue 36): every deposit or balance invoice with something outstanding, by
 * customer, in buckets of days past its due date as of the shop's today, one section per currency.
 * The figures are the ledger's (order-ledger.ts receivableInvoices): each invoice's outstanding from
 * the money held allocated in number order, a cancelled order's only what its ledger still owes.
 */

const DAY_MS = 86_400_000;

/** Whole days from `dueDate` to `today` (both YYYY-MM-DD): 0 on the due date, negative before it. */
export const daysPastDue = (dueDate: string, today: string) =>
  Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueDate}T00:00:00Z`)) / DAY_MS);

const noBuckets = (): BucketAmounts =>
  Object.fromEntries(agedDebtBuckets.map((bucket) => [bucket, 0])) as Record<AgedDebtBucket, number>;

interface CandidateRow extends Record<string, unknown> {
  order_id: string;
  order_number: string;
  currency: string;
  status: string;
  total_amount: number | string;
  created_at: string | Date;
  user_id: string | null;
  guest_key: string | null;
  erased: boolean;
  profile_email: string | null;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  info_email: string | null;
  info_first: string | null;
  info_last: string | null;
  info_org: string | null;
}

/** The orders whose ledger has something outstanding and which have a deposit or balance invoice. */
async function candidateOrders(db: Db): Promise<CandidateRow[]> {
  return queryRows<CandidateRow>(
    db,
    sql`select o.id as order_id, o.order_number, o.currency, o.status, o.total_amount, o.created_at, o.user_id,
        case when o.user_id is null and coalesce(o.configuration->'customerInfo'->>'email', '') <> ''
          then 'guest:' || md5(lower(o.configuration->'customerInfo'->>'email')) end as guest_key,
        (o.legal_hold_until is not null or o.personal_data_purged_at is not null) as erased,
        p.email as profile_email, p.first_name, p.last_name, p.company,
        o.configuration->'customerInfo'->>'email' as info_email,
        o.configuration->'customerInfo'->>'firstName' as info_first,
        o.configuration->'customerInfo'->>'lastName' as info_last,
        o.configuration->'customerInfo'->>'organization' as info_org
      from (${orderLedgerSql}) l join orders o on o.id = l.order_id left join profiles p on p.id = o.user_id
      where l.outstanding > 0 and exists (select 1 from invoices i where i.order_id = o.id and i.kind <> 'credit')
      order by o.created_at desc, o.id desc`,
  );
}

/** The ledger rows of the candidate orders, grouped by order (in slices, so any number of orders fits the parameters). */
async function ledgerRowsOf(db: Db, orderIds: string[]) {
  const payments = new Map<string, LedgerPayment[]>();
  const issued = new Map<string, LedgerInvoice[]>();
  const paidBack = new Map<string, { amount: number }[]>();
  const push = <T>(map: Map<string, T[]>, key: string, value: T) => map.set(key, [...(map.get(key) ?? []), value]);
  for (let start = 0; start < orderIds.length; start += 2000) {
    const slice = orderIds.slice(start, start + 2000);
    const [paymentRows, invoiceRows, refundRows] = await Promise.all([
      db
        .select({
          orderId: paymentTransactions.orderId,
          amount: paymentTransactions.amount,
          status: paymentTransactions.status,
        })
        .from(paymentTransactions)
        .where(inArray(paymentTransactions.orderId, slice)),
      db
        .select({
          orderId: invoices.orderId,
          id: invoices.id,
          kind: invoices.kind,
          number: invoices.number,
          dueDate: invoices.dueDate,
          creditsInvoiceId: invoices.creditsInvoiceId,
          amount: invoices.amount,
        })
        .from(invoices)
        .where(inArray(invoices.orderId, slice)),
      db
        .select({ orderId: refunds.orderId, amount: refunds.amount })
        .from(refunds)
        .where(inArray(refunds.orderId, slice)),
    ]);
    for (const { orderId, ...row } of paymentRows) push(payments, orderId, row);
    for (const { orderId, ...row } of invoiceRows) push(issued, orderId, row);
    for (const { orderId, ...row } of refundRows) push(paidBack, orderId, row);
  }
  return { payments, issued, paidBack };
}

/** Who a candidate order belongs to, as the admin's customer list names them; an erased customer reads "[erased]". */
function customerOf(row: CandidateRow): Omit<AgedDebtCustomer, 'buckets' | 'total' | 'invoices'> & { group: string } {
  if (row.erased) {
    return {
      group: `erased:${row.order_id}`,
      key: null,
      name: ERASED,
      organisation: ERASED,
      email: ERASED,
      erased: true,
    };
  }
  const infoName = nameOf(row.info_first, row.info_last);
  const organisation = (row.company && row.company.trim() !== '' ? row.company : row.info_org) || null;
  if (row.user_id) {
    return {
      group: row.user_id,
      key: row.user_id,
      name: nameOf(row.first_name, row.last_name) ?? infoName,
      organisation,
      email: row.profile_email,
      erased: false,
    };
  }
  return {
    group: row.guest_key ?? `order:${row.order_id}`,
    key: row.guest_key,
    name: infoName,
    organisation,
    email: row.info_email,
    erased: false,
  };
}

function matches(customer: AgedDebtCustomer, invoice: AgedDebtInvoice, term: string) {
  const who = customer.erased ? [] : [customer.name, customer.organisation, customer.email];
  return [...who, invoice.number, invoice.orderNumber].some((text) => text?.toLowerCase().includes(term));
}

/**
 * The report as of `now`'s day (UTC, the shop's clock): per currency (GBP before EUR, then any other),
 * its customers by amount owed (largest first), each customer's open invoices by due date, and the
 * totals per bucket. A search keeps the invoices whose customer, e-mail, organisation, order or
 * invoice number contain it (an erased customer is found by the numbers only).
 */
export async function loadAgedDebt(db: Db, now: Date, query: AgedDebtQuery = {}): Promise<AgedDebtAnswer> {
  const today = todayOf(now);
  const candidates = (await candidateOrders(db)).filter((row) => !query.currency || row.currency === query.currency);
  const rows = await ledgerRowsOf(
    db,
    candidates.map((row) => row.order_id),
  );
  const term = query.search?.toLowerCase();
  const sections = new Map<string, Map<string, AgedDebtCustomer>>();
  for (const order of candidates) {
    const open = receivableInvoices(
      { totalAmount: Number(order.total_amount), currency: order.currency, status: order.status },
      rows.payments.get(order.order_id) ?? [],
      rows.issued.get(order.order_id) ?? [],
      rows.paidBack.get(order.order_id) ?? [],
    );
    if (open.length === 0) continue;
    const { group, ...who } = customerOf(order);
    const customers = sections.get(order.currency) ?? new Map<string, AgedDebtCustomer>();
    sections.set(order.currency, customers);
    // Candidates come newest order first: a customer's name is the one of their latest order.
    const customer = customers.get(group) ?? { ...who, buckets: noBuckets(), total: 0, invoices: [] };
    for (const balance of open) {
      const daysOverdue = daysPastDue(balance.dueDate, today);
      const invoice: AgedDebtInvoice = {
        invoiceId: balance.id,
        number: balance.number,
        kind: balance.kind,
        orderId: order.order_id,
        orderNumber: order.order_number,
        dueDate: balance.dueDate,
        daysOverdue,
        bucket: agedDebtBucketOf(daysOverdue),
        outstanding: balance.outstanding,
      };
      if (term && !matches(customer, invoice, term)) continue;
      customer.invoices.push(invoice);
      customer.buckets[invoice.bucket] += invoice.outstanding;
      customer.total += invoice.outstanding;
    }
    if (customer.invoices.length > 0) customers.set(group, customer);
  }
  // Issue 51: money on account not yet allocated, per currency (unidentified receipts included).
  const unallocated = new Map(
    (
      await queryRows<{ currency: string; amount: number | string }>(
        db,
        sql`select a.currency, sum(a.amount - coalesce(al.allocated, 0)) as amount from account_receipts a
          left join (select account_receipt_id, sum(amount) as allocated from payment_transactions
            where account_receipt_id is not null and status = 'completed' group by account_receipt_id) al
            on al.account_receipt_id = a.id
          where a.voided_at is null and a.amount > coalesce(al.allocated, 0)
          group by a.currency`,
      )
    )
      .filter((row) => !query.currency || row.currency === query.currency)
      .map((row) => [row.currency, Number(row.amount)] as const),
  );
  for (const currency of unallocated.keys()) if (!sections.has(currency)) sections.set(currency, new Map());
  const order = (currency: string) => (currency === 'GBP' ? 0 : currency === 'EUR' ? 1 : 2);
  const currencies = [...sections.entries()]
    .filter(([currency, customers]) => customers.size > 0 || (unallocated.get(currency) ?? 0) > 0)
    .sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b))
    .map(([currency, customers]): AgedDebtCurrency => {
      const list = [...customers.values()].sort(
        (a, b) => b.total - a.total || (a.name ?? '').localeCompare(b.name ?? ''),
      );
      const buckets = noBuckets();
      for (const customer of list) {
        customer.invoices.sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.number.localeCompare(b.number));
        for (const bucket of agedDebtBuckets) buckets[bucket] += customer.buckets[bucket];
      }
      return {
        currency,
        customers: list,
        buckets,
        total: list.reduce((sum, customer) => sum + customer.total, 0),
        invoiceCount: list.reduce((sum, customer) => sum + customer.invoices.length, 0),
        unallocated: unallocated.get(currency) ?? 0,
      };
    });
  return { asOf: today, currencies };
}

/** The CSV's columns: one line per open invoice, its outstanding in its bucket's column, then a total line per currency. */
export const agedDebtCsvHeader = [
  'Currency',
  'Customer',
  'Organisation',
  'E-mail',
  'Invoice',
  'Type',
  'Order',
  'Due date',
  'Days past due',
  ...agedDebtBuckets.map((bucket) => agedDebtBucketLabels[bucket]),
  'Outstanding',
];

/** The report's CSV lines (as of the report's day, amounts in major units with two decimals). */
export function agedDebtCsvRows(report: AgedDebtAnswer): (string | number | null)[][] {
  const lines: (string | number | null)[][] = [];
  for (const section of report.currencies) {
    for (const customer of section.customers) {
      for (const invoice of customer.invoices) {
        lines.push([
          section.currency,
          fallback(customer.name, customerFallbacks.noName),
          customer.organisation ?? '',
          customer.email ?? '',
          invoice.number,
          invoice.kind === 'deposit' ? 'Deposit' : 'Balance',
          invoice.orderNumber,
          invoice.dueDate,
          invoice.daysOverdue,
          ...agedDebtBuckets.map((bucket) => (bucket === invoice.bucket ? csvMoney(invoice.outstanding) : '')),
          csvMoney(invoice.outstanding),
        ]);
      }
    }
    lines.push([
      section.currency,
      `Total ${section.currency} as of ${report.asOf}`,
      '',
      '',
      `${section.invoiceCount} invoices`,
      '',
      '',
      '',
      '',
      ...agedDebtBuckets.map((bucket) => csvMoney(section.buckets[bucket])),
      csvMoney(section.total),
    ]);
    if (section.unallocated) {
      const blanks = agedDebtBuckets.map(() => '');
      lines.push([
        section.currency,
        `Receipts on account not yet allocated ${section.currency}`,
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        ...blanks,
        csvMoney(-section.unallocated),
      ]);
    }
  }
  return lines;
}
