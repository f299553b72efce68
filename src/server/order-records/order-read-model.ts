import { asc, eq, inArray } from 'drizzle-orm';
import { asTitle } from '../../shared/accounts/title';
import type { BatchHistory } from '../../shared/batches/batch-places';
import { customerHistoryMessage } from '../../shared/orders/customer-history';
import type { AdminOrder, Order, OrderAddress, OrderSummary } from '../../shared/orders/order-schema';
import { ERASED } from '../../shared/privacy/privacy-contracts';
import type { Db } from '../db/client';
import {
  batchDateChanges,
  invoices,
  orderBatchChanges,
  productBatches,
  orderItems,
  type orders,
  orderStatusHistory,
  paymentTransactions,
  profiles,
  quotes,
  refunds,
  users,
} from '../db/schema';
import type { Instrument } from '../../shared/instruments/instrument-schemas';
import { instrumentsOfOrders } from './order-instruments';
import { documentsOf, type InvoiceSummary, invoiceSummaryColumns } from './order-documents';
import { ledgerOf, type OrderLedger, paidOf } from './order-ledger';
import { poDocumentsOf, toPoDocument } from './po-document';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;
type PaymentRow = typeof paymentTransactions.$inferSelect;
type HistoryRow = typeof orderStatusHistory.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

/**
 * The one read model of an order: the row with its items, payments and status history, loaded in
 * three queries for any number of orders, then serialised per audience (guest, owner, admin).
 */
export interface OrderReadModel {
  order: OrderRow;
  items: ItemRow[];
  payments: PaymentRow[];
  history: HistoryRow[];
  invoices: InvoiceSummary[];
  refunds: RefundRow[];
  /** The instruments it shipped (issue 26): serial numbers, warranty and service dates. */
  instruments?: Instrument[];
  batchMoves: (typeof orderBatchChanges.$inferSelect)[];
  /** The date changes of the batch the order is in now. */
  batchDates: { id: string; batchName: string; oldDate: string | null; newDate: string | null; createdAt: Date }[];
  /** Issue 39: the buyer's purchase-order document, without its bytes. */
  poDocument?: Awaited<ReturnType<typeof poDocumentsOf>>[number] | null;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export async function loadOrderModels(db: Db, rows: OrderRow[]): Promise<OrderReadModel[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const batchIds = [...new Set(rows.map((row) => row.configuration?.batch).filter((id) => typeof id === 'string'))];
  const [items, payments, history, issued, paidBack, shipped, moves, dates, pos] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.createdAt)),
    db
      .select()
      .from(paymentTransactions)
      .where(inArray(paymentTransactions.orderId, ids))
      .orderBy(asc(paymentTransactions.createdAt)),
    db
      .select()
      .from(orderStatusHistory)
      .where(inArray(orderStatusHistory.orderId, ids))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.seq)),
    db
      .select(invoiceSummaryColumns)
      .from(invoices)
      .where(inArray(invoices.orderId, ids))
      .orderBy(asc(invoices.issuedAt), asc(invoices.number)),
    db.select().from(refunds).where(inArray(refunds.orderId, ids)).orderBy(asc(refunds.createdAt)),
    instrumentsOfOrders(db, ids),
    db
      .select()
      .from(orderBatchChanges)
      .where(inArray(orderBatchChanges.orderId, ids))
      .orderBy(asc(orderBatchChanges.createdAt)),
    batchIds.length === 0
      ? Promise.resolve([])
      : db
          .select({
            id: batchDateChanges.id,
            batch: productBatches.batchId,
            batchName: productBatches.name,
            oldDate: batchDateChanges.oldDate,
            newDate: batchDateChanges.newDate,
            createdAt: batchDateChanges.createdAt,
          })
          .from(batchDateChanges)
          .innerJoin(productBatches, eq(productBatches.id, batchDateChanges.batchId))
          .where(inArray(productBatches.batchId, batchIds))
          .orderBy(asc(batchDateChanges.createdAt)),
    poDocumentsOf(db, ids),
  ]);
  return rows.map((order) => ({
    order,
    items: items.filter((item) => item.orderId === order.id),
    payments: payments.filter((payment) => payment.orderId === order.id),
    history: history.filter((entry) => entry.orderId === order.id),
    invoices: issued.filter((invoice) => invoice.orderId === order.id),
    refunds: paidBack.filter((refund) => refund.orderId === order.id),
    instruments: shipped.filter((instrument) => instrument.orderId === order.id),
    batchMoves: moves.filter((move) => move.orderId === order.id),
    batchDates: dates.filter((change) => change.batch === order.configuration?.batch),
    poDocument: pos.find((po) => po.orderId === order.id) ?? null,
  }));
}

