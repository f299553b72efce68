import { and, asc, gte, inArray, lt } from 'drizzle-orm';
import type { AdminOrderListQuery } from '../../shared/orders/order-admin-contracts';
import { findCountry } from '../../shared/countries';
import { orderDocumentLabels } from '../../shared/documents/order-document-labels';
import { orderStatusLabel, paymentStatusLabel } from '../../shared/orders/order-status';
import { ERASED } from '../../shared/privacy/privacy-contracts';
import type { Db } from '../db/client';
import { invoices, orders } from '../db/schema';
import { isErasedOrder, loadOrderModels, modelLedger, storedCustomerInfo } from '../orders/order-read-model';
import { orderBatches } from '../orders/order-list';
import { csvMoney } from '../../shared/csv';

/**
 * What the accountant needs (issue 28): the orders CSV with its money columns from the ledger, and
 * the register of invoices and credit notes for a date range with VAT totals per rate and currency.
 * Dates are UK days (DD/MM/YYYY, London time), statuses and methods their human labels, amounts in
 * major units with two decimals.
 */

const ukDay = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Europe/London',
});
/** A moment or a YYYY-MM-DD day as DD/MM/YYYY. */
export function csvDate(value: Date | string | null): string {
  if (value === null) return '';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [year, month, day] = value.split('-');
    return `${day}/${month}/${year}`;
  }
  return ukDay.format(typeof value === 'string' ? new Date(value) : value);
}
/** A signed amount as a number cell (a credit's minus sign is a number, not a formula to neutralise). */
export const signedMajor = (minor: number) => Number((minor / 100).toFixed(2));
const methodLabels: Record<string, string> = { bank_transfer: 'Bank transfer', card: 'Card', cheque: 'Cheque' };
export const methodLabel = (method: string | null) =>
  method ? (methodLabels[method] ?? method.charAt(0).toUpperCase() + method.slice(1).replaceAll('_', ' ')) : '';
const countryName = (code: string | null) => (code ? (findCountry(code)?.name ?? code) : '');

export const orderExportHeader = [
  'Order number',
  'Date',
  'Customer',
  'E-mail',
  'Company',
  'Country',
  'Status',
  'Payment status',
  'Net',
  'VAT',
  'VAT rate (%)',
  'Total',
  'Currency',
  'PO number',
  'Customer VAT number',
  'Invoice numbers',
  'Credit notes',
  'Credited',
  'Paid',
  'Refunded',
  'Outstanding',
  'Payment dates',
  'Payment method',
];

/** The orders CSV's rows, one batch of the list's filter at a time, each with its ledger. */
export async function* orderExportBatches(db: Db, query: AdminOrderListQuery, now: Date) {
  for await (const batch of orderBatches(db, query, 500, now)) {
    const rows = await db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.id,
          batch.map((item) => item.id),
        ),
      );
    const models = new Map((await loadOrderModels(db, rows)).map((model) => [model.order.id, model]));
    yield batch.map((item) => {
      const model = models.get(item.id);
      if (!model) return { item, cells: null };
      const { order } = model;
      const ledger = modelLedger(model);
      const stored = storedCustomerInfo(order.configuration ?? null);
      const net = order.subtotalAmount ?? (order.vatAmount !== null ? order.totalAmount - order.vatAmount : null);
      const completed = model.payments.filter((payment) => payment.status === 'completed');
      return {
        item,
        cells: {
          country: countryName(order.billingAddress?.country ?? stored.country),
          status: orderStatusLabel(order.status),
          paymentStatus: paymentStatusLabel(order.paymentStatus),
          net: csvMoney(net),
          vat: csvMoney(order.vatAmount),
          vatRate: order.vatRate === null ? '' : String(order.vatRate),
          po: order.poNumber,
          // The customer's VAT number names them: an order held after their erasure keeps it for the register only.
          vatNumber: order.vatNumber && isErasedOrder(order) ? ERASED : order.vatNumber,
          invoiceNumbers: model.invoices
            .filter((invoice) => invoice.kind !== 'credit')
            .map((invoice) => invoice.number)
            .join('; '),
          creditNotes: model.invoices
            .filter((invoice) => invoice.kind === 'credit')
            .map((invoice) => invoice.number)
            .join('; '),
          credited: csvMoney(ledger.credited),
          paid: csvMoney(ledger.paid),
          refunded: csvMoney(ledger.refunded),
          outstanding: csvMoney(ledger.outstanding),
          paymentDates: completed.map((payment) => csvDate(payment.processedAt ?? payment.createdAt)).join('; '),
          paymentMethod: methodLabel(completed.at(-1)?.paymentMethod ?? order.paymentMethod),
        },
      };
    });
  }
}

export interface RegisterRow {
  id: string;
  issuedAt: Date;
  kind: 'deposit' | 'balance' | 'credit';
  number: string;
  creditsNumber: string | null;
  orderNumber: string;
  customer: string;
  email: string;
  country: string;
  vatNumber: string | null;
  net: number;
  vat: number;
  gross: number;
  /** The order's VAT rate in percent (worked out from the invoice for older orders). */
  rate: number;
  currency: string;
  dueDate: string;
  reason: string | null;
}

export interface RegisterTotal {
  currency: string;
  rate: number;
  count: number;
  net: number;
  vat: number;
  gross: number;
}

/**
 * The customer as the registers name them: the company, else the name, else the billing name. An order
 * held after its customer's erasure keeps them for the registers; a purged one has none left ('').
 */
