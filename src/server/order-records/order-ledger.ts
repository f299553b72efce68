import { eq, sql } from 'drizzle-orm';
import { orderMessages } from '../../shared/orders/order-admin-contracts';
import { formatMoney, roundHalfUp } from '../../shared/money';
import { cancellationFeePercent } from '../../shared/terms';
import type { OrderKind } from '../../shared/orders/order-kind';
import type { PaymentStatus } from '../../shared/orders/order-status';
import type { Db } from '../db/client';
import { invoices, paymentTransactions, refunds } from '../db/schema';

/**
 * The order's ledger: its recorded payments and issued invoices. The money fields of the order row
 * (payment_status, invoice_number) are derived from it, never typed in; these rules are the one
 * place that says how (record-payment.ts and invoices.ts write them, update-order.ts checks an edit).
 */

export interface LedgerPayment {
  amount: number;
  /** 'voided' (issue 51): a mis-keyed receipt taken back; like a failed one, it counts nothing. */
  status: 'completed' | 'refunded' | 'failed' | 'voided';
}

/** Money paid back against a payment (refunds table): partial or whole. */
export interface LedgerRefund {
  amount: number;
}

export interface LedgerInvoice {
  id: string;
  kind: 'deposit' | 'balance' | 'credit';
  number: string;
  dueDate: string;
  creditsInvoiceId: string | null;
  /** Gross amount (negative for a credit note); a credit note without it counts as crediting in full. */
  amount?: number;
  /** A credit note issued on cancellation: the fee the shop kept of the invoice it credits (positive). */
  cancellationFee?: number;
}

export interface LedgerOrder {
  totalAmount: number;
  currency: string;
  /** A cancelled order owes only what was invoiced less what was credited. */
  status?: string;
}

/** The sum of the completed payments (a payment marked refunded before partial refunds, or failed, counts nothing). */
export const paidOf = (payments: readonly LedgerPayment[]) =>
  payments.filter((payment) => payment.status === 'completed').reduce((sum, payment) => sum + payment.amount, 0);

const refundedOf = (refunds: readonly LedgerRefund[]) => refunds.reduce((sum, refund) => sum + refund.amount, 0);

/** How much of each invoice its credit notes have credited (positive minor units). */
function creditedPerInvoice(rows: readonly LedgerInvoice[]): Map<string, number> {
  const credited = new Map<string, number>();
  for (const row of rows) {
    if (row.kind !== 'credit' || !row.creditsInvoiceId) continue;
    const amount = row.amount === undefined ? Number.POSITIVE_INFINITY : -row.amount;
    credited.set(row.creditsInvoiceId, (credited.get(row.creditsInvoiceId) ?? 0) + amount);
  }
  return credited;
}

/** An invoice its credit notes have cancelled in full (a partly credited one is still live). */
export function fullyCreditedIds(rows: readonly LedgerInvoice[]): Set<string> {
  const credited = creditedPerInvoice(rows);
  return new Set(
    rows
      .filter((row) => row.kind !== 'credit' && (credited.get(row.id) ?? 0) >= Math.abs(row.amount ?? 0))
      .filter((row) => credited.has(row.id))
      .map((row) => row.id),
  );
}

/**
 * The payment status the ledger implies. With money held: fully paid once nothing is outstanding,
 * deposit part-paid while the deposit invoice is not yet covered, deposit paid for any other smaller sum.
 * A cancelled order holding money reads refund due while money is due back (paid beyond what its
 * credit notes leave owed) or before anything is credited or refunded (the terms give the deposit back
 * less the cancellation fee), and refunded once money was paid back and nothing more is due. With
 * nothing held: refunded if anything was paid back, failed if a payment failed, else pending.
 */
