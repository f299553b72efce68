import { formatMoney } from '../money';
import { type OrderStatus, orderStatuses, orderStatusLabels } from './order-status';

/**
 * The order lifecycle: the one place that says which status may follow which, and what an order
 * in a status may still take (decision 0036). The server refuses anything else (409 with the
 * `status` field); the admin order page offers only what these rules allow.
 *
 * - pending → confirmed (the written confirmation is e-mailed) or cancelled;
 * - confirmed → processing, shipped or cancelled; processing → shipped or cancelled;
 * - processing (production) needs the deposit paid, shipping the order paid in full; either, or an
 *   owner's override with a recorded reason;
 * - delivered follows shipped only; delivered and cancelled are final;
 * - a cancelled order takes no invoice and no payment (credit notes and refunds settle it);
 * - saving the status an order already has is no move: no history row, no e-mail.
 */
export const statusMoves: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['processing', 'shipped', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

/** What the rules read of an order: its status and what is still to pay. */
export interface LifecycleFacts {
  status: OrderStatus;
  /** Minor units still owed (order-ledger.ts). */
  outstanding: number;
  currency: string;
  /** Minor units of the deposit still to pay (order-ledger.ts `depositDue`); unknown counts as paid. */
  depositDue?: number;
}

/**
 * What is still to pay of the deposit, from the order's ledger figures (order-ledger.ts): on the
 * deposit invoice once one is issued (and not credited in full), else of the order's deposit, never
 * more than is owed. Production waits for it.
 */
export function depositDue(
  order: { depositAmount: number },
  ledger: { depositInvoiced: number; depositOutstanding: number; owed: number; paid: number },
): number {
  if (ledger.depositInvoiced > 0) return ledger.depositOutstanding;
  return Math.max(Math.min(order.depositAmount, ledger.owed) - ledger.paid, 0);
}

export const lifecycleMessages = {
  cancelledNoInvoice: 'A cancelled order takes no invoice. Credit its invoices instead where money is due back.',
  cancelledNoPayment: 'A cancelled order takes no payment. Record a refund instead where money is due back.',
  overrideReason: 'Give the reason for shipping before the balance is paid (at least 5 characters).',
  overrideNotNeeded: 'This order is paid in full: ship it with the status instead.',
  processingOverrideReason:
    'Give the reason for starting production before the deposit is paid (at least 5 characters).',
} as const;

/** The figures of a cancellation with money held (order-ledger.ts `cancellationTerms`). */
export interface CancellationFigures {
  held: number;
  feePercent: number;
  fee: number;
  refund: number;
}

/**
 * The warning before cancelling an order that holds money ("This order holds £1,731.00. Cancelling
 * keeps the 5% cancellation fee of £86.55 and £1,644.45 is to be refunded."; a repair order, whose
 * terms keep no fee: "This order holds £240.00. Cancelling keeps no cancellation fee: £240.00 is to be
 * refunded in full."): the admin's confirmation and the server's 409 `money_held` say it alike.
 */
export function cancellationWarning(figures: CancellationFigures, currency: string): string {
  const money = (minor: number) => formatMoney(minor, currency, { decimals: 2 });
  return figures.feePercent === 0
    ? `This order holds ${money(figures.held)}. Cancelling keeps no cancellation fee: ${money(figures.refund)} is to be refunded in full.`
    : `This order holds ${money(figures.held)}. Cancelling keeps the ${figures.feePercent}% cancellation fee of ${money(figures.fee)} and ${money(figures.refund)} is to be refunded.`;
}

const label = (status: OrderStatus) => orderStatusLabels[status];

/** The statuses an order may move to now, in the list's order (its own status not included). */
export const allowedMoves = (status: OrderStatus): OrderStatus[] =>
  orderStatuses.filter((candidate) => statusMoves[status].includes(candidate));

export interface MoveRefusal {
  code: 'status_move_not_allowed' | 'balance_unpaid' | 'deposit_unpaid';
  message: string;
}

/**
 * Why moving `facts.status` to `to` is refused, or null when it is allowed. The same status is no
 * move and always passes. `override` is an owner's recorded reason to ship before the balance is paid,
 * or to start production before the deposit is paid.
 */
export function statusMoveRefusal(
  facts: LifecycleFacts,
  to: OrderStatus,
  options: { override?: boolean } = {},
): MoveRefusal | null {
  if (to === facts.status) return null;
  if (!statusMoves[facts.status].includes(to)) {
    const allowed = allowedMoves(facts.status).map(label);
    return {
      code: 'status_move_not_allowed',
      message:
        `A ${label(facts.status).toLowerCase()} order cannot become ${label(to).toLowerCase()}. ` +
        (allowed.length > 0 ? `It can become: ${allowed.join(', ')}.` : 'Its status is final.'),
    };
  }
  if (to === 'processing' && (facts.depositDue ?? 0) > 0 && !options.override) {
    return {
      code: 'deposit_unpaid',
      message: `Production needs the deposit paid: ${formatMoney(facts.depositDue ?? 0, facts.currency, { decimals: 2 })} of the deposit is outstanding. An owner can start it anyway with a recorded reason.`,
    };
  }
  if (to === 'shipped' && facts.outstanding > 0 && !options.override) {
    return {
      code: 'balance_unpaid',
      message: `Shipping needs the balance paid: ${formatMoney(facts.outstanding, facts.currency, { decimals: 2 })} is outstanding. An owner can ship it anyway with a recorded reason.`,
    };
  }
  return null;
}

/** The statuses the edit form may select now: its own and every move not refused. */
export const selectableStatuses = (facts: LifecycleFacts): OrderStatus[] =>
  orderStatuses.filter((status) => statusMoveRefusal(facts, status) === null);

/** What the order page may offer an order now. */
export function orderActions(facts: LifecycleFacts) {
  const open = facts.status !== 'cancelled';
  return {
    issueInvoice: open,
    recordPayment: open && facts.outstanding > 0,
    /** An owner may ship before the balance is paid, with a reason. */
    shipWithOverride: statusMoves[facts.status].includes('shipped') && facts.outstanding > 0,
    /** An owner may start production before the deposit is paid, with a reason. */
    processWithOverride: statusMoves[facts.status].includes('processing') && (facts.depositDue ?? 0) > 0,
  };
}

/** One line under the status field: what the order may become now. */
export function statusRuleHint(status: OrderStatus): string {
  const allowed = allowedMoves(status).map(label);
  return allowed.length > 0 ? `Can become: ${allowed.join(', ')}.` : 'This status is final.';
}
