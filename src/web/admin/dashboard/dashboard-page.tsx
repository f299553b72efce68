import { useQuery } from '@tanstack/react-query';
import { FileText, Settings, ShoppingCart, Users } from 'lucide-react';
import { Link } from 'react-router';
import { type Dashboard, dashboardSchema } from '../../../shared/reporting/dashboard-contracts';
import { formatUkDate } from '../../../shared/dates';
import { PageLoading } from '../../ui/page-loading';
import { adminApi } from '../shell/admin-api';
import { AdminHeading, useMayOpen } from '../shell/admin-layout';
import { LinkCard } from '../shell/link-card';
import { money } from '../shell/format';
import { StateMessage } from '../shell/list-toolbar';
import { BatchesPanel } from './batches-panel';
import { WeeklyChart } from './weekly-chart';
import { RecentOrders } from './recent-orders';
import { PendingExtensionsPanel } from '../quotes/quote-extension-panel';
import { usePermissions } from '../shell/permissions';
import { businessProfileChecklistResponseSchema } from '../../../shared/business-profile-schemas';
import { SetupChecklist } from '../profile/business-profile-page';

/** The dashboard's cards; the catalogue and settings pages add theirs here. */
export const dashboardCards = [
  { to: '/admin/users', title: 'Users', text: 'Customers and admins, two-factor resets', icon: Users },
  { to: '/admin/quotes', title: 'Quotes', text: 'Every quote and its status', icon: FileText },
  { to: '/admin/orders', title: 'Orders', text: 'Confirm, take payments, ship', icon: ShoppingCart },
  { to: '/admin/settings', title: 'Settings', text: 'Catalogue and system settings', icon: Settings },
];

const amounts = (values: Record<string, number>) => {
  const entries = Object.entries(values);
  return entries.length === 0
    ? money(0, 'GBP')
    : entries.map(([currency, minor]) => money(minor, currency)).join(' + ');
};

/** A figure tile; it links to the list it counts. */
function Figure({ label, value, detail, to }: { label: string; value: string; detail: string; to: string }) {
  const mayOpen = useMayOpen();
  const body = (
    <>
      <p className="text-sm text-navy-600">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-navy-900">{value}</p>
      <p className="text-sm text-navy-700">{detail}</p>
    </>
  );
  // A list the staff member cannot open is no link (issue 41: Support has no orders or quotes).
  if (!mayOpen(to)) return <div className="rounded-lg border border-navy-100 bg-white p-4">{body}</div>;
  return (
    <Link
      to={to}
      className="block rounded-lg border border-navy-100 bg-white p-4 hover:border-accent-400 focus-visible:outline-2 focus-visible:outline-accent-600"
    >
      {body}
    </Link>
  );
}

const firstOfMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString().slice(0, 10);
};

/**
 * The figures of the caller's job (issue 54): the server leaves out what their roles do not cover, so
 * each tile shows only when its figure came back.
 */