export async function loadOrderModel(db: Db, row: OrderRow): Promise<OrderReadModel> {
  const [model] = await loadOrderModels(db, [row]);
  if (!model) throw new Error('Loading the order failed');
  return model;
}

/** Only what the confirmation page needs: what anyone holding a guest order's id may read. */
export function toGuestSummary(row: OrderRow): OrderSummary {
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    status: row.status,
    paymentStatus: row.paymentStatus,
    createdAt: row.createdAt.toISOString(),
    totalAmount: row.totalAmount,
    depositAmount: row.depositAmount,
    currency: row.currency,
    kind: row.kind,
  };
}

/** The order's figures from its ledger (order-ledger.ts). */
export const modelLedger = (model: OrderReadModel): OrderLedger =>
  ledgerOf(model.order, model.payments, model.invoices, model.refunds);

/** The ledger's figures as the order answers carry them. */
const ledgerFigures = (ledger: OrderLedger) => ({
  paid: ledger.paid,
  received: ledger.received,
  refunded: ledger.refunded,
  invoiced: ledger.invoiced,
  credited: ledger.credited,
  owed: ledger.owed,
  outstanding: ledger.outstanding,
  refundDue: ledger.refundDue,
  depositInvoiced: ledger.depositInvoiced,
  depositOutstanding: ledger.depositOutstanding,
  creditHeld: ledger.creditHeld,
  cancellationFee: ledger.cancellationFee,
});

/** The order's batch moves and its batch's date changes; the customer's view leaves out the reason and who. */
export function batchHistoryOf(model: OrderReadModel, staff?: (id: string | null) => string | null): BatchHistory {
  return {
    moves: model.batchMoves.map((move) => ({
      id: move.id,
      fromName: move.fromName,
      toName: move.toName,
      reason: staff ? move.reason : null,
      changedBy: staff ? staff(move.changedBy) : null,
      createdAt: move.createdAt.toISOString(),
    })),
    dateChanges: model.batchDates.map((change) => ({
      id: change.id,
      batchName: change.batchName,
      oldDate: change.oldDate,
      newDate: change.newDate,
      createdAt: change.createdAt.toISOString(),
    })),
  };
}

