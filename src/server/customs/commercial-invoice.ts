import { and, desc, eq, inArray } from 'drizzle-orm';
import { isExportDelivery } from '../../shared/customs';
import { commercialInvoiceDocument, type ItemCustoms, itemCustomsKey } from '../../shared/documents/commercial-invoice';
import { documentFilename } from '../../shared/documents/document-filename';
import { type DocumentOrder, deliveryCountry } from '../../shared/documents/order-documents';
import { recipientLanguage } from '../accounts/recipient-language';
import type { Db } from '../db/client';
import {
  invoices,
  type orders,
  productAccessories,
  productAdaptors,
  productConfigurations,
  productPowerAdaptors,
  productSyringeHolders,
} from '../db/schema';
import { renderDocumentPdf } from '../documents/document-pdf';
import { getBusinessProfile } from '../business-profile/profile-service';

type OrderRow = typeof orders.$inferSelect;

/** The order's documents list and its download name it by this id (`/api/orders/{id}/documents/commercial-invoice`). */
export const COMMERCIAL_INVOICE_DOCUMENT_ID = 'commercial-invoice';

/** Staff print it from confirmation (to pack at dispatch); the customer sees it once the goods have left. */
const staffStatuses = new Set(['confirmed', 'processing', 'shipped', 'delivered']);
const customerStatuses = new Set(['shipped', 'delivered']);

/** Whether the order has a commercial invoice: delivered outside the UK and, for the customer, shipped. */
export function hasCommercialInvoice(
  row: Pick<OrderRow, 'status' | 'shippingAddress' | 'billingAddress'>,
  audience: 'staff' | 'customer',
): boolean {
  if (!isExportDelivery(deliveryCountry(row))) return false;
  return (audience === 'staff' ? staffStatuses : customerStatuses).has(row.status);
}

/**
 * The buyer's EORI number. The column `orders.eori_number` is added by the checkout's VAT-number and
 * EORI part of issue 37; until it is merged the row has no such field and the invoice says "not given".
 */
export function buyerEoriOf(row: OrderRow): string | null {
  const value = (row as OrderRow & { eoriNumber?: unknown }).eoriNumber;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

const customsColumns = <
  T extends
    | typeof productConfigurations
    | typeof productAccessories
    | typeof productAdaptors
    | typeof productSyringeHolders
    | typeof productPowerAdaptors,
>(
  table: T,
) => ({
  commodityCode: table.commodityCode,
  originCountry: table.originCountry,
  netWeightGrams: table.netWeightGrams,
  grossWeightGrams: table.grossWeightGrams,
  customsValueGbp: table.customsValueGbp,
  customsValueEur: table.customsValueEur,
});

/**
 * The customs data of every goods item the order names, by `itemCustomsKey` (order item type and
 * the catalogue id the line was ordered under; archived accessories included).
 */
export async function itemCustomsOf(db: Db, items: { itemType: string; itemId: string }[]) {
  const ids = (type: string) => [...new Set(items.filter((item) => item.itemType === type).map((i) => i.itemId))];
  const map = new Map<string, ItemCustoms>();
  const load = async <Row extends ItemCustoms & { id: string }>(
    type: string,
    query: (ids: string[]) => Promise<Row[]>,
  ) => {
    const wanted = ids(type);
    if (wanted.length === 0) return;
    for (const { id, ...customs } of await query(wanted)) map.set(itemCustomsKey(type, id), customs);
  };
  await Promise.all([
    load('base_configuration', (wanted) =>
      db
        .select({ id: productConfigurations.configId, ...customsColumns(productConfigurations) })
        .from(productConfigurations)
        .where(inArray(productConfigurations.configId, wanted)),
    ),
    load('accessory', (wanted) =>
      db
        .select({ id: productAccessories.accessoryId, ...customsColumns(productAccessories) })
        .from(productAccessories)
        .where(inArray(productAccessories.accessoryId, wanted)),
    ),
    load('adaptor', (wanted) =>
      db
        .select({ id: productAdaptors.adaptorId, ...customsColumns(productAdaptors) })
        .from(productAdaptors)
        .where(inArray(productAdaptors.adaptorId, wanted)),
    ),
    load('syringe_holder', (wanted) =>
      db
        .select({ id: productSyringeHolders.holderId, ...customsColumns(productSyringeHolders) })
        .from(productSyringeHolders)
        .where(inArray(productSyringeHolders.holderId, wanted)),
    ),
    load('power_adaptor', (wanted) =>
      db
        .select({ id: productPowerAdaptors.powerAdaptorId, ...customsColumns(productPowerAdaptors) })
        .from(productPowerAdaptors)
        .where(inArray(productPowerAdaptors.powerAdaptorId, wanted)),
    ),
  ]);
  return map;
}

/**
 * The commercial invoice as a PDF, drawn now from the order, the catalogue's customs data and the
 * business profile; never stored. Its number and date are the order's latest deposit or balance
 * invoice's (the balance invoice once issued), or the order number and today's date before any.
 */
export async function renderCommercialInvoicePdf(
  db: Db,
  row: OrderRow,
  order: DocumentOrder,
  now: Date,
): Promise<Buffer> {
  const [profile, [invoice]] = await Promise.all([
    getBusinessProfile(db),
    db
      .select({ number: invoices.number, issuedAt: invoices.issuedAt })
      .from(invoices)
      .where(and(eq(invoices.orderId, row.id), inArray(invoices.kind, ['deposit', 'balance'])))
      .orderBy(desc(invoices.issuedAt))
      .limit(1),
  ]);
  return renderDocumentPdf(
    commercialInvoiceDocument(order, {
      profile,
      invoice: invoice ?? null,
      customs: await itemCustomsOf(db, order.items),
      buyerEori: buyerEoriOf(row),
      printedAt: now,
    }),
  );
}

/**
 * Issue 53: named in the invoice's language, the order's, as the order's other papers
 * ("Handelsrechnung-O2026-00001.pdf", "Facture-commerciale-O2026-00001.pdf").
 */
export const commercialInvoiceFilename = (row: Pick<OrderRow, 'orderNumber' | 'language'>) =>
  documentFilename('commercialInvoice', recipientLanguage(row), { orderNumber: row.orderNumber });
