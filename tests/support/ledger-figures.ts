import type { OrderLedgerFigures } from '../../src/shared/orders/order-schema';

/** An order's ledger figures as the API gives them: all zero but those given (component tests' fixture). */
export const ledgerFigures = (figures: Partial<OrderLedgerFigures> = {}): OrderLedgerFigures => ({
  paid: 0,
  received: 0,
  refunded: 0,
  invoiced: 0,
  credited: 0,
  owed: 0,
  outstanding: 0,
  refundDue: 0,
  depositInvoiced: 0,
  depositOutstanding: 0,
  creditHeld: 0,
  cancellationFee: 0,
  ...figures,
});
