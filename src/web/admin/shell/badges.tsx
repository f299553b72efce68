import {
  orderStatusClass,
  orderStatusLabel,
  paymentStatusClass,
  paymentStatusLabel,
  quoteStatusBadgeClass,
  quoteStatusLabels,
  type QuoteStatus,
} from '../../../shared/orders/order-status';
import { Badge } from '../../ui/badge';

export const OrderBadge = ({ status }: { status: string }) => (
  <Badge className={orderStatusClass(status)}>{orderStatusLabel(status)}</Badge>
);
export const PaymentBadge = ({ status }: { status: string }) => (
  <Badge className={paymentStatusClass(status)}>{paymentStatusLabel(status)}</Badge>
);
export const QuoteBadge = ({ status }: { status: QuoteStatus }) => (
  <Badge className={quoteStatusBadgeClass[status]}>{quoteStatusLabels[status]}</Badge>
);
