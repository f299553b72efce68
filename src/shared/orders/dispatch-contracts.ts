import { z } from 'zod';
import { carrierSchema } from '../settings';
import { adminTestRecordSchema } from '../instruments/instrument-papers';
import { exportPapersSchema } from './export-proof';
import { updateOrderRequestSchema } from './order-admin-contracts';
import { orderStatuses, paymentStatuses } from './order-status';

/**
 * Issue 54: building and shipping without money (dispatch.manage, decision 0077). The production list
 * of a batch and an order's dispatch view carry no amount: the deposit's state is its label
 * ("Deposit Paid"), never a figure.
 */

/** One line of what goes in the box: its kind, name and quantity (no price). */
export const dispatchLineSchema = z.object({ type: z.string(), name: z.string(), quantity: z.number().int() });

/** One order of a batch's production list. */
export const productionRowSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  status: z.enum(orderStatuses),
  /** The configuration to build (the base configuration's name). */
  configuration: z.string(),
  /** Everything else ordered with it but the power adaptor and the carriage, with its quantity. */
  options: z.array(dispatchLineSchema),
  /** Instruments to build. */
  quantity: z.number().int(),
  powerAdaptor: z.string().nullable(),
  /** The delivery country's ISO code (the billing one when there is no delivery address). */
  country: z.string().nullable(),
  /** The batch's ship date in force; null: to be confirmed. */
  shipBy: z.string().nullable(),
  paymentStatus: z.enum(paymentStatuses),
  /** The deposit's state in words (a repair: the payment's): no amount. */
  depositState: z.string(),
});
export type ProductionRow = z.infer<typeof productionRowSchema>;

/** GET /api/admin/batches/{batchId}/production: the batch and its orders to build, ship-by first. */
export const productionListSchema = z.object({
  batch: z.object({ id: z.string(), name: z.string(), date: z.string().nullable() }),
  items: z.array(productionRowSchema),
  /** Orders and instruments in the list (cancelled orders are left out). */
  orders: z.number().int(),
  instruments: z.number().int(),
});
export type ProductionList = z.infer<typeof productionListSchema>;

/** The orders a production list holds: every one not cancelled (pending ones are on hold for their deposit). */
export const productionListQuerySchema = z.object({
  status: z.enum(['open', 'all']).default('open'),
});

/** The statuses Operations moves an order to (confirming and cancelling are Sales'). */
export const dispatchStatuses = ['processing', 'shipped', 'delivered'] as const;

/** GET /api/admin/dispatch/{id}: an order as the people who build and ship it see it. */
export const dispatchOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  kind: z.string(),
  status: z.enum(orderStatuses),
  paymentStatus: z.enum(paymentStatuses),
  depositState: z.string(),
  placedOn: z.string(),
  batch: z.object({ id: z.string(), name: z.string() }).nullable(),
  shipBy: z.string().nullable(),
  quantity: z.number().int(),
  lines: z.array(dispatchLineSchema),
  /** Where it goes: the delivery address's lines, as the delivery note prints them. */
  shipTo: z.array(z.string()),
  country: z.string().nullable(),
  poNumber: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  carrier: z.string().nullable(),
  estimatedDeliveryDate: z.string().nullable(),
  instruments: z.array(z.object({ id: z.string(), serialNumber: z.string(), model: z.string() })),
  testRecords: z.array(adminTestRecordSchema),
  exportPapers: exportPapersSchema.nullable(),
  deliveryNoteUrl: z.string(),
  /** The moves of dispatchStatuses open from the order's status (the server still checks payment). */
  nextStatuses: z.array(z.enum(dispatchStatuses)),
});
export type DispatchOrder = z.infer<typeof dispatchOrderSchema>;

export const dispatchAnswerSchema = z.object({
  order: dispatchOrderSchema,
  carriers: z.array(carrierSchema).optional(),
  factoryTestLimits: z
    .object({ rateLimitPercent: z.number(), nominalVolumeMl: z.number(), volumeLimitPercent: z.number() })
    .optional(),
});

/**
 * PATCH /api/admin/dispatch/{id}: the shipping fields of the order edit, and a move to processing,
 * shipped or delivered; nothing that touches money, the customer or the order's terms.
 */
export const dispatchUpdateRequestSchema = updateOrderRequestSchema
  .pick({
    trackingNumber: true,
    carrier: true,
    serialNumbers: true,
    factoryTests: true,
    exportMrn: true,
    estimatedDeliveryDate: true,
  })
  .extend({ status: z.enum(dispatchStatuses).optional() })
  .strict();

/** The next dispatch statuses from an order's status: confirmed → processing → shipped → delivered. */
export const nextDispatchStatuses = (status: (typeof orderStatuses)[number]): (typeof dispatchStatuses)[number][] =>
  status === 'confirmed'
    ? ['processing', 'shipped']
    : status === 'processing'
      ? ['shipped']
      : status === 'shipped'
        ? ['delivered']
        : [];