export const registerCustomer = (
  order: Pick<typeof orders.$inferSelect, 'configuration' | 'billingAddress'> | undefined,
) => {
  const stored = storedCustomerInfo(order?.configuration ?? null);
  return stored.company ?? stored.name ?? order?.billingAddress?.name ?? '';
};

/** The register's documents issued from `from` to `to` (days, inclusive, UTC), oldest first. */
export async function loadRegister(db: Db, from: string, to: string): Promise<RegisterRow[]> {
  const end = new Date(new Date(`${to}T00:00:00.000Z`).getTime() + 86_400_000);
  const rows = await db
    .select()
    .from(invoices)
    .where(and(gte(invoices.issuedAt, new Date(`${from}T00:00:00.000Z`)), lt(invoices.issuedAt, end)))
    .orderBy(asc(invoices.issuedAt), asc(invoices.number));
  if (rows.length === 0) return [];
  const orderIds = [...new Set(rows.map((row) => row.orderId))];
  const orderRows = await db.select().from(orders).where(inArray(orders.id, orderIds));
  const byId = new Map(orderRows.map((row) => [row.id, row]));
  const creditedIds = rows.map((row) => row.creditsInvoiceId).filter((id): id is string => id !== null);
  const originals =
    creditedIds.length === 0
      ? []
      : await db
          .select({ id: invoices.id, number: invoices.number })
          .from(invoices)
          .where(inArray(invoices.id, creditedIds));
  const numberOf = new Map(originals.map((row) => [row.id, row.number]));
  return rows.map((row) => {
    const order = byId.get(row.orderId);
    const stored = storedCustomerInfo(order?.configuration ?? null);
    const net = row.amount - row.vatAmount;
    const rate = order?.vatRate ?? (net !== 0 ? Math.round((row.vatAmount * 10000) / net) / 100 : 0);
    return {
      id: row.id,
      issuedAt: row.issuedAt,
      kind: row.kind,
      number: row.number,
      creditsNumber: row.creditsInvoiceId ? (numberOf.get(row.creditsInvoiceId) ?? null) : null,
      orderNumber: row.orderNumber,
      customer: registerCustomer(order),
      email: stored.email ?? '',
      country: countryName(order?.billingAddress?.country ?? stored.country),
      vatNumber: order?.vatNumber ?? null,
      net,
      vat: row.vatAmount,
      gross: row.amount,
      rate: Number(rate),
      currency: row.currency,
      dueDate: row.dueDate,
      reason: row.reason,
    };
  });
}

/** The VAT totals per currency and rate: invoices add, credit notes (negative) take away. */
export function registerTotals(rows: readonly RegisterRow[]): RegisterTotal[] {
  const totals = new Map<string, RegisterTotal>();
  for (const row of rows) {
    const key = `${row.currency} ${row.rate}`;
    const total = totals.get(key) ?? { currency: row.currency, rate: row.rate, count: 0, net: 0, vat: 0, gross: 0 };
    total.count += 1;
    total.net += row.net;
    total.vat += row.vat;
    total.gross += row.gross;
    totals.set(key, total);
  }
  return [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency) || b.rate - a.rate);
}

export const registerHeader = [
  'Date',
  'Type',
  'Number',
  'Credits invoice',
  'Order',
  'Customer',
  'Country',
  'Customer VAT number',
  'Net',
  'VAT',
  'Gross',
  'VAT rate (%)',
  'Currency',
  'Reason',
];

export const registerCells = (row: RegisterRow) => [
  csvDate(row.issuedAt),
  orderDocumentLabels[row.kind],
  row.number,
  row.creditsNumber,
  row.orderNumber,
  row.customer,
  row.country,
  row.vatNumber,
  signedMajor(row.net),
  signedMajor(row.vat),
  signedMajor(row.gross),
  String(row.rate),
  row.currency,
  row.reason,
];

/** Xero's sales-invoice import (docs/api/admin.md, `GET /api/admin/invoices.xero.csv`): one line per document, amounts tax exclusive. */
export const xeroHeader = [
  '*ContactName',
  'EmailAddress',
  'POCountry',
  '*InvoiceNumber',
  'Reference',
  '*InvoiceDate',
  '*DueDate',
  '*Description',
  '*Quantity',
  '*UnitAmount',
  '*AccountCode',
  '*TaxType',
  'Currency',
];

export const XERO_SALES_ACCOUNT = '200';
export const xeroTaxType = (rate: number) => (rate > 0 ? `${rate}% (VAT on Income)` : 'No VAT');

export const xeroCells = (row: RegisterRow) => [
  row.customer || row.email || row.orderNumber,
  row.email,
  row.country,
  row.number,
  row.orderNumber,
  csvDate(row.issuedAt),
  csvDate(row.kind === 'credit' ? row.issuedAt.toISOString().slice(0, 10) : row.dueDate),
  row.kind === 'credit'
    ? `Credit note for ${row.creditsNumber ?? 'invoice'}, order ${row.orderNumber}${row.reason ? `: ${row.reason}` : ''}`
    : `${orderDocumentLabels[row.kind]}, order ${row.orderNumber}`,
  '1',
  signedMajor(row.net),
  XERO_SALES_ACCOUNT,
  xeroTaxType(row.rate),
  row.currency,
];

/** One batch, for sendCsv. */
export async function* once<T>(rows: T[]): AsyncGenerator<T[]> {
  yield rows;
}