/** The owner's view: no internal notes, no staff-only comments, no payment-processor ids. */
export function toOwnerOrder(model: OrderReadModel): Order {
  const { order, items, payments, invoices: issued } = model;
  const history = model.history.filter((entry) => !entry.staffOnly);
  const ledger = modelLedger(model);
  return {
    ...toGuestSummary(order),
    quoteId: order.quoteId,
    paymentMethod: order.paymentMethod,
    remainingAmount: order.remainingAmount,
    ledger: ledgerFigures(ledger),
    trackingNumber: order.trackingNumber,
    carrier: order.carrier,
    customerMessage: order.customerMessage,
    invoiceNumber: order.invoiceNumber,
    invoiceDueDate: order.invoiceDueDate,
    estimatedDeliveryDate: order.estimatedDeliveryDate,
    notes: order.notes,
    updatedAt: order.updatedAt.toISOString(),
    configuration: order.configuration ?? null,
    billingAddress: order.billingAddress ?? null,
    shippingAddress: order.shippingAddress ?? null,
    poNumber: order.poNumber,
    buyerRoutingReference: order.buyerRoutingReference,
    publicBuyer: order.publicBuyerSiret
      ? {
          siret: order.publicBuyerSiret,
          serviceCode: order.publicBuyerServiceCode,
          engagementNumber: order.publicBuyerEngagementNumber,
        }
      : null,
    poDocument: model.poDocument ? toPoDocument(model.poDocument) : null,
    vatNumber: order.vatNumber,
    eoriNumber: order.eoriNumber,
    language: order.language,
    termsVersion: order.termsVersion,
    termsAcceptedAt: iso(order.termsAcceptedAt),
    subtotalAmount: order.subtotalAmount,
    vatAmount: order.vatAmount,
    vatRate: order.vatRate,
    documents: documentsOf(order, history, issued, model.instruments ?? []),
    instruments: model.instruments ?? [],
    items: items.map((item) => ({
      id: item.id,
      itemType: item.itemType,
      itemId: item.itemId,
      itemName: item.itemName,
      ...(item.itemNames ? { itemNames: item.itemNames } : {}),
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      totalPrice: item.totalPrice,
      supply: item.supply,
      vatTreatment: item.vatTreatment,
      vatRate: item.vatRate,
      vatAmount: item.vatAmount,
    })),
    // A voided receipt was never money received: the customer does not see it (issue 51).
    payments: payments
      .filter((payment) => payment.status !== 'voided')
      .map((payment) => ({
        id: payment.id,
        transactionType: payment.transactionType,
        status: payment.status,
        amount: payment.amount,
        currency: payment.currency,
        paymentMethod: payment.paymentMethod,
        processedAt: iso(payment.processedAt),
        createdAt: payment.createdAt.toISOString(),
      })),
    // In the customer's words; rows that mean nothing to them are left out (the admin's view keeps every row).
    statusHistory: history.flatMap((entry) => {
      const said = customerHistoryMessage(entry, order);
      return said === null
        ? []
        : [
            {
              id: entry.id,
              oldStatus: entry.oldStatus,
              newStatus: entry.newStatus,
              notes: said.english,
              createdAt: entry.createdAt.toISOString(),
              messageId: said.id,
              ...(said.values ? { values: said.values } : {}),
            },
          ];
    }),
    batchHistory: batchHistoryOf(model),
  };
}

/** The sum of the order's completed (not refunded) payments. */
/** The order ledger's rule (order-ledger.ts), under the name the read model has always used. */
export const paidAmount = (payments: Pick<PaymentRow, 'status' | 'amount'>[]) => paidOf(payments);

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** The customer info the order flow stored with the order (guests have nothing else). */
export function storedCustomerInfo(configuration: Record<string, unknown> | null) {
  const info = configuration?.customerInfo;
  const record = info && typeof info === 'object' ? (info as Record<string, unknown>) : {};
  const first = text(record.firstName);
  const last = text(record.lastName);
  return {
    name: [first, last].filter(Boolean).join(' ') || null,
    /** Issue 53: the title given with the order (none: null). */
    title: asTitle(record.title),
    email: text(record.email),
    company: text(record.organization) ?? text(record.company),
    country: text(record.country),
    phone: text(record.phone),
  };
}

/**
 * An order kept under legal hold after its customer's erasure, or purged after it (decision 0039): it
 * stays for the law and the accountant's register, and staff's everyday views show "[erased]" for the customer.
 */
export const isErasedOrder = (order: Pick<OrderRow, 'legalHoldUntil' | 'personalDataPurgedAt'>) =>
  order.legalHoldUntil !== null || order.personalDataPurgedAt !== null;

/** An erased customer's address: the country stays (the VAT treatment shown on the order follows it). */
const erasedAddress = (address: OrderAddress | null): OrderAddress | null =>
  address && { street: ERASED, city: '', state: null, postal_code: '', country: address.country };

/** The admin's view of an erased customer's order: what names or reaches them reads "[erased]". */
function withoutCustomer(order: AdminOrder): AdminOrder {
  const { customerInfo: _erased, ...configuration } = order.configuration ?? {};
  return {
    ...order,
    configuration: order.configuration && configuration,
    billingAddress: erasedAddress(order.billingAddress),
    shippingAddress: erasedAddress(order.shippingAddress),
    vatNumber: order.vatNumber && ERASED,
    eoriNumber: order.eoriNumber && ERASED,
    customer: { ...order.customer, name: ERASED, title: null, email: ERASED, company: ERASED, phone: ERASED },
  };
}

/** The admin's view: everything, with the customer (profile, else the order's customer info) and who changed what. */
export async function toAdminOrder(db: Db, model: OrderReadModel): Promise<AdminOrder> {
  const view = await adminView(db, model);
  return isErasedOrder(model.order) ? withoutCustomer(view) : view;
}

