import { z } from 'zod';
import type { MessageDescriptor } from '../i18n/message';
import { pageOf } from '../lists';
import { repairPaymentSchema } from './repair-payment';
import {
  notCoveredReasons,
  SERVICE_DESCRIPTION_MAX,
  SERVICE_PHOTO_BYTES,
  SERVICE_PHOTO_MAX,
  serviceFieldMessages,
  serviceRequestStatuses,
} from './service-lifecycle';

/** The service requests' API (docs/api/accounts.md, Service requests), shared by the routes and the pages. */

const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/**
 * What happened, as the customer wrote it: kept as written (angle brackets, "=" and quotes stay,
 * every output renders it as text), one kind of line break, and no control characters other than
 * line breaks and tabs, which would only garble the PDF and the e-mails (decision 0044).
 */
export function cleanDescription(value: string): string {
  return (
    value
      .replace(/\r\n?|[\u0085\u2028\u2029]/g, '\n')
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, '')
      .replace(BIDI_CONTROLS, '')
      .trim()
  );
}

const descriptionSchema = z
  .string({ error: serviceFieldMessages.descriptionRequired.id })
  .transform(cleanDescription)
  .pipe(
    z
      .string()
      .min(1, { error: serviceFieldMessages.descriptionRequired.id })
      .max(SERVICE_DESCRIPTION_MAX, { error: serviceFieldMessages.descriptionTooLong.id }),
  );

/** A photo as base64 (its type is read from its bytes on the server, never from what the browser says). */
const photoSchema = z.object({
  // Base64 of up to a little over the 5 MB limit, so a photo just too large gets the size message.
  dataBase64: z
    .string()
    .max(Math.ceil((SERVICE_PHOTO_BYTES * 1.2 * 4) / 3), { error: serviceFieldMessages.photoTooLarge.id })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: serviceFieldMessages.photoUnreadable.id }),
});

export const createServiceRequestSchema = z.object({
  serial: z.string().trim().min(1).max(100),
  description: descriptionSchema,
  photos: z.array(photoSchema).max(SERVICE_PHOTO_MAX, { error: serviceFieldMessages.tooManyPhotos.id }).default([]),
  /** A guest: the order the instrument came with and the guest order page's key. */
  order: z.uuid().optional(),
  key: z.string().max(200).optional(),
});
export type CreateServiceRequest = z.input<typeof createServiceRequestSchema>;

/** The body limit of that route: three photos at the most, in base64, and the text. */
export const SERVICE_REQUEST_BODY_LIMIT = 3 * Math.ceil((SERVICE_PHOTO_BYTES * 1.2 * 4) / 3) + 64 * 1024;

export const serviceStatusSchema = z.enum(serviceRequestStatuses);

export const instrumentForServiceSchema = z.object({
  serialNumber: z.string(),
  model: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  warrantyEndsOn: z.string().nullable(),
  servicePlanEndsOn: z.string().nullable(),
  underWarranty: z.boolean(),
});
export type InstrumentForService = z.infer<typeof instrumentForServiceSchema>;

export const serviceHistoryEntrySchema = z.object({
  status: serviceStatusSchema,
  note: z.string().nullable(),
  at: z.string(),
});

/** Issue 41: the decontamination declaration the customer signs before returning the instrument. */
export const decontaminationSchema = z.object({
  substances: z.string(),
  cleaningMethod: z.string(),
  signatoryName: z.string(),
  signedOn: z.string(),
  createdAt: z.string(),
});
export type Decontamination = z.infer<typeof decontaminationSchema>;

/** A declaration's text: its message when blank, and its own when too long (ids, issue 53). */
const declarationText = (required: MessageDescriptor, max: number, tooLong: MessageDescriptor) =>
  z
    .string({ error: required.id })
    .transform(cleanDescription)
    .pipe(z.string().min(1, { error: required.id }).max(max, { error: tooLong.id }));

/** What the customer sends: a signature is the typed name and the tick (`signed: true`). */
export const decontaminationRequestSchema = z.object({
  substances: declarationText(serviceFieldMessages.substances, 2000, serviceFieldMessages.declarationTextTooLong),
  cleaningMethod: declarationText(
    serviceFieldMessages.cleaningMethod,
    2000,
    serviceFieldMessages.declarationTextTooLong,
  ),
  signatoryName: declarationText(serviceFieldMessages.signatoryName, 200, serviceFieldMessages.signatoryNameTooLong),
  signed: z
    .boolean({ error: serviceFieldMessages.declarationSignature.id })
    .refine((value) => value, { error: serviceFieldMessages.declarationSignature.id }),
  signedOn: z.iso.date({ error: serviceFieldMessages.signedOn.id }),
  key: z.string().max(200).optional(),
});
export type DecontaminationRequest = z.input<typeof decontaminationRequestSchema>;

export const notCoveredReasonSchema = z.enum(notCoveredReasons);

/** A request as its owner sees it (never staff-only notes). */
export const serviceRequestSchema = z.object({
  requestNumber: z.string(),
  status: serviceStatusSchema,
  serialNumber: z.string(),
  model: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  description: z.string(),
  underWarranty: z.boolean(),
  rmaNumber: z.string().nullable(),
  returnInstructions: z.string().nullable(),
  declineReason: z.string().nullable(),
  createdAt: z.string(),
  history: z.array(serviceHistoryEntrySchema),
  photos: z.array(z.object({ id: z.string(), url: z.string() })),
  /** The RMA document, once authorised. */
  rmaUrl: z.string().nullable(),
  /** The pro-forma for the border crossings, once authorised, for an instrument outside the UK (issue 37). */
  proFormaUrl: z.string().nullable().optional(),
  /** Issue 41: staff found an exclusion (terms §11); null while covered or undecided. */
  notCoveredReason: notCoveredReasonSchema.nullable(),
  /** Issue 41: the signed decontamination declaration, and its PDF. */
  decontamination: decontaminationSchema.nullable(),
  declarationUrl: z.string().nullable(),
  /** Issue 41: the repair quote's page, once made. */
  repairQuoteUrl: z.string().nullable(),
});
export type ServiceRequest = z.infer<typeof serviceRequestSchema>;

