import { and, asc, gte, inArray, lt } from 'drizzle-orm';
import type { AdminOrderListQuery } from '../../shared/orders/order-admin-contracts';
import { findCountry, isEuMemberState } from '../../shared/countries';
import { gbpColumnsOf, taxPointMonth } from '../../shared/orders/gbp-figures';
import { orderDocumentLabels } from '../../shared/documents/order-document-labels';
import { orderStatusLabel, paymentStatusLabel } from '../../shared/orders/order-status';
import { ERASED } from '../../shared/privacy/privacy-contracts';
import type { Db } from '../db/client';
import { invoices, orderItems, orders } from '../db/schema';
import { orderVatSummary } from '../../shared/documents/vat-summary';
import { invoiceVatSummary } from '../../shared/orders/invoice-vat';
import { treatmentLabel, type VatGroup, type VatTreatment } from '../../shared/tax/line-vat';
import { isErasedOrder, loadOrderModels, modelLedger, storedCustomerInfo } from '../order-records/order-read-model';
import { orderBatches } from '../orders/order-list';
import { monthlyRates } from '../billing/gbp-at-tax-point';
import { csvMoney } from '../../shared/csv';
import { roundHalfUp } from '../../shared/money';

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
  /**
   * The GBP equivalent in pence (net = gross less VAT): recorded on the document at issue, or worked
   * out now with the table's rate for its month when it had none; null when the month has no rate.
   */
  gbp: { net: number; vat: number; gross: number } | null;
  /** Units of the currency per £1 used (1 for GBP), and the month (YYYY-MM, the tax point) it is for. */
  gbpRate: number | null;
  gbpRateMonth: string;
  /** Where the GBP figures come from: the document, the rate table now, or nowhere yet. */
  gbpSource: 'document' | 'table' | 'missing';
  /** Delivered to an EU member state (the VAT return's box 8). */
  euGoods: boolean;
  /**
   * The document's VAT parts (issue 37): its net and VAT by treatment and rate, summing to its own.
   * A document of an order placed before lines had VAT is one part at its rate, treatment null.
   */
  parts: RegisterPart[];
}

export interface RegisterPart {
  treatment: VatTreatment | null;
  rate: number;
  /** Goods or services, or both (a part of one treatment and rate may hold both). */
  supplies: ('goods' | 'services')[];
  net: number;
  vat: number;
}

/** A document's parts: its share of each of its order's VAT parts, by treatment and rate. */
function documentParts(summary: VatGroup[] | null, amount: number, vat: number, rate: number): RegisterPart[] {
  if (!summary) return [{ treatment: null, rate, supplies: [], net: amount - vat, vat }];
  const parts = new Map<string, RegisterPart>();
  for (const group of invoiceVatSummary(summary, amount, vat)) {
    const key = `${group.treatment} ${group.rate}`;
    const part = parts.get(key) ?? { treatment: group.treatment, rate: group.rate, supplies: [], net: 0, vat: 0 };
    if (!part.supplies.includes(group.supply)) part.supplies.push(group.supply);
    part.net += group.net;
    part.vat += group.vat;
    parts.set(key, part);
  }
  return [...parts.values()];
}

/** What the register says of a document's GBP figures. */
export const gbpNote = (row: Pick<RegisterRow, 'gbpSource' | 'gbpRateMonth' | 'currency'>) =>
  row.gbpSource === 'table'
    ? 'rate from table'
    : row.gbpSource === 'missing'
      ? `no rate for ${row.gbpRateMonth}`
      : row.currency === 'GBP'
        ? ''
        : 'rate at issue';

export interface RegisterTotal {
  currency: string;
  rate: number;
  /** The parts' treatment; null for documents of orders placed before lines had VAT. */
  treatment: VatTreatment | null;
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
  const itemRows = await db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds));
  const summaries = new Map(
    orderIds.map((id) => [id, orderVatSummary(itemRows.filter((item) => item.orderId === id))]),
  );
  const creditedIds = rows.map((row) => row.creditsInvoiceId).filter((id): id is string => id !== null);
  const originals =
    creditedIds.length === 0
      ? []
      : await db
          .select({ id: invoices.id, number: invoices.number })
          .from(invoices)
          .where(inArray(invoices.id, creditedIds));
  const numberOf = new Map(originals.map((row) => [row.id, row.number]));
  // Documents issued before their month had a rate: the table's rate for the month, if there is one now.
  const unconverted = rows.filter((row) => row.gbpAmount === null || row.gbpVatAmount === null);
  const tableRates = await monthlyRates(
    db,
    unconverted.map((row) => taxPointMonth(row.issuedAt)),
  );
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
      ...registerGbp(row, tableRates),
      euGoods: isEuMemberState(order?.shippingAddress?.country ?? order?.billingAddress?.country ?? stored.country),
      parts: documentParts(summaries.get(row.orderId) ?? null, row.amount, row.vatAmount, Number(rate)),
    };
  });
}