function statusOf(
  order: LedgerOrder,
  payments: readonly LedgerPayment[],
  figures: { paid: number; refunded: number; credited: number; owed: number; depositOutstanding: number },
): PaymentStatus {
  const { paid, refunded, credited, owed, depositOutstanding } = figures;
  if (paid > 0) {
    if (order.status === 'cancelled') {
      if (paid > owed || (credited === 0 && refunded === 0)) return 'refund_due';
      if (refunded > 0) return 'refunded';
    }
    if (paid >= owed) return 'fully_paid';
    return depositOutstanding > 0 ? 'deposit_part_paid' : 'deposit_paid';
  }
  if (refunded > 0 || payments.some((payment) => payment.status === 'refunded')) return 'refunded';
  if (payments.some((payment) => payment.status === 'failed')) return 'failed';
  return 'pending';
}

export function ledgerPaymentStatus(
  order: LedgerOrder,
  payments: readonly LedgerPayment[],
  refunds: readonly LedgerRefund[] = [],
  issued: readonly LedgerInvoice[] = [],
): PaymentStatus {
  const ledger = ledgerOf(order, payments, issued, refunds);
  return ledger.paymentStatus;
}

/** The invoice the order row shows: the latest by number of the deposit and balance invoices not credited in full. */
export function latestLiveInvoice<T extends LedgerInvoice>(rows: readonly T[]): T | null {
  const credited = fullyCreditedIds(rows);
  const live = rows
    .filter((row) => row.kind !== 'credit' && !credited.has(row.id))
    .sort((a, b) => a.number.localeCompare(b.number));
  return live.at(-1) ?? null;
}

/**
 * The order's figures, all from its ledger (minor units): the one place that works them out, shown
 * alike on the admin order page, the customer's order page, the dashboard and the CSV.
 */
export interface OrderLedger {
  /** Completed payments less refunds: the money the shop holds. */
  paid: number;
  /** The completed payments, before refunds. */
  received: number;
  refunded: number;
  /** Deposit and balance invoices issued, and what credit notes took off them (positive). */
  invoiced: number;
  credited: number;
  /** What the customer owes in all: the total less credits; for a cancelled order what was invoiced less credits. */
  owed: number;
  /** Still to pay (never negative): owed less paid. */
  outstanding: number;
  /** Paid beyond what is owed: to be refunded. */
  refundDue: number;
  /**
   * Money the customer has with us that no invoice has asked for yet (an overpaid deposit before the
   * balance invoice): the next invoice deducts it as "Paid on account". Never part of refundDue.
   */
  creditHeld: number;
  /**
   * The deposit invoices issued less what credit notes took off them: what the deposit asks for. The
   * money held pays the deposit first, so the deposit is covered once paid reaches it.
   */
  depositInvoiced: number;
  /** Still to pay on the deposit invoice (never negative): deposit invoiced less paid. */
  depositOutstanding: number;
  /** The cancellation fees the order's credit notes name as kept (invoices.cancellation_fee). */
  cancellationFee: number;
  paymentStatus: PaymentStatus;
  invoiceNumber: string | null;
  /** Any payment row (refunded ones too) or any invoice (credit notes too): the order is on the books. */
  hasEntries: boolean;
}

export function ledgerOf(
  order: LedgerOrder,
  payments: readonly LedgerPayment[],
  issued: readonly LedgerInvoice[],
  refunds: readonly LedgerRefund[] = [],
): OrderLedger {
  const received = paidOf(payments);
  const refunded = refundedOf(refunds);
  const paid = received - refunded;
  const invoiced = issued.filter((row) => row.kind !== 'credit').reduce((sum, row) => sum + (row.amount ?? 0), 0);
  const credited = issued.filter((row) => row.kind === 'credit').reduce((sum, row) => sum - (row.amount ?? 0), 0);
  const owed = Math.max(order.status === 'cancelled' ? invoiced - credited : order.totalAmount - credited, 0);
  const depositIds = new Set(issued.filter((row) => row.kind === 'deposit').map((row) => row.id));
  const depositInvoiced = Math.max(
    issued
      .filter((row) => row.kind === 'deposit' || (row.kind === 'credit' && depositIds.has(row.creditsInvoiceId ?? '')))
      .reduce((sum, row) => sum + (row.amount ?? 0), 0),
    0,
  );
  const depositOutstanding = Math.max(Math.min(depositInvoiced, owed) - paid, 0);
  return {
    paid,
    received,
    refunded,
    invoiced,
    credited,
    owed,
    outstanding: Math.max(owed - paid, 0),
    refundDue: Math.max(paid - owed, 0),
    creditHeld: Math.max(Math.min(paid, owed) - (invoiced - credited), 0),
    depositInvoiced,
    depositOutstanding,
    cancellationFee: issued.reduce((sum, row) => sum + (row.kind === 'credit' ? (row.cancellationFee ?? 0) : 0), 0),
    paymentStatus: statusOf(order, payments, { paid, refunded, credited, owed, depositOutstanding }),
    invoiceNumber: latestLiveInvoice(issued)?.number ?? null,
    hasEntries: payments.length > 0 || issued.length > 0,
  };
}

