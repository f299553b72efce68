import { sql } from 'drizzle-orm';
import { type Permission, permissionsOfRoles, type Role } from '../../shared/staff/permissions';
import { type Dashboard, dashboardFigures } from '../../shared/reporting/dashboard-contracts';
import { shipDatePassed } from '../../shared/batches/ship-date';
import { getProduct } from '../catalogue/catalogue-service';
import { type Db, queryRows } from '../db/client';
import { PRODUCT_KEY } from '../catalogue/catalogue-service';
import { orderLedgerSql } from '../order-records/order-ledger';
import { overdueFilter, todayOf } from '../billing/overdue';
import { productBatchRows, toBatchPlaces } from '../orders/batch-places';
import { quoteTotalSql } from '../quotes/quote-total-sql';
import { exportProofMissingSql } from '../customs/export-proof';

type Money = Record<string, number>;
interface DashboardRow extends Record<string, unknown> {
  data: {
    month: { currency: string; n: number; v: number }[] | null;
    deposits: { currency: string; n: number; v: number }[] | null;
    balances: { currency: string; n: number; v: number }[] | null;
    outstanding: { currency: string; n: number; v: number }[] | null;
    quotes: { currency: string; n: number; v: number }[] | null;
    rate: { quotes: number; converted: number };
    weekly: { week: string; quotes: number; orders: number }[];
    overdue: { deposits: number; balances: number };
  };
}

const sumUp = (rows: { currency: string; n: number; v: number }[] | null) => {
  const value: Money = {};
  let total = 0;
  for (const row of rows ?? []) {
    value[row.currency] = Number(row.v);
    total += Number(row.n);
  }
  return { count: total, value };
};

/**
 * Issue 54: the dashboard of a staff member holding `roles`: only the figures their permissions open
 * (dashboardFigures); the others are left out of the answer, so no money reaches Support or Operations.
 */
export async function loadRoleDashboard(db: Db, now: Date, roles: readonly Role[]): Promise<Dashboard> {
  const held = permissionsOfRoles(roles);
  const opens = (needs: readonly Permission[]) => needs.some((permission) => held.has(permission));
  const all = await loadDashboard(db, now);
  const shown: Dashboard = { currency: all.currency };
  for (const key of Object.keys(dashboardFigures) as (keyof typeof dashboardFigures)[])
    if (opens(dashboardFigures[key]) && all[key] !== undefined) Object.assign(shown, { [key]: all[key] });
  return shown;
}

/** Operations' counts (issue 54): orders waiting for production, in it, and on their way; no money. */
async function productionFigures(db: Db) {
  const rows = await queryRows<{ status: string; n: number | string; units: number | string }>(
    db,
    sql`select status, count(*) as n,
          coalesce(sum(greatest(coalesce((configuration->>'quantity')::int, 1), 1)), 0) as units
        from orders where status in ('confirmed', 'processing', 'shipped') and kind = 'instrument'
        group by status`,
  );
  const of = (status: string) => rows.find((entry) => entry.status === status);
  return {
    toStart: { orders: Number(of('confirmed')?.n ?? 0), instruments: Number(of('confirmed')?.units ?? 0) },
    inProduction: { orders: Number(of('processing')?.n ?? 0), instruments: Number(of('processing')?.units ?? 0) },
    inTransit: { orders: Number(of('shipped')?.n ?? 0) },
  };
}

/**
 * Support's counts (issue 54): open requests by step, and received chargeable repairs still waiting for
 * their repair quote to be accepted and paid in full (repair-payment.ts's rule, in SQL).
 */
async function serviceFigures(db: Db) {
  const [row] = await queryRows<{ requested: number; authorised: number; received: number; awaiting: number }>(
    db,
    sql`select
          count(*) filter (where s.status = 'requested') as requested,
          count(*) filter (where s.status = 'authorised') as authorised,
          count(*) filter (where s.status = 'received') as received,
          count(*) filter (where s.status = 'received'
            and (not s.under_warranty or s.not_covered_reason is not null)
            and s.repair_override_reason is null
            and not exists (select 1 from orders o where o.quote_id = s.repair_quote_id
                            and o.payment_status = 'fully_paid' and o.status <> 'cancelled')) as awaiting
        from service_requests s`,
  );
  return {
    requested: Number(row?.requested ?? 0),
    authorised: Number(row?.authorised ?? 0),
    received: Number(row?.received ?? 0),
    awaitingRepairPayment: Number(row?.awaiting ?? 0),
  };
}

