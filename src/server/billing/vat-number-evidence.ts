import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orderItems, orders, vatNumberChecks } from '../db/schema';
import { conflict, notFound } from '../http/http-error';
import { orderMessages } from '../../shared/orders/order-admin-contracts';
import { lockOrder } from '../order-records/order-admin-context';
import { ERASED } from '../../shared/privacy/privacy-contracts';
import { parseVatNumber } from '../../shared/tax/vat-number';
import {
  type OrderVatNumber,
  type ReverseChargeFacts,
  type VatNumberCheckView,
  type VatRegistry,
  billingNameOf,
  reliesOnReverseCharge,
  vatNameMismatch,
  vatNameMismatchMessage,
  vatNumberFlag,
  vatRegistryNames,
  vatRegistryOf,
} from '../../shared/tax/vat-number-check';

type OrderRow = typeof orders.$inferSelect;
type CheckRow = typeof vatNumberChecks.$inferSelect;

export const vatCheckMessages = {
  noVatNumber: 'This order has no VAT number to check.',
  noNameMismatch: 'The registry’s name for this VAT number agrees with the billing name: there is nothing to confirm.',
  malformed: (vatNumber: string) =>
    `The order's VAT number ${vatNumber} fails its format check: no registry can confirm it.`,
  registryOff: (registry: VatRegistry) =>
    `Checks with ${vatRegistryNames[registry]} are off: set ${registry === 'hmrc' ? 'HMRC_API_URL, HMRC_CLIENT_ID and HMRC_CLIENT_SECRET' : 'VIES_API_URL'} to turn them on.`,
} as const;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function toView(row: CheckRow, erased: boolean): VatNumberCheckView {
  return {
    id: row.id,
    countryCode: row.countryCode,
    vatNumber: erased ? ERASED : row.vatNumber,
    registry: row.registry,
    status: row.status,
    registeredName: erased && row.registeredName ? ERASED : row.registeredName,
    registeredAddress: erased && row.registeredAddress ? ERASED : row.registeredAddress,
    consultationNumber: row.consultationNumber,
    checkedAt: iso(row.checkedAt),
    attempts: row.attempts,
    nextAttemptAt: iso(row.nextAttemptAt),
    createdAt: row.createdAt.toISOString(),
    requestedBy: row.requestedBy,
  };
}

const checksOf = (db: Db, orderId: string) =>
  db
    .select()
    .from(vatNumberChecks)
    .where(eq(vatNumberChecks.orderId, orderId))
    .orderBy(desc(vatNumberChecks.createdAt), desc(vatNumberChecks.id));

/** The order and its items' stored VAT treatments: the reverse charge rule's facts. */
async function factsOf(db: Db, order: OrderRow): Promise<ReverseChargeFacts> {
  const items = await db
    .select({ vatTreatment: orderItems.vatTreatment })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  return {
    vatNumber: order.vatNumber,
    billingCountry: order.billingAddress?.country,
    treatments: items.map((item) => item.vatTreatment),
  };
}

/**
 * The order's VAT-number evidence as staff see it: every check, newest first, the flag when its
 * reverse charge rests on a number no registry has confirmed, and the registered name when it is not
 * the billing name (security issue 48, F9). `erased`: an order kept under legal hold after its
 * customer's erasure shows "[erased]" for the number and what the registry said of it.
 */
export async function orderVatNumber(db: Db, order: OrderRow, options: { erased: boolean }): Promise<OrderVatNumber> {
  const [rows, facts] = await Promise.all([checksOf(db, order.id), factsOf(db, order)]);
  const mismatch = vatNameMismatch({ ...facts, billingName: billingNameOf(order.billingAddress) }, rows[0]);
  return {
    checks: rows.map((row) => toView(row, options.erased)),
    reliesOnReverseCharge: reliesOnReverseCharge(facts),
    // The flag names the number: "[erased]" for an erased customer's order, as the page shows it.
    flag: vatNumberFlag({ ...facts, ...(options.erased && order.vatNumber ? { vatNumber: ERASED } : {}) }, rows[0]),
    nameMismatch:
      mismatch && options.erased
        ? {
            registeredName: ERASED,
            billingName: ERASED,
            accepted: mismatch.accepted,
            message: vatNameMismatchMessage(ERASED, ERASED, ERASED),
          }
        : mismatch,
  };
}

