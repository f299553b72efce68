import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { adminOrderPageSchema } from '../../../shared/orders/order-admin-contracts';
import { PageLoading } from '../../ui/page-loading';
import { adminApi } from '../shell/admin-api';
import { DataTable } from '../shell/data-table';
import { StateMessage } from '../shell/list-toolbar';
import { orderColumns } from '../orders/orders-page';

export const RECENT_ORDERS = 10;

/**
 * The dashboard's last ten orders, newest first: the orders list's first page and columns (number
 * linking to the order, customer, total, status and the payment status the ledger implies).
 */
export function RecentOrders() {
  const recent = useQuery({
    queryKey: ['admin', 'orders', 'recent'],
    queryFn: () => adminApi(adminOrderPageSchema, `/orders?pageSize=${RECENT_ORDERS}`),
  });
  return (
    <section aria-labelledby="recent-orders-heading" className="space-y-2">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="recent-orders-heading" className="text-lg font-semibold text-navy-900">
          Recent orders
        </h2>
        <Link to="/admin/orders" className="text-sm font-medium text-accent-700 underline">
          All orders
        </Link>
      </div>
      {recent.isPending ? (
        <PageLoading label="Loading recent orders..." />
      ) : recent.isError ? (
        <StateMessage tone="error">Failed to load the recent orders. Please try again.</StateMessage>
      ) : recent.data.items.length === 0 ? (
        <StateMessage>No orders yet.</StateMessage>
      ) : (
        <DataTable caption="Recent orders" columns={orderColumns} data={recent.data.items} />
      )}
    </section>
  );
}
