import { CheckCircle2, Clock, Truck } from 'lucide-react';
import { Badge } from './badge';
import { statusBadgeClassFor, statusLabel } from '../lib/order-display';

const icons: Record<string, typeof Clock> = { processing: Clock, shipped: Truck, delivered: CheckCircle2 };

/** The order status badge, with an icon for processing, shipped and delivered. */
export function OrderStatusBadge({ status }: { status: string }) {
  const Icon = icons[status];
  return (
    <Badge className={statusBadgeClassFor(status)}>
      {Icon ? <Icon aria-hidden="true" className="size-3.5" /> : null}
      {statusLabel(status)}
    </Badge>
  );
}
