import { eq } from 'drizzle-orm';
import { orderMessages } from '../../shared/orders/order-admin-contracts';
import type { Db } from '../db/client';
import { orders } from '../db/schema';
import { notFound } from '../http/http-error';
import { productBatchRows, toBatchPlaces } from './batch-places';
import { cancellationTerms, invoiceBalances } from '../order-records/order-ledger';
import { isErasedOrder, loadOrderModel, modelLedger, toAdminOrder } from '../order-records/order-read-model';
import { orderVatNumber } from '../billing/vat-number-evidence';
import { orderReminders } from '../billing/reminders-exclusion';
import { exportPapersOf } from '../customs/export-proof';
import { orderTestRecords } from './order-test-records';

/**
 * The admin's order page (GET /orders/:id and the answer of every order write): the order, each
 * invoice's standing and the cancellation terms for the money held (the ledger's, from the same rows),
 * its payment reminders, its batch panel, its VAT number's registry checks and, for an export, its
 * customs papers, and the factory test records staff uploaded (download links); 404 when gone.
 */
export async function adminOrderDetail(db: Db, orderId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw notFound(orderMessages.orderNotFound);
  const model = await loadOrderModel(db, row);
  const [order, batches, reminders, exportPapers, vatNumberCheck, testRecords] = await Promise.all([
    toAdminOrder(db, model),
    productBatchRows(db),
    orderReminders(db, row),
    exportPapersOf(db, row),
    orderVatNumber(db, row, { erased: isErasedOrder(row) }),
    orderTestRecords(db, row.id),
  ]);
  const held = batches.find((batch) => batch.id === row.placesBatchId);
  return {
    ...order,
    ...reminders,
    balances: invoiceBalances(model.payments, model.invoices, model.refunds),
    cancellation: row.status === 'cancelled' ? null : cancellationTerms(row, modelLedger(model)),
    batchPanel: {
      holds: held ? { name: held.name, places: row.placesTaken } : null,
      batches: batches.map(toBatchPlaces),
    },
    exportPapers,
    vatNumberCheck,
    testRecords,
  };
}