function DashboardFigures({ data }: { data: Dashboard }) {
  const mayOpen = useMayOpen();
  const past = data.batchesPastShipDate ?? [];
  return (
    <>
      {past.length > 0 ? (
        <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          <p className="font-semibold">Ship dates have passed</p>
          <ul className="mt-1 list-disc pl-5">
            {past.map((batch) => (
              <li key={batch.id}>
                {batch.name}: {formatUkDate(batch.date)}. Buyers see &ldquo;date to be confirmed&rdquo; until you set a
                new date or mark it sold out.
              </li>
            ))}
          </ul>
          {mayOpen('/admin/batches') ? (
            <Link to="/admin/batches" className="mt-2 inline-block font-medium underline">
              Change the batches
            </Link>
          ) : null}
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {data.ordersThisMonth ? (
          <Figure
            label="Orders this month"
            to={`/admin/orders?from=${firstOfMonth()}`}
            value={String(data.ordersThisMonth.count)}
            detail={amounts(data.ordersThisMonth.value)}
          />
        ) : null}
        {data.depositsAwaiting ? (
          <Figure
            label="Deposits and repair payments awaiting"
            to="/admin/orders?paymentStatus=pending"
            value={String(data.depositsAwaiting.count)}
            detail={amounts(data.depositsAwaiting.amount)}
          />
        ) : null}
        {data.balancesAwaiting ? (
          <Figure
            label="Balances awaiting payment"
            to="/admin/orders?paymentStatus=deposit_paid"
            value={String(data.balancesAwaiting.count)}
            detail={amounts(data.balancesAwaiting.amount)}
          />
        ) : null}
        {data.outstanding ? (
          <Figure
            label="Outstanding"
            to="/admin/orders"
            value={String(data.outstanding.count)}
            detail={`${amounts(data.outstanding.amount)} still owed (payments less refunds, after credit notes)`}
          />
        ) : null}
        {data.depositsOverdue ? (
          <Figure
            label="Deposits and repair payments overdue"
            to="/admin/orders?overdue=deposit"
            value={String(data.depositsOverdue.count)}
            detail="Deposit or repair invoice unpaid past its due date"
          />
        ) : null}
        {data.balancesOverdue ? (
          <Figure
            label="Balances overdue"
            to="/admin/orders?overdue=balance"
            value={String(data.balancesOverdue.count)}
            detail="Balance invoice unpaid past its due date"
          />
        ) : null}
        {data.production ? (
          <>
            <Figure
              label="To start production"
              to="/admin/production"
              value={String(data.production.toStart.orders)}
              detail={`Confirmed orders, ${data.production.toStart.instruments} instruments`}
            />
            <Figure
              label="In production"
              to="/admin/production"
              value={String(data.production.inProduction.orders)}
              detail={`${data.production.inProduction.instruments} instruments being built`}
            />
            <Figure
              label="On their way"
              to="/admin/production"
              value={String(data.production.inTransit.orders)}
              detail="Shipped, not yet delivered"
            />
          </>
        ) : null}
        {data.exportProofMissing ? (
          <Figure
            label="Exports without proof"
            to={mayOpen('/admin/orders') ? '/admin/orders?exportProof=missing' : '/admin/production'}
            value={String(data.exportProofMissing.count)}
            detail="Delivered outside the UK without a complete proof of export"
          />
        ) : null}
        {data.service ? (
          <>
            <Figure
              label="Service requests to answer"
              to="/admin/service?status=requested"
              value={String(data.service.requested)}
              detail={`${data.service.authorised} authorised, on their way back to us`}
            />
            <Figure
              label="Instruments received"
              to="/admin/service?status=received"
              value={String(data.service.received)}
              detail="In the workshop"
            />
            <Figure
              label="Repairs awaiting payment"
              to="/admin/service?status=received"
              value={String(data.service.awaitingRepairPayment)}
              detail="Repair quote not yet accepted and paid in full"
            />
          </>
        ) : null}
        {data.openQuotes ? (
          <Figure
            label="Open quotes"
            to="/admin/quotes?status=sent"
            value={String(data.openQuotes.count)}
            detail={amounts(data.openQuotes.value)}
          />
        ) : null}
        {data.quoteToOrderRate90d ? (
          <Figure
            label="Quote-to-order rate (90 days)"
            to="/admin/quotes?status=accepted"
            value={`${Math.round(data.quoteToOrderRate90d.rate * 100)}%`}
            detail={`${data.quoteToOrderRate90d.converted} of ${data.quoteToOrderRate90d.quotes} quotes`}
          />
        ) : null}
      </div>
      {data.batchPlaces ? <BatchesPanel batches={data.batchPlaces} /> : null}
      {data.weekly ? (
        <div className="rounded-lg border border-navy-100 bg-white p-4">
          <h2 className="mb-2 text-lg font-semibold text-navy-900">Quotes and orders per week</h2>
          <WeeklyChart weeks={data.weekly} />
        </div>
      ) : null}
    </>
  );
}

/** /admin: the figures a sales team opens the portal for, the 12-week chart, the recent orders and the four cards. */
export function DashboardPage() {
  const { can } = usePermissions();
  const mayOpen = useMayOpen();
  const dashboard = useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: () => adminApi(dashboardSchema, '/dashboard'),
  });
  const setup = useQuery({
    queryKey: ['admin', 'business-profile', 'checklist'],
    queryFn: () => adminApi(businessProfileChecklistResponseSchema, '/business-profile/checklist'),
  });
  return (
    <section className="space-y-6">
      <AdminHeading title="Admin Portal" />
      {setup.data && !setup.data.example && setup.data.checklist.some((item) => !item.done) ? (
        <SetupChecklist checklist={setup.data.checklist} example={false} />
      ) : null}
      {setup.data?.example ? (
        <div className="space-y-2">
          <SetupChecklist checklist={setup.data.checklist} />
          {mayOpen('/admin/business-profile') ? (
            <Link to="/admin/business-profile" className="text-sm font-medium text-accent-700 underline">
              Fill in the business profile
            </Link>
          ) : null}
        </div>
      ) : null}
      {dashboard.isPending ? (
        <PageLoading label="Loading figures..." />
      ) : dashboard.isError ? (
        <StateMessage tone="error">Failed to load the figures. Please try again.</StateMessage>
      ) : (
        <>
          <DashboardFigures data={dashboard.data} />
        </>
      )}
      {can('quotes.view') ? <PendingExtensionsPanel /> : null}
      {can('orders.view') ? <RecentOrders /> : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {dashboardCards
          .filter((card) => mayOpen(card.to))
          .map((card) => (
            <LinkCard key={card.to} card={card} />
          ))}
      </div>
    </section>
  );
}