/**
 * ledgerOf's figures for every order at once, as SQL, for the reports that sum them over all orders in
 * one query (the dashboard): one row per order with order_id, the order's currency, status,
 * payment_status and deposit_amount to group and filter by, and received, refunded, paid, invoiced,
 * credited, owed, outstanding, refund_due, credit_held, deposit_invoiced and deposit_outstanding. It restates ledgerOf's rule, so it lives beside it and
 * order-ledger-sql.test.ts holds the two equal; nothing else writes the rule in SQL.
 */
export const orderLedgerSql = sql`select l.*, greatest(l.owed - l.paid, 0) as outstanding,
    greatest(l.paid - l.owed, 0) as refund_due,
    greatest(least(l.paid, l.owed) - (l.invoiced - l.credited), 0) as credit_held,
    greatest(least(l.deposit_invoiced, l.owed) - l.paid, 0) as deposit_outstanding
  from (select o.id as order_id, o.currency, o.status, o.payment_status, o.deposit_amount,
      coalesce(p.received, 0) as received, coalesce(r.refunded, 0) as refunded,
      coalesce(p.received, 0) - coalesce(r.refunded, 0) as paid,
      coalesce(b.invoiced, 0) as invoiced, coalesce(b.credited, 0) as credited,
      greatest(coalesce(b.deposit_invoiced, 0), 0) as deposit_invoiced,
      greatest(case when o.status = 'cancelled' then coalesce(b.invoiced, 0) - coalesce(b.credited, 0)
        else o.total_amount - coalesce(b.credited, 0) end, 0) as owed
    from orders o
    left join (select order_id, sum(amount) as received from payment_transactions where status = 'completed'
      group by order_id) p on p.order_id = o.id
    left join (select order_id, sum(amount) as refunded from refunds group by order_id) r on r.order_id = o.id
    left join (select i.order_id, sum(i.amount) filter (where i.kind <> 'credit') as invoiced,
      -sum(i.amount) filter (where i.kind = 'credit') as credited,
      sum(i.amount) filter (where i.kind = 'deposit' or (i.kind = 'credit' and d.kind = 'deposit')) as deposit_invoiced
      from invoices i left join invoices d on d.id = i.credits_invoice_id group by i.order_id) b on b.order_id = o.id) l`;

/** Where an invoice stands from the money allocated to it: see invoiceBalances. */
export type InvoiceState = 'open' | 'part_paid' | 'paid' | 'overpaid' | 'credited';

export interface InvoiceBalance {
  id: string;
  kind: 'deposit' | 'balance';
  number: string;
  dueDate: string;
  /** The gross the invoice was issued for. */
  amount: number;
  /** What its credit notes took off it (positive). */
  credited: number;
  /** amount less credited: what the invoice asks in all. */
  net: number;
  /** The money held that covers it (what it deducted as paid on account included). */
  allocated: number;
  /** Still to pay on it (never negative). */
  outstanding: number;
  /** Received beyond every invoice's asking: on the last invoice only. */
  overpaid: number;
  state: InvoiceState;
}

