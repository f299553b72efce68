import { CheckCircle2, Clock, Truck } from 'lucide-react';
import { Badge } from './badge';
import { statusBadgeClassFor } from '../lib/order-display';
import { orderStatusIn } from '../i18n/status-labels';
import { useT } from '../i18n/use-t';

const icons: Record<string, typeof Clock> = { processing: Clock, shipped: Truck, delivered: CheckCircle2 };

/** The order status badge, with an icon for processing, shipped and delivered. */
export function OrderStatusBadge({ status }: { status: string }) {
  const Icon = icons[status];
  const text = useT();
  return (
    <Badge className={statusBadgeClassFor(status)}>
      {Icon ? <Icon aria-hidden="true" className="size-3.5" /> : null}
      {orderStatusIn(text, status)}
    </Badge>
  );
}
