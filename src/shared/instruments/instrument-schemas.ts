import { z } from 'zod';
import { instrumentPaperSchema } from './instrument-papers';
import { modelDocumentLinkSchema } from './model-documents';

/**
 * Each instrument after it ships (issue 26, decision 0043): its serial number, model, delivery date,
 * warranty end and next service date, as the customer's order page, My Account "Instruments" tab and
 * the admin see them.
 */

/** A serial number as staff type it: trimmed, one line, letters, digits and hyphens, 3 to 40 long. */
export const SERIAL_PATTERN = /^[A-Za-z0-9-]{3,40}$/;

export const instrumentMessages = {
  serialFormat: 'A serial number is 3 to 40 letters, digits or hyphens.',
  serialsNeeded: (count: number) =>
    count === 1
      ? 'Enter the serial number of the instrument before shipping.'
      : `Enter the serial number of each of the ${count} instruments before shipping.`,
  serialsTwice: 'Each instrument needs its own serial number: the same one is entered twice.',
  serialTaken: (serial: string) => `Serial number ${serial} is already recorded for another instrument.`,
  instrumentNotFound: 'Instrument not found',
} as const;

export const serialNumberSchema = z.string().trim().regex(SERIAL_PATTERN, { error: instrumentMessages.serialFormat });

/** The serial numbers entered at dispatch, one per unit of the order's quantity. */
export const serialNumbersSchema = z.array(serialNumberSchema).max(100);

export const instrumentSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  unitIndex: z.number().int(),
  serialNumber: z.string(),
  model: z.string(),
  /** Years of cover bought with the order: 1 (the standard warranty), 2 or 3. */
  warrantyYears: z.number().int(),
  /** ISO dates (YYYY-MM-DD); null until the order is delivered. */
  deliveredOn: z.string().nullable(),
  warrantyEndsOn: z.string().nullable(),
  servicePlanEndsOn: z.string().nullable(),
  nextServiceOn: z.string().nullable(),
  /** Issue 41: its papers (test certificate, declaration of conformity, IQ/OQ protocol) once shipped with a passing test. */
  papers: z.array(instrumentPaperSchema).optional(),
  /** Issue 41: its model's datasheet and user manual (links), and the software version it shipped with. */
  modelDocuments: z.array(modelDocumentLinkSchema).optional(),
  softwareVersion: z.string().nullable().optional(),
});
export type Instrument = z.infer<typeof instrumentSchema>;

export const accountInstrumentsAnswerSchema = z.object({ instruments: z.array(instrumentSchema) });

/** The admin's list row: the instrument with its order's customer. */
export const adminInstrumentRowSchema = instrumentSchema.extend({
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  customerCompany: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminInstrumentRow = z.infer<typeof adminInstrumentRowSchema>;

/** PATCH /api/admin/instruments/{id}: staff correct a serial number (audited). */
export const correctSerialRequestSchema = z.object({ serialNumber: serialNumberSchema });

/** The link an instrument row offers ("Request service"); guests carry their order's key. */
export function serviceRequestHref(serial: string, guest?: { orderId: string; accessKey: string }): string {
  const params = new URLSearchParams({ serial });
  if (guest) {
    params.set('order', guest.orderId);
    params.set('key', guest.accessKey);
  }
  return `/service-requests/new?${params.toString()}`;
}

/** Whether the instrument is still under warranty (or a service plan) on `today` (YYYY-MM-DD). */
export function coverActive(instrument: Pick<Instrument, 'warrantyEndsOn' | 'servicePlanEndsOn'>, today: string) {
  const ends = [instrument.warrantyEndsOn, instrument.servicePlanEndsOn].filter((day): day is string => day !== null);
  return ends.some((day) => day >= today);
}

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** GET /api/admin/instruments and its CSV: search (serial, order number, customer e-mail or organisation), cover, page. */
export const adminInstrumentListQuerySchema = z.object({
  search: z.preprocess(emptyToUndefined, z.string().trim().max(200).optional()),
  /** Warranty or service plan still running today, or both ended. */
  cover: z.preprocess(emptyToUndefined, z.enum(['active', 'ended']).optional()),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminInstrumentListQuery = z.output<typeof adminInstrumentListQuerySchema>;

export const adminInstrumentPageSchema = z.object({
  items: z.array(adminInstrumentRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminInstrumentPage = z.infer<typeof adminInstrumentPageSchema>;

/** The instruments an order ships: its quantity, or none for a service quote's order (its one line is the service). */
export function unitsToShip(order: {
  configuration: Record<string, unknown> | null;
  items: { itemType: string; itemId: string }[];
}): number {
  const base = order.items.find((item) => item.itemType === 'base_configuration');
  if (base && (base.itemId === 'servicing-renewal' || base.itemId === 'repair')) return 0;
  const quantity = order.configuration?.quantity;
  return typeof quantity === 'number' && Number.isInteger(quantity) && quantity > 0 ? quantity : 1;
}