/** Every figure of the dashboard from one query: nothing is loaded row by row into the browser. */
export async function loadDashboard(db: Db, now: Date): Promise<Dashboard> {
  const at = now.toISOString();
  const [row] = await queryRows<DashboardRow>(
    db,
    sql`with
      -- The deposits, balances and outstanding cards all sum each order's figures by the ledger's rule
      -- (order-ledger.ts), so credits and refunds count alike on each; one pass over the orders.
      -- Nothing is paid on a pending order: its deposit is due, never more than the ledger says is owed;
      -- a part-paid deposit still awaits what its invoice asks for beyond the money held.
      ledger as (select currency,
                 count(*) filter (where payment_status in ('pending', 'deposit_part_paid') and status <> 'cancelled') as deposits_n,
                 sum(case when payment_status = 'pending' then least(deposit_amount, outstanding) else deposit_outstanding end)
                   filter (where payment_status in ('pending', 'deposit_part_paid') and status <> 'cancelled') as deposits_v,
                 count(*) filter (where payment_status = 'deposit_paid' and status <> 'cancelled') as balances_n,
                 sum(outstanding) filter (where payment_status = 'deposit_paid' and status <> 'cancelled') as balances_v,
                 count(*) filter (where outstanding > 0) as outstanding_n,
                 sum(outstanding) filter (where outstanding > 0) as outstanding_v
                 from (${orderLedgerSql}) l group by currency),
      weeks as (select generate_series(date_trunc('week', ${at}::timestamptz) - interval '11 weeks', date_trunc('week', ${at}::timestamptz), interval '1 week') as week)
    select json_build_object(
      'month', (select json_agg(x) from (select currency, count(*) as n, sum(total_amount) as v from orders
                where created_at >= date_trunc('month', ${at}::timestamptz) and status <> 'cancelled' group by currency) x),
      'deposits', (select json_agg(json_build_object('currency', currency, 'n', deposits_n, 'v', deposits_v)) from ledger where deposits_n > 0),
      'balances', (select json_agg(json_build_object('currency', currency, 'n', balances_n, 'v', balances_v)) from ledger where balances_n > 0),
      'outstanding', (select json_agg(json_build_object('currency', currency, 'n', outstanding_n, 'v', outstanding_v)) from ledger where outstanding_n > 0),
      'quotes', (select json_agg(x) from (select currency, count(*) as n,
                sum(coalesce((${quoteTotalSql('q')})::numeric, 0))::bigint as v from quotes q
                where status = 'sent' and (valid_until is null or valid_until >= ${at}::timestamptz)
                and not exists (select 1 from orders o where o.quote_id = q.id) group by currency) x),
      'rate', (select json_build_object('quotes', count(*), 'converted', count(*) filter (where exists (select 1 from orders o where o.quote_id = q.id)))
                from quotes q where created_at >= ${at}::timestamptz - interval '90 days'
                and coalesce(q.configuration->>'flowType', 'quote') <> 'order'),
      'overdue', json_build_object(
                  'deposits', (select count(*) from orders t where ${overdueFilter('deposit', todayOf(now))}),
                  'balances', (select count(*) from orders t where ${overdueFilter('balance', todayOf(now))})),
      'weekly', (select json_agg(json_build_object('week', w.week,
                  'quotes', (select count(*) from quotes where created_at >= w.week and created_at < w.week + interval '1 week'),
                  'orders', (select count(*) from orders where created_at >= w.week and created_at < w.week + interval '1 week')) order by w.week) from weeks w)
    ) as data`,
  );
  if (!row) throw new Error('Loading the dashboard failed');
  const data = typeof row.data === 'string' ? (JSON.parse(row.data) as DashboardRow['data']) : row.data;
  const month = sumUp(data.month);
  const deposits = sumUp(data.deposits);
  const balances = sumUp(data.balances);
  const outstanding = sumUp(data.outstanding);
  const quotes = sumUp(data.quotes);
  const batches = (await getProduct(db, PRODUCT_KEY))?.batches ?? [];
  const [exportProofMissing] = await queryRows<{ n: number | string }>(db, exportProofMissingSql);
  const rateQuotes = Number(data.rate.quotes);
  const converted = Number(data.rate.converted);
  return {
    currency: 'GBP',
    ordersThisMonth: { count: month.count, value: month.value },
    depositsAwaiting: { count: deposits.count, amount: deposits.value },
    balancesAwaiting: { count: balances.count, amount: balances.value },
    outstanding: { count: outstanding.count, amount: outstanding.value },
    openQuotes: { count: quotes.count, value: quotes.value },
    depositsOverdue: { count: Number(data.overdue.deposits) },
    balancesOverdue: { count: Number(data.overdue.balances) },
    exportProofMissing: { count: Number(exportProofMissing?.n ?? 0) },
    quoteToOrderRate90d: { quotes: rateQuotes, converted, rate: rateQuotes === 0 ? 0 : converted / rateQuotes },
    weekly: (data.weekly ?? []).map((week) => ({
      weekStart: new Date(week.week).toISOString().slice(0, 10),
      quotes: Number(week.quotes),
      orders: Number(week.orders),
    })),
    batchPlaces: (await productBatchRows(db)).map(toBatchPlaces),
    batchesPastShipDate: batches
      .filter((batch) => shipDatePassed(batch, now))
      .map((batch) => ({ id: batch.id, name: batch.name, date: batch.date ?? '' })),
    production: await productionFigures(db),
    service: await serviceFigures(db),
  };
}
