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
/** `depositDue`: the ledger's figure still due on the deposit invoice, named on a part-paid deposit. */
export const PaymentBadge = ({
  status,
  depositDue,
}: {
  status: string;
  depositDue?: { amount: number; currency: string };
}) => <Badge className={paymentStatusClass(status)}>{paymentStatusLabel(status, depositDue)}</Badge>;
export const QuoteBadge = ({ status }: { status: QuoteStatus }) => (
  <Badge className={quoteStatusBadgeClass[status]}>{quoteStatusLabels[status]}</Badge>
);