/**
 * Each deposit and balance invoice's standing, from the same figures as ledgerOf: the money held
 * (completed payments less refunds) pays the invoices in the order they were issued (by number, so
 * the deposit first), each up to what it asks after its credit notes. What is left after the last is
 * that invoice's overpayment. An invoice credited in full is 'credited' and takes nothing. So a
 * part-paid deposit invoice is 'part_paid' with its remainder outstanding, an overpaid deposit is
 * 'overpaid' until the balance invoice (which deducts the excess as paid on account) takes it, and
 * the sum of the outstanding figures is the ledger's outstanding on invoices issued.
 */
export function invoiceBalances(
  payments: readonly LedgerPayment[],
  issued: readonly LedgerInvoice[],
  refunds: readonly LedgerRefund[] = [],
): InvoiceBalance[] {
  const credited = creditedPerInvoice(issued);
  let left = Math.max(paidOf(payments) - refundedOf(refunds), 0);
  const live = issued
    .filter((row): row is LedgerInvoice & { kind: 'deposit' | 'balance' } => row.kind !== 'credit')
    .sort((a, b) => a.number.localeCompare(b.number));
  const balances = live.map((row): InvoiceBalance => {
    const amount = row.amount ?? 0;
    const creditedAmount = Math.min(credited.get(row.id) ?? 0, amount);
    const net = amount - creditedAmount;
    const allocated = Math.min(left, net);
    left -= allocated;
    return {
      id: row.id,
      kind: row.kind,
      number: row.number,
      dueDate: row.dueDate,
      amount,
      credited: creditedAmount,
      net,
      allocated,
      outstanding: net - allocated,
      overpaid: 0,
      state:
        net <= 0 && creditedAmount > 0 ? 'credited' : allocated >= net ? 'paid' : allocated > 0 ? 'part_paid' : 'open',
    };
  });
  const last = balances.findLast((balance) => balance.state !== 'credited');
  if (last && left > 0) {
    last.allocated += left;
    last.overpaid = left;
    last.state = 'overpaid';
  }
  return balances;
}

/**
 * The invoices still asking for money, for the receivables (the aged-debt report, statements):
 * invoiceBalances' outstanding figures, never more in all than the ledger's outstanding (a cancelled
 * order owes only what its ledger still says), the latest invoices trimmed first. Only the ones with
 * something outstanding, in number order.
 */
export function receivableInvoices(
  order: LedgerOrder,
  payments: readonly LedgerPayment[],
  issued: readonly LedgerInvoice[],
  refunds: readonly LedgerRefund[] = [],
): InvoiceBalance[] {
  let room = ledgerOf(order, payments, issued, refunds).outstanding;
  const open = invoiceBalances(payments, issued, refunds).filter((balance) => balance.outstanding > 0);
  const kept = open.map((balance) => {
    const outstanding = Math.min(balance.outstanding, Math.max(room, 0));
    room -= outstanding;
    return { ...balance, outstanding };
  });
  return kept.filter((balance) => balance.outstanding > 0);
}

/** What cancelling an order that holds money means under the terms (§8): see cancellationTerms. */
export interface CancellationTerms {
  /** The money the shop holds on the order (the ledger's paid). */
  held: number;
  /** The deposit the fee is a share of: the deposit invoiced (after its credits), else the order's deposit. */
  deposit: number;
  feePercent: number;
  /** The terms' administration fee: feePercent of the deposit, never more than is held. */
  fee: number;
  /** held less the fee: what is to be refunded once the deposit is credited. */
  refund: number;
}

/**
 * The figures a cancellation before manufacture (before the repair starts) works with: the money held,
 * the cancellation fee the order's terms keep (terms.ts `cancellationFeePercent`: the sale's 5% of the
 * deposit, rounded half up, at most what is held; none for a repair) and what is then to be refunded.
 * Null when the order holds nothing. The admin's warning, the server's refusal of a blind cancel, the
 * cancellation e-mail and the credit note all read these.
 */
