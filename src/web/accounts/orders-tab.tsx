import { Package } from 'lucide-react';
import { Link } from 'react-router';
import { ledgerLines } from '../../shared/orders/ledger-lines';
import { Button } from '../ui/button';
import { AccountListTab } from './account-list-tab';
import { useAccountOrders } from './account-orders';
import { productSummary } from '../lib/order-display';
import { ledgerLineLabelIn } from '../i18n/status-labels';
import { useT } from '../i18n/use-t';
import { OrderStatusBadge } from '../ui/order-status-badge';

export function OrdersTab() {
  const orders = useAccountOrders(true);
  const text = useT();
  const { t } = text;
  const money = (minor: number, currency: string) => text.money(minor, currency, { decimals: 2 });
  return (
    <AccountListTab
      query={orders}
      items={orders.data?.orders}
      noun="orders"
      heading={t('account.myOrders', 'My Orders')}
      emptyIcon={Package}
      emptyText={t('account.noOrdersText', "You haven't placed any orders yet.")}
      actions={
        <Button asChild variant="outline" size="sm">
          {/* Invoices, payments, credit notes and the balance of all your orders, as a PDF (GET /api/account/statement.pdf). */}
          <a href="/api/account/statement.pdf" download>
            {t('account.statement', 'Download statement')}
          </a>
        </Button>
      }
      renderItem={(order) => {
        const summary = productSummary(order);
        return (
          <>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <p className="font-semibold text-navy-900">
                  {t('details.heading', 'Order {number}', { number: order.orderNumber })}
                </p>
                <p className="text-sm text-navy-600">
                  {t('details.placedOn', 'Placed on {date}', { date: text.date(order.createdAt) })}
                </p>
              </div>
              <OrderStatusBadge status={order.status} />
            </div>
            <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-navy-600">{t('details.productLabel', 'Product')}</dt>
                <dd className="font-medium text-navy-900">{summary.product}</dd>
              </div>
              <div>
                <dt className="text-navy-600">{t('details.configuration', 'Configuration')}</dt>
                <dd className="font-medium text-navy-900">
                  {summary.configuration ?? t('details.notSpecified', 'Not specified')}
                </dd>
              </div>
              <div>
                <dt className="text-navy-600">{t('account.totalAmount', 'Total Amount')}</dt>
                <dd className="font-medium tabular-nums text-navy-900">{money(order.totalAmount, order.currency)}</dd>
              </div>
              {ledgerLines(order).map((line) => (
                <div key={line.key}>
                  <dt className="text-navy-600">{ledgerLineLabelIn(text, line.key)}</dt>
                  <dd className="font-medium tabular-nums text-navy-900" data-testid={`order-${line.key}`}>
                    {money(line.amount, order.currency)}
                  </dd>
                </div>
              ))}
              {order.trackingNumber ? (
                <div>
                  <dt className="text-navy-600">{t('details.tracking', 'Tracking Number')}</dt>
                  <dd className="font-mono text-navy-900">{order.trackingNumber}</dd>
                </div>
              ) : null}
            </dl>
            <Button asChild variant="outline" size="sm" className="mt-4">
              <Link
                to={`/order-details/${order.id}`}
                aria-label={t('account.viewOrderLabel', 'View details of order {number}', {
                  number: order.orderNumber,
                })}
              >
                {t('account.viewDetails', 'View Details')}
              </Link>
            </Button>
          </>
        );
      }}
    />
  );
}
