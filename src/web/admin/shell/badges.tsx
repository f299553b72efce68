import {
  orderStatusClass,
  orderStatusLabel,
  paymentStatusClass,
  paymentStatusLabel,
  quoteStatusBadgeClass,
  quoteStatusLabels,
  type QuoteStatus,
} from '../../../shared/orders/order-status';
import type { OrderKind } from '../../../shared/orders/order-kind';
import { Badge } from '../../ui/badge';

export const OrderBadge = ({ status }: { status: string }) => (
  <Badge className={orderStatusClass(status)}>{orderStatusLabel(status)}</Badge>
);
/**
 * `depositDue`: the ledger's figure still due on the deposit invoice, named on a part-paid deposit.
 * `kind`: the order's; a repair reads "Payment …" (decision 0062).
 */
export const PaymentBadge = ({
  status,
  depositDue,
  kind,
}: {
  status: string;
  depositDue?: { amount: number; currency: string };
  kind?: OrderKind | null;
}) => <Badge className={paymentStatusClass(status)}>{paymentStatusLabel(status, depositDue, kind)}</Badge>;
export const QuoteBadge = ({ status }: { status: QuoteStatus }) => (
  <Badge className={quoteStatusBadgeClass[status]}>{quoteStatusLabels[status]}</Badge>
);