/**
 * Before an invoice is issued: an order whose reverse charge rests on an unconfirmed or invalid VAT
 * number is refused (409 `vat_number_unconfirmed`, with the reason) unless staff confirm it
 * (`acknowledgeVatNumber`), as cancelling with money held needs `acknowledgeHeld`. One whose number
 * is registered to another name than the billing name is refused (409 `vat_name_mismatch`) until
 * staff accept that name (`acceptVatName`, audited) or the billing is corrected (F9).
 */
export async function vatNumberInvoiceRefusal(db: Db, order: OrderRow, acknowledged: boolean) {
  const [[latest], facts] = await Promise.all([checksOf(db, order.id).limit(1), factsOf(db, order)]);
  const flag = vatNumberFlag(facts, latest);
  if (flag && !acknowledged) throw conflict(flag, { code: 'vat_number_unconfirmed' });
  const mismatch = vatNameMismatch({ ...facts, billingName: billingNameOf(order.billingAddress) }, latest);
  if (mismatch && !mismatch.accepted) throw conflict(mismatch.message, { code: 'vat_name_mismatch' });
}

/**
 * Staff accept that the order's buyer is the business the registry names (F9): recorded on the latest
 * check with the billing name it was accepted for, so a change of billing name needs it again.
 */
export async function acceptVatName(tx: Db, input: { orderId: string; adminId: string; now: Date }) {
  const order = await lockOrder(tx, orders, input.orderId);
  if (!order) throw notFound(orderMessages.orderNotFound);
  const [[latest], facts] = await Promise.all([checksOf(tx, order.id).limit(1), factsOf(tx, order)]);
  const mismatch = vatNameMismatch({ ...facts, billingName: billingNameOf(order.billingAddress) }, latest);
  if (!latest || !mismatch) throw conflict(vatCheckMessages.noNameMismatch, { code: 'no_vat_name_mismatch' });
  await tx
    .update(vatNumberChecks)
    .set({ nameAcceptedFor: mismatch.billingName, nameAcceptedBy: input.adminId, nameAcceptedAt: input.now })
    .where(eq(vatNumberChecks.id, latest.id));
  return { checkId: latest.id, registeredName: mismatch.registeredName, billingName: mismatch.billingName };
}

/** Staff's "Check again": a new pending check of the order's number (the earlier ones stay as they are). */
export async function queueVatNumberCheck(
  tx: Db,
  input: { orderId: string; adminId: string; now: Date; configured: readonly VatRegistry[] },
) {
  const order = await lockOrder(tx, orders, input.orderId);
  if (!order) throw notFound(orderMessages.orderNotFound);
  if (!order.vatNumber) throw conflict(vatCheckMessages.noVatNumber, { code: 'no_vat_number' });
  const parsed = parseVatNumber(order.vatNumber);
  if (!parsed.valid) throw conflict(vatCheckMessages.malformed(order.vatNumber), { code: 'vat_number_malformed' });
  const registry = vatRegistryOf(parsed.countryCode);
  if (!input.configured.includes(registry))
    throw conflict(vatCheckMessages.registryOff(registry), { code: 'vat_registry_off' });
  const [row] = await tx
    .insert(vatNumberChecks)
    .values({
      orderId: order.id,
      countryCode: parsed.countryCode,
      vatNumber: parsed.number,
      registry,
      status: 'pending',
      nextAttemptAt: input.now,
      requestedBy: input.adminId,
      createdAt: input.now,
    })
    .returning();
  if (!row) throw new Error('Queueing the VAT number check failed');
  return row;
}