/** A document's GBP figures for the register: its own, else converted at the table's rate for its month, else none. */
function registerGbp(
  row: typeof invoices.$inferSelect,
  tableRates: Map<string, number>,
): Pick<RegisterRow, 'gbp' | 'gbpRate' | 'gbpRateMonth' | 'gbpSource'> {
  const month = taxPointMonth(row.issuedAt);
  if (row.gbpAmount !== null && row.gbpVatAmount !== null)
    return {
      gbp: { net: row.gbpAmount - row.gbpVatAmount, vat: row.gbpVatAmount, gross: row.gbpAmount },
      gbpRate: row.gbpRate === null ? null : Number(row.gbpRate),
      gbpRateMonth: row.gbpRateMonth ?? month,
      gbpSource: 'document',
    };
  const rate = row.currency === 'GBP' ? 1 : (tableRates.get(`${month} ${row.currency}`) ?? null);
  const columns = gbpColumnsOf(row, month, rate);
  if (columns.gbpAmount === null || columns.gbpVatAmount === null)
    return { gbp: null, gbpRate: null, gbpRateMonth: month, gbpSource: 'missing' };
  return {
    gbp: { net: columns.gbpAmount - columns.gbpVatAmount, vat: columns.gbpVatAmount, gross: columns.gbpAmount },
    gbpRate: rate,
    gbpRateMonth: month,
    // A pound document without stored figures (issued before they were recorded) is its own figures.
    gbpSource: row.currency === 'GBP' ? 'document' : 'table',
  };
}

/** The GBP net of a document's goods (its zero-rated export parts) for box 8, when its parts are known. */
function euGoodsNet(row: RegisterRow): number | undefined {
  if (!row.euGoods || !row.gbp || row.parts.some((part) => part.treatment === null)) return undefined;
  const goods = row.parts
    .filter((part) => part.treatment === 'zero_rated_export')
    .reduce((sum, part) => sum + part.net, 0);
  if (goods === row.net) return row.gbp.net;
  return row.net === 0 ? 0 : roundHalfUp((row.gbp.net * goods) / row.net);
}

/** The register's rows as the VAT-return figures read them. */
export const vatReturnDocuments = (rows: readonly RegisterRow[]) =>
  rows.map((row) => {
    const goodsNet = euGoodsNet(row);
    return {
      number: row.number,
      currency: row.currency,
      month: row.gbpRateMonth,
      gbp: row.gbp,
      euGoods: row.euGoods,
      ...(goodsNet === undefined ? {} : { euGoodsNet: goodsNet }),
    };
  });

/**
 * The VAT totals per currency, rate and treatment, from each document's parts: invoices add, credit
 * notes (negative) take away. A document counts once in each of its parts' totals.
 */
export function registerTotals(rows: readonly RegisterRow[]): RegisterTotal[] {
  const totals = new Map<string, RegisterTotal>();
  for (const row of rows)
    for (const part of row.parts) {
      // Older orders' documents (treatment unknown) total with the new ones of their rate only when standard-rated.
      const treatment = part.treatment ?? (part.rate > 0 ? 'standard' : null);
      const key = `${row.currency} ${part.rate} ${treatment}`;
      const total = totals.get(key) ?? {
        currency: row.currency,
        rate: part.rate,
        treatment,
        count: 0,
        net: 0,
        vat: 0,
        gross: 0,
      };
      total.count += 1;
      total.net += part.net;
      total.vat += part.vat;
      total.gross += part.net + part.vat;
      totals.set(key, total);
    }
  return [...totals.values()].sort(
    (a, b) =>
      a.currency.localeCompare(b.currency) || b.rate - a.rate || String(a.treatment).localeCompare(String(b.treatment)),
  );
}