export function cancellationTerms(
  order: { depositAmount: number; kind?: OrderKind | null },
  ledger: Pick<OrderLedger, 'paid' | 'depositInvoiced'>,
): CancellationTerms | null {
  if (ledger.paid <= 0) return null;
  const deposit = ledger.depositInvoiced > 0 ? ledger.depositInvoiced : order.depositAmount;
  const fee = Math.min(cancellationFeeOf(order, deposit), ledger.paid);
  return { held: ledger.paid, deposit, feePercent: cancellationFeePercent(order), fee, refund: ledger.paid - fee };
}

/** The order's terms' cancellation fee on its deposit (minor units, rounded half up; 0 for a repair). */
export const cancellationFeeOf = (order: { kind?: OrderKind | null }, deposit: number) =>
  roundHalfUp((deposit * cancellationFeePercent(order)) / 100);

/** The order's ledger rows: its payments, invoices and credit notes, and refunds. */
async function loadLedgerRows(db: Db, orderId: string) {
  const [payments, issued, paidBack] = await Promise.all([
    db
      .select({ amount: paymentTransactions.amount, status: paymentTransactions.status })
      .from(paymentTransactions)
      .where(eq(paymentTransactions.orderId, orderId)),
    db
      .select({
        id: invoices.id,
        kind: invoices.kind,
        number: invoices.number,
        dueDate: invoices.dueDate,
        creditsInvoiceId: invoices.creditsInvoiceId,
        amount: invoices.amount,
        cancellationFee: invoices.cancellationFee,
      })
      .from(invoices)
      .where(eq(invoices.orderId, orderId)),
    db.select({ amount: refunds.amount }).from(refunds).where(eq(refunds.orderId, orderId)),
  ]);
  return { payments, issued, paidBack };
}

/** Reads the order's ledger (call it with the order row locked when a write depends on it). */
export async function loadOrderLedger(db: Db, order: LedgerOrder & { id: string }): Promise<OrderLedger> {
  const { payments, issued, paidBack } = await loadLedgerRows(db, order.id);
  return ledgerOf(order, payments, issued, paidBack);
}

/** Reads each invoice's standing (invoiceBalances) for one order. */
export async function loadInvoiceBalances(db: Db, orderId: string): Promise<InvoiceBalance[]> {
  const { payments, issued, paidBack } = await loadLedgerRows(db, orderId);
  return invoiceBalances(payments, issued, paidBack);
}

export interface LedgerFieldsEdit {
  paymentStatus?: PaymentStatus;
  invoiceNumber?: string | null;
}

/**
 * The refusal of an edit that contradicts the ledger, per field, or null. A value equal to the
 * ledger's passes (the edit form re-sends every field), and so does the value the row already
 * holds: re-sending it changes nothing, and an order saved before these rules keeps being editable.
 */
export function ledgerEditRefusals(
  order: LedgerOrder & { paymentStatus: PaymentStatus; invoiceNumber: string | null },
  ledger: OrderLedger,
  edit: LedgerFieldsEdit,
): Record<string, string> | null {
  const fields: Record<string, string> = {};
  const status = edit.paymentStatus;
  if (status !== undefined && status !== ledger.paymentStatus && status !== order.paymentStatus) {
    const state =
      ledger.outstanding > 0
        ? `${formatMoney(ledger.outstanding, order.currency, { decimals: 2 })} is outstanding`
        : 'nothing is outstanding';
    const action =
      status === 'deposit_paid' || status === 'fully_paid'
        ? orderMessages.recordPaymentInstead
        : orderMessages.refundPaymentInstead;
    fields.paymentStatus = `${orderMessages.paymentStatusFollowsLedger}: ${state}. ${action}`;
  }
  const number = edit.invoiceNumber;
  if (number !== undefined && number !== ledger.invoiceNumber && number !== order.invoiceNumber) {
    fields.invoiceNumber = orderMessages.invoiceNumberFollowsInvoices;
  }
  return Object.keys(fields).length > 0 ? fields : null;
}
