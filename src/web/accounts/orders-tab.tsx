import { Package } from 'lucide-react';
import { Link } from 'react-router';
import { formatMoney } from '../../shared/money';
import { Button } from '../ui/button';
import { PageLoading } from '../ui/page-loading';
import { useAccountOrders } from './account-orders';
import { formatDate, productSummary } from './order-display';
import { OrderStatusBadge } from './order-status-badge';

export function OrdersTab() {
  const orders = useAccountOrders(true);
  if (orders.isPending) return <PageLoading label="Loading your orders..." />;
  if (orders.isError) {
    return (
      <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        Your orders could not be loaded. Please try again.{' '}
        <button type="button" className="font-medium underline" onClick={() => void orders.refetch()}>
          Retry
        </button>
      </div>
    );
  }
  const list = orders.data.orders;
  return (
    <section aria-labelledby="orders-heading">
      <h2 id="orders-heading" className="text-xl font-semibold text-navy-900">
        My Orders ({list.length})
      </h2>
      {list.length === 0 ? (
        <div className="mt-6 rounded-lg border border-dashed border-navy-200 p-10 text-center">
          <Package aria-hidden="true" className="mx-auto size-10 text-navy-400" />
          <p className="mt-3 text-lg font-medium text-navy-900">No orders yet</p>
          <p className="mt-1 text-navy-600">You haven't placed any orders yet.</p>
          <Button asChild className="mt-5">
            <Link to="/configure">Start Configuring</Link>
          </Button>
        </div>
      ) : (
        <ul className="mt-4 space-y-4">
          {list.map((order) => {
            const summary = productSummary(order);
            return (
              <li key={order.id} className="rounded-lg border border-navy-100 bg-white p-5">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div>
                    <p className="font-semibold text-navy-900">Order {order.orderNumber}</p>
                    <p className="text-sm text-navy-600">Placed on {formatDate(order.createdAt)}</p>
                  </div>
                  <OrderStatusBadge status={order.status} />
                </div>
                <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-3">
                  <div>
                    <dt className="text-navy-600">Product</dt>
                    <dd className="font-medium text-navy-900">{summary.product}</dd>
                  </div>
                  <div>
                    <dt className="text-navy-600">Configuration</dt>
                    <dd className="font-medium text-navy-900">{summary.configuration ?? 'Not specified'}</dd>
                  </div>
                  <div>
                    <dt className="text-navy-600">Total Amount</dt>
                    <dd className="font-medium tabular-nums text-navy-900">{formatMoney(order.totalAmount, order.currency, { decimals: 2 })}</dd>
                  </div>
                  {order.trackingNumber ? (
                    <div>
                      <dt className="text-navy-600">Tracking Number</dt>
                      <dd className="font-mono text-navy-900">{order.trackingNumber}</dd>
                    </div>
                  ) : null}
                </dl>
                <Button asChild variant="outline" size="sm" className="mt-4">
                  <Link to={`/order-details/${order.id}`} aria-label={`View details of order ${order.orderNumber}`}>
                    View Details
                  </Link>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