/** A register total's label: "Total GBP at 20%", "Total EUR at 0%, Zero-rated export of goods (VAT Notice 703)". */
export const registerTotalLabel = (total: RegisterTotal) =>
  `Total ${total.currency} at ${total.rate}%${total.treatment && total.treatment !== 'standard' ? `, ${treatmentLabel(total.treatment, total.rate)}` : ''}`;

/** The register's rate column: the document's one rate, or its parts' ("20% + 0% reverse charge"). */
const partsRate = (row: RegisterRow) =>
  row.parts.length <= 1
    ? String(row.rate)
    : row.parts
        .map(
          (part) =>
            `${part.rate}%${part.treatment === 'zero_rated_export' ? ' zero-rated export' : part.treatment === 'reverse_charge' ? ' reverse charge' : ''}`,
        )
        .join(' + ');

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
  'GBP rate',
  'Rate month',
  'GBP net',
  'GBP VAT',
  'GBP gross',
  'GBP note',
];

const gbpMajor = (pence: number | undefined) => (pence === undefined ? null : signedMajor(pence));

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
  partsRate(row),
  row.currency,
  row.reason,
  row.gbpRate === null ? null : String(row.gbpRate),
  row.gbpRateMonth,
  gbpMajor(row.gbp?.net),
  gbpMajor(row.gbp?.vat),
  gbpMajor(row.gbp?.gross),
  gbpNote(row),
];

/**
 * Xero's sales-invoice import (docs/api/admin.md, `GET /api/admin/invoices.xero.csv`): one line per
 * document, amounts tax exclusive, with the document's own VAT in TaxAmount so Xero takes it as it is
 * instead of recomputing it from the rate (a penny out on a credit note: decision 0053).
 */
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
  'TaxAmount',
  'Currency',
  'CurrencyRate',
];

export const XERO_SALES_ACCOUNT = '200';
/**
 * Xero UK's tax rate for a part (issue 51): the one that puts it in the box the shop's VAT return puts
 * it in. The standard rate "20% (VAT on Income)" (VAT in box 1, net in box 6); "Zero Rated Income" (net
 * in box 6) for a zero-rated export and for a reverse-charged service to an EU business, which HMRC
 * counts in box 6 as outside the scope of UK VAT ("No VAT" would leave it out of every box); for a trader
 * in Northern Ireland, goods to the EU are "Zero Rated EC Goods Income" (boxes 6 and 8). An older
 * document at 0% (treatment unknown) is in box 6 too.
 */
export const xeroTaxType = (
  rate: number,
  treatment: VatTreatment | null = null,
  options: { euGoods?: boolean; northernIreland?: boolean } = {},
) =>
  treatment === 'standard' || (treatment === null && rate > 0)
    ? `${rate}% (VAT on Income)`
    : treatment === 'zero_rated_export' && options.northernIreland && options.euGoods
      ? 'Zero Rated EC Goods Income'
      : 'Zero Rated Income';

/**
 * A document's currency rate for the imports: HMRC's monthly rate it was converted at (units of its
 * currency per £1, as Xero's CurrencyRate reads it), empty for a pound document or one with no rate yet.
 */
const currencyRate = (row: RegisterRow) => (row.currency === 'GBP' || row.gbpRate === null ? '' : String(row.gbpRate));

/** QuickBooks' ExchangeRate reads the other way: pounds per unit of the currency (1 ÷ HMRC's rate, 6 decimals). */
const quickBooksExchangeRate = (row: RegisterRow) =>
  row.currency === 'GBP' || row.gbpRate === null ? '' : String(Number((1 / row.gbpRate).toFixed(6)));

/** A document's description in the imports, with the part it is when it has several. */
const partDescription = (row: RegisterRow, part: RegisterPart) => {
  const what =
    row.kind === 'credit'
      ? `Credit note for ${row.creditsNumber ?? 'invoice'}, order ${row.orderNumber}${row.reason ? `: ${row.reason}` : ''}`
      : `${orderDocumentLabels[row.kind]}, order ${row.orderNumber}`;
  if (row.parts.length <= 1 || !part.treatment) return what;
  const sold = part.supplies.length > 1 ? 'goods and services' : (part.supplies[0] ?? 'goods');
  return `${what} (${sold}, ${treatmentLabel(part.treatment, part.rate)})`;
};

