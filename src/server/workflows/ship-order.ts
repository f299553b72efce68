/**
 * A workflow is one staff or customer action that spans features: "ship with serial numbers" moves
 * the order (orders) and records its instruments (instruments), and orders may not import
 * instruments. The workflows zone sits after every feature and before admin (eslint.config.js), so a
 * workflow calls the features' functions in order, each action in one file named after it, all of
 * it in ONE transaction with its audit entry: a later step that refuses leaves nothing of the
 * earlier ones. Route files call the workflow and answer. Actions of the same kind belong beside
 * this one (recording a receipt against an invoice, issuing the commercial invoice at dispatch,
 * accepting a quote).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UpdateOrderChanges } from '../../shared/orders/order-admin-contracts';
import { auditedChange } from '../audit/audited-change';
import { instrumentsFollowOrder } from '../instruments/instrument-life';
import { type UpdateOrderInput, updateOrder } from '../orders/update-order';
import { recordDispatch } from '../customs/export-proof';
import { trackingOf } from '../order-records/order-notice-mail';
import { getCachedSettings } from '../settings/settings-service';

export interface ShipOrderInput {
  orderId: string;
  /**
   * The edit; moving to shipped takes `serialNumbers`, one per instrument of the order's quantity,
   * and, for an export, the export declaration's `exportMrn` where there is one.
   */
  changes: UpdateOrderChanges;
  /** Called with the locked order before anything changes; throws to refuse (a field the caller's role may not change). */
  check?: UpdateOrderInput['check'];
  /**
   * An owner ships before the balance is paid (audited as `order.ship_override` with the reason), or
   * starts production before the deposit is paid (`order.processing_override`).
   */
  override?: { reason: string };
}

/**
 * The admin's change of an order with its instruments following (PATCH /orders/:id and POST
 * …/ship-override): the order moves (orders/update-order), then shipping records the serial
 * numbers, delivery starts the cover and a confirmed servicing renewal extends it
 * (instruments/instrument-life), then the audit entry, whose `after` names the serial numbers
 * recorded. A refused serial number (taken, missing, malformed) leaves the order as it was. An
 * export moving to shipped starts its proof-of-export record (carrier, tracking, day, MRN; issue 37).
 */
export async function shipOrder(app: FastifyInstance, request: FastifyRequest, input: ShipOrderInput): Promise<void> {
  await auditedChange(app, request, async (tx, now, admin) => {
    const { before, after, row } = await updateOrder(tx, {
      orderId: input.orderId,
      changes: input.changes,
      adminId: admin.userId,
      now,
      publicUrl: app.env.publicUrl,
      ...(input.check ? { check: input.check } : {}),
      ...(input.override ? { override: input.override } : {}),
    });
    const recorded = await instrumentsFollowOrder(tx, {
      fromStatus: before.status,
      order: row,
      serialNumbers: input.changes.serialNumbers,
      factoryTests: input.changes.factoryTests,
      adminId: admin.userId,
      now,
    });
    const dispatched =
      row.status === 'shipped' && before.status !== 'shipped'
        ? await recordDispatch(tx, row, {
            carrierName: trackingOf(row, (await getCachedSettings(tx)).carriers).carrierName ?? row.carrier,
            exportMrn: input.changes.exportMrn,
            adminId: admin.userId,
            now,
          })
        : null;
    return {
      result: undefined,
      audit: {
        action: !input.override
          ? 'order.update'
          : input.changes.status === 'processing'
            ? 'order.processing_override'
            : 'order.ship_override',
        entityType: 'order',
        entityId: input.orderId,
        before,
        after: {
          ...after,
          ...recorded,
          ...(dispatched ? { exportProof: dispatched } : {}),
          ...(input.override ? { overrideReason: input.override.reason } : {}),
        },
      },
    };
  });
}