async function adminView(db: Db, model: OrderReadModel): Promise<AdminOrder> {
  const { order } = model;
  const peopleIds = [
    ...new Set(
      [
        order.userId,
        ...model.history.map((entry) => entry.changedBy),
        ...model.payments.flatMap((payment) => [payment.recordedBy, payment.voidedBy]),
        ...model.refunds.map((refund) => refund.recordedBy),
        ...model.batchMoves.map((move) => move.changedBy),
      ].filter((value): value is string => value !== null),
    ),
  ];
  const people =
    peopleIds.length === 0
      ? []
      : await db
          .select({
            id: users.id,
            email: users.email,
            title: profiles.title,
            firstName: profiles.firstName,
            lastName: profiles.lastName,
            company: profiles.company,
            phone: profiles.phone,
            country: profiles.country,
          })
          .from(users)
          .leftJoin(profiles, eq(profiles.id, users.id))
          .where(inArray(users.id, peopleIds));
  const person = (id: string | null) => {
    const found = id ? people.find((candidate) => candidate.id === id) : undefined;
    if (!found) return null;
    return {
      id: found.id,
      email: found.email,
      name: [found.firstName, found.lastName].filter(Boolean).join(' ') || null,
    };
  };
  const stored = storedCustomerInfo(order.configuration ?? null);
  const profile = order.userId ? people.find((candidate) => candidate.id === order.userId) : undefined;
  const profileName = profile ? [profile.firstName, profile.lastName].filter(Boolean).join(' ') || null : null;
  const ledger = modelLedger(model);
  const owner = toOwnerOrder(model);
  const [quote] = order.quoteId
    ? await db
        .select({ id: quotes.id, quoteNumber: quotes.quoteNumber })
        .from(quotes)
        .where(eq(quotes.id, order.quoteId))
    : [];
  return {
    ...owner,
    internalNotes: order.internalNotes,
    quote: quote ?? null,
    userId: order.userId,
    customer: {
      name: profileName ?? stored.name,
      // Issue 53: the account's title, else the one given with the order; staff see it beside the name.
      title: (profile ? asTitle(profile.title) : null) ?? stored.title,
      email: profile?.email ?? stored.email,
      company: profile?.company ?? stored.company,
      phone: profile?.phone || stored.phone || order.billingAddress?.phone || order.shippingAddress?.phone || null,
      country: profile?.country ?? stored.country,
      isGuest: order.userId === null,
    },
    paidAmount: ledger.paid,
    outstandingAmount: ledger.outstanding,
    // Every payment row, a voided one too (issue 51: shown struck through, with who, when and why).
    payments: model.payments.map((row) => ({
      id: row.id,
      transactionType: row.transactionType,
      status: row.status,
      amount: row.amount,
      currency: row.currency,
      paymentMethod: row.paymentMethod,
      processedAt: iso(row.processedAt),
      createdAt: row.createdAt.toISOString(),
      reference: row.reference ?? null,
      refundedAt: iso(row.refundedAt ?? null),
      recordedBy: person(row.recordedBy ?? null),
      voided: row.voidedAt
        ? { at: row.voidedAt.toISOString(), by: person(row.voidedBy), reason: row.voidReason ?? '' }
        : null,
      fromAccountReceipt: row.accountReceiptId !== null,
    })),
    statusHistory: model.history.map((entry) => ({
      id: entry.id,
      oldStatus: entry.oldStatus,
      newStatus: entry.newStatus,
      notes: entry.notes,
      createdAt: entry.createdAt.toISOString(),
      staffOnly: entry.staffOnly,
      changedBy: person(entry.changedBy),
    })),
    refunds: model.refunds.map((refund) => ({
      id: refund.id,
      paymentId: refund.paymentId,
      amount: refund.amount,
      currency: refund.currency,
      refundedOn: refund.refundedOn,
      method: refund.method,
      reference: refund.reference,
      reason: refund.reason,
      recordedBy: person(refund.recordedBy),
    })),
    batchHistory: batchHistoryOf(model, (id) => {
      const who = person(id);
      return who ? (who.name ?? who.email) : null;
    }),
  };
}
