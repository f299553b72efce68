import { formatMoney } from '../money';
import { depositDue } from './lifecycle';
import { type OrderKind, paysInFull } from './order-kind';
import type { OrderLedgerFigures } from './order-schema';

/**
 * The ledger's figures as every customer-facing surface names them (My Account, the order page, the
 * e-mails, the data export): one balance, the same words. Each shows only when it is not zero, except
 * Outstanding, which always shows.
 */
export const ledgerLineLabels = {
  depositDue: 'Deposit due',
  paid: 'Paid',
  credited: 'Credited',
  cancellationFee: 'Cancellation fee',
  creditHeld: 'Credit held',
  refundDue: 'Refund due',
  outstanding: 'Outstanding',
} as const;
export type LedgerLineKey = keyof typeof ledgerLineLabels;

export interface LedgerLine {
  key: LedgerLineKey;
  label: string;
  /** Minor units. */
  amount: number;
}

type LedgerOrderFacts = {
  status: string;
  depositAmount: number;
  /** A repair (decision 0062) has no deposit: its whole total reads as Outstanding. */
  kind?: OrderKind;
  ledger: Pick<
    OrderLedgerFigures,
    | 'paid'
    | 'owed'
    | 'credited'
    | 'outstanding'
    | 'refundDue'
    | 'creditHeld'
    | 'cancellationFee'
    | 'depositInvoiced'
    | 'depositOutstanding'
  >;
};

/**
 * What is still to pay of the deposit (lifecycle.ts `depositDue`, from the ledger): none on a
 * cancelled order, whose money is settled by credit notes and refunds, nor on a repair, which has no deposit.
 */
export const ledgerDepositDue = (order: LedgerOrderFacts) =>
  order.status === 'cancelled' || paysInFull(order) ? 0 : depositDue(order, order.ledger);

/** The order's ledger lines in the order they read: deposit due, paid, credits and fees, refund due, outstanding. */
export function ledgerLines(order: LedgerOrderFacts): LedgerLine[] {
  const { ledger } = order;
  const amounts: Record<LedgerLineKey, number> = {
    depositDue: ledgerDepositDue(order),
    paid: ledger.paid,
    credited: ledger.credited,
    cancellationFee: ledger.cancellationFee,
    creditHeld: ledger.creditHeld,
    refundDue: ledger.refundDue,
    outstanding: ledger.outstanding,
  };
  return (Object.keys(ledgerLineLabels) as LedgerLineKey[])
    .filter((key) => key === 'outstanding' || amounts[key] !== 0)
    .map((key) => ({ key, label: ledgerLineLabels[key], amount: amounts[key] }));
}

/** An invoice's standing (order-ledger.ts `invoiceBalances`) as the admin's documents list names it. */
export function invoiceStateLabel(
  balance: { state: 'open' | 'part_paid' | 'paid' | 'overpaid' | 'credited'; outstanding: number; overpaid: number },
  currency: string,
): string {
  const money = (minor: number) => formatMoney(minor, currency, { decimals: 2 });
  switch (balance.state) {
    case 'open':
      return 'Open';
    case 'part_paid':
      return `Part-paid — ${money(balance.outstanding)} due`;
    case 'paid':
      return 'Paid';
    case 'overpaid':
      return `Overpaid by ${money(balance.overpaid)}`;
    case 'credited':
      return 'Credited';
  }
}
