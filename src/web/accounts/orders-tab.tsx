import { Package } from 'lucide-react';
import { Link } from 'react-router';
import { formatMoney } from '../../shared/money';
import { ledgerLines } from '../../shared/orders/ledger-lines';
import { Button } from '../ui/button';
import { AccountListTab } from './account-list-tab';
import { useAccountOrders } from './account-orders';
import { formatDate, productSummary } from '../lib/order-display';
import { OrderStatusBadge } from '../ui/order-status-badge';

export function OrdersTab() {
  const orders = useAccountOrders(true);
  return (
    <AccountListTab
      query={orders}
      items={orders.data?.orders}
      noun="orders"
      heading="My Orders"
      emptyIcon={Package}
      emptyText="You haven't placed any orders yet."
      actions={
        <Button asChild variant="outline" size="sm">
          {/* Invoices, payments, credit notes and the balance of all your orders, as a PDF (GET /api/account/statement.pdf). */}
          <a href="/api/account/statement.pdf" download>
            Download statement
          </a>
        </Button>
      }
      renderItem={(order) => {
        const summary = productSummary(order);
        return (
          <>
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
                <dd className="font-medium tabular-nums text-navy-900">
                  {formatMoney(order.totalAmount, order.currency, { decimals: 2 })}
                </dd>
              </div>
              {ledgerLines(order).map((line) => (
                <div key={line.key}>
                  <dt className="text-navy-600">{line.label}</dt>
                  <dd className="font-medium tabular-nums text-navy-900" data-testid={`order-${line.key}`}>
                    {formatMoney(line.amount, order.currency, { decimals: 2 })}
                  </dd>
                </div>
              ))}
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
          </>
        );
      }}
    />
  );
}