/** Who the exports are for (issue 51): a trader in Northern Ireland reports goods to the EU in box 8. */
export interface ExportTrader {
  northernIreland: boolean;
}

/** One import line per VAT part of a document (one line for most): the same invoice number on each. */
export const xeroLines = (row: RegisterRow, trader: ExportTrader = { northernIreland: false }) =>
  row.parts.map((part) => xeroCells(row, part, trader));

export const xeroCells = (
  row: RegisterRow,
  part: RegisterPart = row.parts[0] ?? partOf(row),
  trader: ExportTrader = { northernIreland: false },
) => [
  row.customer || row.email || row.orderNumber,
  row.email,
  row.country,
  row.number,
  row.orderNumber,
  csvDate(row.issuedAt),
  csvDate(row.kind === 'credit' ? row.issuedAt.toISOString().slice(0, 10) : row.dueDate),
  partDescription(row, part),
  '1',
  signedMajor(part.net),
  XERO_SALES_ACCOUNT,
  xeroTaxType(part.rate, part.treatment, { euGoods: row.euGoods, northernIreland: trader.northernIreland }),
  signedMajor(part.vat),
  row.currency,
  currencyRate(row),
];

/** A document as one part (a row built without parts). */
const partOf = (row: RegisterRow): RegisterPart => ({
  treatment: null,
  rate: row.rate,
  supplies: [],
  net: row.net,
  vat: row.vat,
});

/**
 * QuickBooks Online's invoice import (docs/api/admin.md, `GET /api/admin/invoices.quickbooks.csv`):
 * one line per document, ItemAmount net of VAT and ItemTaxAmount the document's own VAT, so nothing
 * is recomputed; a credit note is a line with negative amounts naming the invoice it credits.
 */
export const quickBooksHeader = [
  'InvoiceNo',
  'Customer',
  'InvoiceDate',
  'DueDate',
  'Memo',
  'Item(Product/Service)',
  'ItemDescription',
  'ItemQuantity',
  'ItemRate',
  'ItemAmount',
  'ItemTaxCode',
  'ItemTaxAmount',
  'Currency',
  'ExchangeRate',
];

/**
 * QuickBooks UK's tax codes (issue 51), each putting the part in the shop's box: standard rate "20.0% S"
 * (boxes 1 and 6), zero rate "0.0% Z" (box 6) for zero-rated exports and for reverse-charged services to
 * EU businesses ("No VAT" would leave them out of the return); for a trader in Northern Ireland, goods to
 * the EU "0.0% ECG" (boxes 6 and 8).
 */
export const quickBooksTaxCode = (
  rate: number,
  treatment: VatTreatment | null = null,
  options: { euGoods?: boolean; northernIreland?: boolean } = {},
) =>
  treatment === 'standard' || (treatment === null && rate > 0)
    ? `${rate.toFixed(1)}% S`
    : treatment === 'zero_rated_export' && options.northernIreland && options.euGoods
      ? '0.0% ECG'
      : '0.0% Z';

/** One import line per VAT part of a document (one line for most). */
export const quickBooksLines = (row: RegisterRow, trader: ExportTrader = { northernIreland: false }) =>
  row.parts.map((part) => quickBooksCells(row, part, trader));

export const quickBooksCells = (
  row: RegisterRow,
  part: RegisterPart = row.parts[0] ?? partOf(row),
  trader: ExportTrader = { northernIreland: false },
) => [
  row.number,
  row.customer || row.email || row.orderNumber,
  csvDate(row.issuedAt),
  csvDate(row.kind === 'credit' ? row.issuedAt.toISOString().slice(0, 10) : row.dueDate),
  `Order ${row.orderNumber}`,
  row.kind === 'credit' ? 'Credit' : 'Sales',
  partDescription(row, part),
  '1',
  signedMajor(part.net),
  signedMajor(part.net),
  quickBooksTaxCode(part.rate, part.treatment, { euGoods: row.euGoods, northernIreland: trader.northernIreland }),
  signedMajor(part.vat),
  row.currency,
  quickBooksExchangeRate(row),
];

/** One batch, for sendCsv. */
export async function* once<T>(rows: T[]): AsyncGenerator<T[]> {
  yield rows;
}