export const serviceRequestAnswerSchema = z.object({ request: serviceRequestSchema });

export const serviceRequestListSchema = z.object({
  requests: z.array(
    serviceRequestSchema.pick({
      requestNumber: true,
      status: true,
      serialNumber: true,
      model: true,
      createdAt: true,
      rmaNumber: true,
    }),
  ),
});

/** The guest's key, or nothing for a signed-in owner. */
export const serviceKeyQuerySchema = z.object({ key: z.string().max(200).optional() });

// Admin

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** The list's cover filter: under warranty (and not ruled out), not covered after inspection, out of warranty. */
const warrantyFilters = ['in', 'not_covered', 'out'] as const;

export const adminServiceListQuerySchema = z.object({
  search: z.preprocess(emptyToUndefined, z.string().trim().max(200).optional()),
  status: z.preprocess(emptyToUndefined, serviceStatusSchema.optional()),
  warranty: z.preprocess(emptyToUndefined, z.enum(warrantyFilters).optional()),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminServiceListQuery = z.output<typeof adminServiceListQuerySchema>;

export const warrantyFilterLabels = {
  in: 'Under warranty',
  not_covered: 'Not covered (inspected)',
  out: 'Out of warranty',
} as const;

/** The cover a list row reads: staff's "not covered" after inspection comes before the warranty dates (issue 41). */
export const coverOf = (row: { underWarranty: boolean; notCovered: boolean }): keyof typeof warrantyFilterLabels =>
  row.notCovered ? 'not_covered' : row.underWarranty ? 'in' : 'out';

export const adminServiceRowSchema = z.object({
  id: z.string(),
  requestNumber: z.string(),
  createdAt: z.string(),
  status: serviceStatusSchema,
  serialNumber: z.string(),
  model: z.string(),
  rmaNumber: z.string().nullable(),
  underWarranty: z.boolean(),
  /** Staff marked it not covered after inspection (terms §11), whatever the warranty dates say. */
  notCovered: z.boolean(),
  description: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  customerCompany: z.string().nullable(),
});
export type AdminServiceRow = z.infer<typeof adminServiceRowSchema>;
export const adminServicePageSchema = pageOf(adminServiceRowSchema);

export const adminServiceRequestSchema = adminServiceRowSchema.extend({
  returnInstructions: z.string().nullable(),
  declineReason: z.string().nullable(),
  warrantyEndsOn: z.string().nullable(),
  servicePlanEndsOn: z.string().nullable(),
  deliveredOn: z.string().nullable(),
  history: z.array(
    serviceHistoryEntrySchema.extend({
      oldStatus: serviceStatusSchema.nullable(),
      staffOnly: z.boolean(),
      by: z.string().nullable(),
    }),
  ),
  photos: z.array(z.object({ id: z.string(), url: z.string(), contentType: z.string(), size: z.number().int() })),
  allowedMoves: z.array(serviceStatusSchema),
  repairQuote: z.object({ id: z.string(), quoteNumber: z.string(), reference: z.string() }).nullable(),
  rmaUrl: z.string().nullable(),
  proFormaUrl: z.string().nullable().optional(),
  notCoveredReason: notCoveredReasonSchema.nullable(),
  notCoveredNote: z.string().nullable(),
  decontamination: decontaminationSchema.nullable(),
  declarationUrl: z.string().nullable(),
  /** Issue 54: whether the repair is paid, which decides whether "Repaired" is offered. */
  repairPayment: repairPaymentSchema,
});
export type AdminServiceRequest = z.infer<typeof adminServiceRequestSchema>;
export const adminServiceAnswerSchema = z.object({ request: adminServiceRequestSchema });

const optionalText = (max: number) =>
  z.preprocess(emptyToUndefined, z.string().transform(cleanDescription).pipe(z.string().max(max)).optional());

/** A move of the lifecycle: `note` the customer sees with the step, `staffNote` a staff-only line. */
export const serviceMoveRequestSchema = z.object({
  to: serviceStatusSchema,
  note: optionalText(2000),
  staffNote: optionalText(2000),
  returnInstructions: optionalText(2000),
  declineReason: optionalText(2000),
});
export type ServiceMoveRequest = z.input<typeof serviceMoveRequestSchema>;

/** Issue 41: staff find the fault outside the warranty (terms §11), with the reason and what they saw. */
export const notCoveredRequestSchema = z.object({
  reason: notCoveredReasonSchema,
  note: optionalText(2000),
});
export type NotCoveredRequest = z.input<typeof notCoveredRequestSchema>;

/** Staff make the repair quote of a request out of warranty: what is repaired and its net price (minor units). */
export const repairQuoteRequestSchema = z.object({
  description: z.string().trim().min(1, { error: 'Say what the repair is.' }).max(200).transform(cleanDescription),
  netAmountMinor: z
    .number({ error: 'Enter the net price.' })
    .int({ error: 'Enter the net price in whole pence or cents.' })
    .min(1, { error: 'The net price must be more than 0.' })
    .max(10_000_000),
});
export type RepairQuoteRequest = z.input<typeof repairQuoteRequestSchema>;
